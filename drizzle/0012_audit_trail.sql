CREATE INDEX `audit_action_idx` ON `audit_log` (`action`,`created_at`);
