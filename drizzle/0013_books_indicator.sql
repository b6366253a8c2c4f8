CREATE TABLE `books_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ok` integer NOT NULL,
	`violation_count` integer NOT NULL,
	`violations` text NOT NULL,
	`truncated` integer NOT NULL,
	`started_by` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`duration_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `books_checks_finished_at_idx` ON `books_checks` (`finished_at`);
