-- Issue 12, re-settlement (decisions/033): one row per change of a settled bet's outcome,
-- with the outcome it replaced (status, payout, void reason, who settled it and when), the
-- new one, why and who. The ledger keeps the money side: correcting rows, never edits.
CREATE TABLE `bet_settlements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bet_id` integer NOT NULL,
	`from_status` text NOT NULL,
	`from_payout_cents` integer,
	`from_void_reason` text,
	`from_resolved_by` integer,
	`from_resolved_at` integer NOT NULL,
	`to_status` text NOT NULL,
	`to_payout_cents` integer,
	`to_void_reason` text,
	`reason` text NOT NULL,
	`settled_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`bet_id`) REFERENCES `bets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`settled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bet_settlements_from_status_check" CHECK("bet_settlements"."from_status" in ('WON', 'LOST', 'VOID')),
	CONSTRAINT "bet_settlements_to_status_check" CHECK("bet_settlements"."to_status" in ('WON', 'LOST', 'VOID')),
	CONSTRAINT "bet_settlements_change_check" CHECK("bet_settlements"."from_status" <> "bet_settlements"."to_status")
);
--> statement-breakpoint
CREATE INDEX `bet_settlements_bet_idx` ON `bet_settlements` (`bet_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `bet_settlements_settled_by_idx` ON `bet_settlements` (`settled_by`);
--> statement-breakpoint
CREATE INDEX `bet_settlements_from_resolved_by_idx` ON `bet_settlements` (`from_resolved_by`);
