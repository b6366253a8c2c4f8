CREATE TABLE `shifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`shop_id` integer NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`opening_float_cents` integer NOT NULL,
	`opened_at` integer NOT NULL,
	`closed_at` integer,
	`closed_by` integer,
	`counted_cents` integer,
	`expected_cents` integer,
	`discrepancy_cents` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "shifts_float_check" CHECK("shifts"."opening_float_cents" >= 0),
	CONSTRAINT "shifts_counted_check" CHECK("shifts"."counted_cents" >= 0),
	CONSTRAINT "shifts_status_check" CHECK("shifts"."status" in ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shifts_one_open_per_user_idx` ON `shifts` (`user_id`) WHERE "shifts"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX `shifts_opened_at_idx` ON `shifts` (`opened_at`);--> statement-breakpoint
CREATE INDEX `shifts_user_opened_idx` ON `shifts` (`user_id`,`opened_at`);--> statement-breakpoint
CREATE INDEX `shifts_shop_opened_idx` ON `shifts` (`shop_id`,`opened_at`);--> statement-breakpoint
CREATE INDEX `shifts_status_opened_idx` ON `shifts` (`status`,`opened_at`);--> statement-breakpoint
CREATE INDEX `shifts_closed_at_idx` ON `shifts` (`closed_at`);--> statement-breakpoint
CREATE INDEX `shifts_discrepancy_idx` ON `shifts` (`discrepancy_cents`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `shift_id` integer REFERENCES shifts(id);--> statement-breakpoint
CREATE INDEX `transactions_shift_idx` ON `transactions` (`shift_id`);
