-- Dead heats and Rule 4 (decision 084): a Won or Placed settlement may share a part's stake
-- after a dead heat ("1/2") and deduct cents in the euro from the winnings (1..90). The bets
-- table gains three nullable columns (an ALTER: no rebuild of a million rows), each with its
-- own CHECK (only on a paying outcome; a place part only each-way); the books check verifies
-- the payout they make.
ALTER TABLE `bets` ADD COLUMN `dead_heat_win` text CHECK (`dead_heat_win` is null or (`status` = 'WON' and `dead_heat_win` glob '[1-9]*/[1-9]*'));
--> statement-breakpoint
ALTER TABLE `bets` ADD COLUMN `dead_heat_place` text CHECK (`dead_heat_place` is null or (`status` in ('WON', 'PLACED') and `each_way_places` is not null and `dead_heat_place` glob '[1-9]*/[1-9]*'));
--> statement-breakpoint
ALTER TABLE `bets` ADD COLUMN `rule4_deduction` integer CHECK (`rule4_deduction` is null or (`status` in ('WON', 'PLACED') and `rule4_deduction` between 1 and 90));
--> statement-breakpoint
-- A re-settlement may keep the outcome and change its terms (a Rule 4 declared after the
-- bets were paid), so `bet_settlements` is rebuilt with the terms on both sides and a change
-- check that accepts either (the same way as in 0021).
CREATE TABLE `bet_settlements_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bet_id` integer NOT NULL,
	`from_status` text NOT NULL,
	`from_payout_cents` integer,
	`from_void_reason` text,
	`from_resolved_by` integer,
	`from_resolved_at` integer NOT NULL,
	`from_dead_heat_win` text,
	`from_dead_heat_place` text,
	`from_rule4_deduction` integer,
	`to_status` text NOT NULL,
	`to_payout_cents` integer,
	`to_void_reason` text,
	`to_dead_heat_win` text,
	`to_dead_heat_place` text,
	`to_rule4_deduction` integer,
	`reason` text NOT NULL,
	`settled_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`bet_id`) REFERENCES `bets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`settled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bet_settlements_from_status_check" CHECK("bet_settlements_new"."from_status" in ('WON', 'PLACED', 'LOST', 'VOID')),
	CONSTRAINT "bet_settlements_to_status_check" CHECK("bet_settlements_new"."to_status" in ('WON', 'PLACED', 'LOST', 'VOID')),
	CONSTRAINT "bet_settlements_change_check" CHECK("bet_settlements_new"."from_status" <> "bet_settlements_new"."to_status" or "bet_settlements_new"."from_dead_heat_win" is not "bet_settlements_new"."to_dead_heat_win" or "bet_settlements_new"."from_dead_heat_place" is not "bet_settlements_new"."to_dead_heat_place" or "bet_settlements_new"."from_rule4_deduction" is not "bet_settlements_new"."to_rule4_deduction")
);
--> statement-breakpoint
INSERT INTO `bet_settlements_new` (`id`, `bet_id`, `from_status`, `from_payout_cents`,
	`from_void_reason`, `from_resolved_by`, `from_resolved_at`, `to_status`, `to_payout_cents`,
	`to_void_reason`, `reason`, `settled_by`, `created_at`)
SELECT `id`, `bet_id`, `from_status`, `from_payout_cents`,
	`from_void_reason`, `from_resolved_by`, `from_resolved_at`, `to_status`, `to_payout_cents`,
	`to_void_reason`, `reason`, `settled_by`, `created_at` FROM `bet_settlements`;
--> statement-breakpoint
DROP TABLE `bet_settlements`;
--> statement-breakpoint
ALTER TABLE `bet_settlements_new` RENAME TO `bet_settlements`;
--> statement-breakpoint
CREATE INDEX `bet_settlements_bet_idx` ON `bet_settlements` (`bet_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `bet_settlements_settled_by_idx` ON `bet_settlements` (`settled_by`);
--> statement-breakpoint
CREATE INDEX `bet_settlements_from_resolved_by_idx` ON `bet_settlements` (`from_resolved_by`);
