-- Issue 25 item 7: each user sees their own active sessions (started, last seen, address,
-- browser) and ends the others. A session remembers the address and the User-Agent it was
-- started from; rows from before this migration have neither (shown as unknown).
ALTER TABLE `sessions` ADD `ip` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;
