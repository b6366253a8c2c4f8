-- Issue 22 item 8 (decision 058): API tokens for machine clients. The secret is shown once;
-- only its SHA-256 is kept, with a short non-secret prefix to tell tokens apart. A token
-- acts with its own role; revoking sets revoked_at (the row stays for the audit trail).
CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`prefix` text NOT NULL,
	`secret_hash` blob NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "api_tokens_role_check" CHECK("api_tokens"."role" in ('admin', 'user'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_secret_hash_unique` ON `api_tokens` (`secret_hash`);
