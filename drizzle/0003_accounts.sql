CREATE TABLE `backups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reason` text NOT NULL,
	`path` text,
	`ok` integer NOT NULL,
	`detail` text NOT NULL,
	`size_bytes` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `backups_created_at_idx` ON `backups` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `customer_id` integer REFERENCES customers(id);--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `must_change_password` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` integer;--> statement-breakpoint
CREATE INDEX `users_customer_idx` ON `users` (`customer_id`);--> statement-breakpoint
CREATE INDEX `login_failures_ip_idx` ON `login_failures` (`ip`,`created_at`);