CREATE TABLE `bets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`description` text NOT NULL,
	`customer_id` integer NOT NULL,
	`shop_id` integer NOT NULL,
	`stake_cents` integer NOT NULL,
	`odds_hundredths` integer NOT NULL,
	`potential_payout_cents` integer NOT NULL,
	`actual_payout_cents` integer,
	`allow_overcredit` integer DEFAULT false NOT NULL,
	`outcome` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`void_reason` text,
	`placed_by` integer,
	`resolved_by` integer,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`placed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bets_stake_check" CHECK("bets"."stake_cents" >= 1),
	CONSTRAINT "bets_odds_check" CHECK("bets"."odds_hundredths" >= 101),
	CONSTRAINT "bets_status_check" CHECK("bets"."status" in ('PENDING', 'WON', 'LOST', 'VOID'))
);
--> statement-breakpoint
CREATE INDEX `bets_created_at_idx` ON `bets` (`created_at`);--> statement-breakpoint
CREATE INDEX `bets_status_created_idx` ON `bets` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `bets_customer_created_idx` ON `bets` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bets_shop_created_idx` ON `bets` (`shop_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bets_stake_idx` ON `bets` (`stake_cents`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text,
	`phone` text,
	`address` text,
	`date_of_birth` text,
	`balance_cents` integer DEFAULT 0 NOT NULL,
	`credit_limit_cents` integer DEFAULT 0 NOT NULL,
	`allow_overdraft` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "customers_credit_limit_check" CHECK("customers"."credit_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `customers_last_name_idx` ON `customers` (`last_name`,`first_name`);--> statement-breakpoint
CREATE INDEX `customers_first_name_idx` ON `customers` (`first_name`);--> statement-breakpoint
CREATE INDEX `customers_created_at_idx` ON `customers` (`created_at`);--> statement-breakpoint
CREATE INDEX `customers_balance_idx` ON `customers` (`balance_cents`);--> statement-breakpoint
CREATE INDEX `customers_credit_limit_idx` ON `customers` (`credit_limit_cents`);--> statement-breakpoint
CREATE INDEX `customers_email_idx` ON `customers` (`email`);--> statement-breakpoint
CREATE TABLE `shops` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`location` text NOT NULL,
	`address` text,
	`phone` text,
	`balance_cents` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `shops_name_idx` ON `shops` (`name`);--> statement-breakpoint
CREATE INDEX `shops_created_at_idx` ON `shops` (`created_at`);--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`dismissed_at` integer,
	`dismissed_by` integer,
	FOREIGN KEY (`dismissed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alerts_open_dedupe_idx` ON `alerts` (`dedupe_key`) WHERE dismissed_at is null;--> statement-breakpoint
CREATE INDEX `alerts_created_at_idx` ON `alerts` (`created_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`actor_username` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`ip` text,
	`request_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_created_at_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_actor_idx` ON `audit_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_entity_idx` ON `audit_log` (`entity_type`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer NOT NULL,
	`response_body` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text,
	`status` text DEFAULT 'COMPLETED' NOT NULL,
	`from_entity_type` text NOT NULL,
	`from_entity_id` integer NOT NULL,
	`to_entity_type` text NOT NULL,
	`to_entity_id` integer NOT NULL,
	`bet_id` integer,
	`processed_by` integer,
	`created_at` integer NOT NULL,
	`archived_at` integer,
	`reversal_of` integer,
	FOREIGN KEY (`bet_id`) REFERENCES `bets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`processed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "transactions_amount_check" CHECK("transactions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `transactions_created_at_idx` ON `transactions` (`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_from_idx` ON `transactions` (`from_entity_type`,`from_entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_to_idx` ON `transactions` (`to_entity_type`,`to_entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_type_created_idx` ON `transactions` (`type`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_bet_idx` ON `transactions` (`bet_id`);--> statement-breakpoint
CREATE INDEX `transactions_reversal_of_idx` ON `transactions` (`reversal_of`);--> statement-breakpoint
CREATE INDEX `transactions_amount_idx` ON `transactions` (`amount_cents`);--> statement-breakpoint
CREATE TABLE `login_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`ip` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_username_idx` ON `login_failures` (`username`,`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` blob NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_verified_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('admin', 'user', 'customer'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);