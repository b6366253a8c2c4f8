-- Issue 12, bet slips (decision 031). The server's secrets, one row each, made here once per
-- database so nothing has to write them later: `slip` keys the bets' verification codes.
CREATE TABLE `app_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `app_secrets` (`name`, `value`) VALUES ('slip', lower(hex(randomblob(32))));
--> statement-breakpoint
-- Each bet's code, written when it is placed (older bets: a batched backfill after start).
ALTER TABLE `bets` ADD `slip_code` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `bets_slip_code_idx` ON `bets` (`slip_code`);
