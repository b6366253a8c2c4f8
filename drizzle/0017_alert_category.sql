-- Issue 25 item 1 (decisions/044): who an alert is for. Staff see and dismiss only
-- `operations` alerts; `cash`, `security` and `system` ones are the admins'. A row of an
-- unknown kind falls to `system` (admins only): an alert is never shown wider than meant.
ALTER TABLE `alerts` ADD `category` text DEFAULT 'system' NOT NULL;
--> statement-breakpoint
-- What the admin did about a cash or security alert, stored with the dismissal.
ALTER TABLE `alerts` ADD `dismiss_note` text;
--> statement-breakpoint
-- Existing rows by kind: the dedupe key's prefix names the code that raised them.
UPDATE `alerts` SET `category` = CASE
  WHEN `dedupe_key` LIKE 'credit-limit:%' OR `dedupe_key` LIKE 'shop-negative:%'
    OR `dedupe_key` LIKE 'large-bet:%' THEN 'operations'
  WHEN `dedupe_key` LIKE 'shift-discrepancy:%' THEN 'cash'
  WHEN `dedupe_key` LIKE 'login-failures:%' OR `dedupe_key` LIKE 'user-created:%'
    OR `dedupe_key` LIKE 'role-change:%' OR `dedupe_key` LIKE 'user-status:%' THEN 'security'
  ELSE 'system'
END;
--> statement-breakpoint
-- The admins' dismissed view, newest dismissal first.
CREATE INDEX `alerts_dismissed_at_idx` ON `alerts` (`dismissed_at`) WHERE `dismissed_at` is not null;
