CREATE TABLE `shift_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shift_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "shift_movements_kind_check" CHECK("shift_movements"."kind" in ('pickup', 'topup')),
	CONSTRAINT "shift_movements_amount_check" CHECK("shift_movements"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `shift_movements_shift_idx` ON `shift_movements` (`shift_id`,`id`);
