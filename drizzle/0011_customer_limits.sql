ALTER TABLE `customers` ADD `max_stake_cents` integer;
--> statement-breakpoint
ALTER TABLE `customers` ADD `max_stake_pending_cents` integer;
--> statement-breakpoint
ALTER TABLE `customers` ADD `max_stake_pending_at` integer;
--> statement-breakpoint
ALTER TABLE `customers` ADD `daily_deposit_limit_cents` integer;
--> statement-breakpoint
ALTER TABLE `customers` ADD `daily_deposit_limit_pending_cents` integer;
--> statement-breakpoint
ALTER TABLE `customers` ADD `daily_deposit_limit_pending_at` integer;
--> statement-breakpoint
ALTER TABLE `customers` ADD `self_excluded_until` integer;
--> statement-breakpoint
ALTER TABLE `customers` ADD `self_excluded_until_pending` integer;
--> statement-breakpoint
ALTER TABLE `customers` ADD `self_excluded_until_pending_at` integer;
