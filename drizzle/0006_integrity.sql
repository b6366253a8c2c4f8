CREATE TABLE `integrity_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`ok` integer NOT NULL,
	`detail` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`duration_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `integrity_checks_kind_idx` ON `integrity_checks` (`kind`,`finished_at`);
