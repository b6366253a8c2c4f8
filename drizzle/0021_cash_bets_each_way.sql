-- Issue 21 items 1, 2 and 6 (decisions 051 and 052): a bet may be a cash bet (no customer: the
-- slip is the bearer's claim, paid from a till) and each-way, and PLACED is a status. SQLite
-- cannot drop a NOT NULL or change a CHECK in place, so `bets` is rebuilt the way SQLite's
-- documentation gives ("Making Other Kinds Of Table Schema Changes"): the migrator runs with
-- foreign keys off and checks them after (src/db/client.ts). The triggers and indexes on the
-- old table go with it and are made again below; the roll-up triggers now leave cash bets out
-- of the customer roll-ups and count PLACED bets.
CREATE TABLE `bets_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`description` text NOT NULL,
	`customer_id` integer,
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
	`slip_code` text,
	`price_num` integer CHECK (`price_num` >= 1),
	`price_den` integer CHECK (`price_den` >= 1),
	`price_format` text CHECK (`price_format` in ('decimal', 'fractional')),
	`payment` text DEFAULT 'account' NOT NULL,
	`shift_id` integer,
	`paid_at` integer,
	`paid_by` integer,
	`paid_shift_id` integer,
	`each_way_places` integer,
	`each_way_fraction` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`placed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`paid_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`paid_shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bets_stake_check" CHECK("bets_new"."stake_cents" >= 1),
	CONSTRAINT "bets_odds_check" CHECK("bets_new"."odds_hundredths" >= 101),
	CONSTRAINT "bets_status_check" CHECK("bets_new"."status" in ('PENDING', 'WON', 'PLACED', 'LOST', 'VOID')),
	CONSTRAINT "bets_payment_check" CHECK("bets_new"."payment" in ('account', 'cash') and ("bets_new"."payment" = 'cash') = ("bets_new"."customer_id" is null)),
	CONSTRAINT "bets_paid_check" CHECK(("bets_new"."paid_at" is null) = ("bets_new"."paid_shift_id" is null) and ("bets_new"."paid_at" is null or "bets_new"."payment" = 'cash')),
	CONSTRAINT "bets_each_way_check" CHECK(("bets_new"."each_way_places" is null) = ("bets_new"."each_way_fraction" is null) and ("bets_new"."each_way_places" is null or "bets_new"."each_way_places" between 2 and 8) and ("bets_new"."each_way_fraction" is null or "bets_new"."each_way_fraction" in ('1/4', '1/5')))
);
--> statement-breakpoint
INSERT INTO `bets_new` (`id`, `description`, `customer_id`, `shop_id`, `stake_cents`, `odds_hundredths`,
	`potential_payout_cents`, `actual_payout_cents`, `allow_overcredit`, `outcome`, `status`, `void_reason`,
	`placed_by`, `resolved_by`, `created_at`, `resolved_at`, `slip_code`, `price_num`, `price_den`, `price_format`)
SELECT `id`, `description`, `customer_id`, `shop_id`, `stake_cents`, `odds_hundredths`,
	`potential_payout_cents`, `actual_payout_cents`, `allow_overcredit`, `outcome`, `status`, `void_reason`,
	`placed_by`, `resolved_by`, `created_at`, `resolved_at`, `slip_code`, `price_num`, `price_den`, `price_format`
FROM `bets`;
--> statement-breakpoint
-- AUTOINCREMENT's high-water mark carries over (a deleted last bet's id is never given again).
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'bets')
WHERE `name` = 'bets_new' AND (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'bets') > `seq`;
--> statement-breakpoint
DROP TABLE `bets`;
--> statement-breakpoint
ALTER TABLE `bets_new` RENAME TO `bets`;
--> statement-breakpoint
CREATE INDEX `bets_created_at_idx` ON `bets` (`created_at`);--> statement-breakpoint
CREATE INDEX `bets_report_covering_idx` ON `bets` (`created_at`,`status`,`stake_cents`,`actual_payout_cents`,`customer_id`,`shop_id`);--> statement-breakpoint
CREATE INDEX `bets_status_created_idx` ON `bets` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `bets_customer_created_idx` ON `bets` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bets_customer_status_idx` ON `bets` (`customer_id`,`status`);--> statement-breakpoint
CREATE INDEX `bets_shop_created_idx` ON `bets` (`shop_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bets_stake_idx` ON `bets` (`stake_cents`);--> statement-breakpoint
CREATE INDEX `bets_placed_by_idx` ON `bets` (`placed_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `bets_resolved_by_idx` ON `bets` (`resolved_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `bets_description_idx` ON `bets` (`description`);--> statement-breakpoint
CREATE INDEX `bets_odds_idx` ON `bets` (`odds_hundredths`);--> statement-breakpoint
CREATE INDEX `bets_potential_payout_idx` ON `bets` (`potential_payout_cents`);--> statement-breakpoint
CREATE INDEX `bets_resolved_at_idx` ON `bets` (`resolved_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `bets_slip_code_idx` ON `bets` (`slip_code`);--> statement-breakpoint
-- A shift's cash stakes and the slips paid from its till (its expected cash, its Z report).
CREATE INDEX `bets_shift_idx` ON `bets` (`shift_id`) WHERE `shift_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `bets_paid_shift_idx` ON `bets` (`paid_shift_id`) WHERE `paid_shift_id` IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `bets_fts_insert` AFTER INSERT ON `bets` BEGIN
  INSERT INTO bets_fts (rowid, description) VALUES (new.id, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `bets_fts_update` AFTER UPDATE OF description ON `bets` BEGIN
  DELETE FROM bets_fts WHERE rowid = old.id;
  INSERT INTO bets_fts (rowid, description) VALUES (new.id, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `bets_fts_delete` AFTER DELETE ON `bets` BEGIN
  DELETE FROM bets_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
-- PLACED (each-way: the place part won) is settled like WON: its stake is revenue and its
-- actual payout is paid out; it is counted apart.
ALTER TABLE `report_shop_rollups` ADD `placed_count` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
DROP TRIGGER `report_shop_deltas_apply`;
--> statement-breakpoint
CREATE TRIGGER `report_shop_deltas_apply` INSTEAD OF INSERT ON `report_shop_deltas` BEGIN
	INSERT INTO report_shop_rollups (grain, bucket, shop_id, bet_count, won_count, lost_count,
		pending_count, void_count, staked_cents, revenue_cents, payout_cents, placed_count)
	SELECT g.grain, g.bucket, NEW.shop_id, NEW.sign,
		NEW.sign * (NEW.status = 'WON'), NEW.sign * (NEW.status = 'LOST'),
		NEW.sign * (NEW.status = 'PENDING'), NEW.sign * (NEW.status = 'VOID'),
		NEW.sign * (CASE WHEN NEW.status = 'VOID' THEN 0 ELSE NEW.stake_cents END),
		NEW.sign * (CASE WHEN NEW.status IN ('WON', 'PLACED', 'LOST') THEN NEW.stake_cents ELSE 0 END),
		NEW.sign * (CASE WHEN NEW.status IN ('WON', 'PLACED') THEN coalesce(NEW.payout_cents, 0) ELSE 0 END),
		NEW.sign * (NEW.status = 'PLACED')
	FROM (
		SELECT 'day' AS grain, d.day AS bucket FROM (SELECT NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000 AS day) d
		UNION ALL
		SELECT 'month', unixepoch(d.day / 1000, 'unixepoch', 'start of month') * 1000 FROM (SELECT NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000 AS day) d
	) g WHERE true
	ON CONFLICT (grain, bucket, shop_id) DO UPDATE SET
		bet_count = bet_count + excluded.bet_count,
		won_count = won_count + excluded.won_count,
		lost_count = lost_count + excluded.lost_count,
		pending_count = pending_count + excluded.pending_count,
		void_count = void_count + excluded.void_count,
		staked_cents = staked_cents + excluded.staked_cents,
		revenue_cents = revenue_cents + excluded.revenue_cents,
		payout_cents = payout_cents + excluded.payout_cents,
		placed_count = placed_count + excluded.placed_count;
	DELETE FROM report_shop_rollups
	WHERE NEW.sign < 0 AND bet_count = 0 AND shop_id = NEW.shop_id
		AND grain IN ('day', 'month')
		AND bucket IN (
			NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000,
			unixepoch((NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000) / 1000, 'unixepoch', 'start of month') * 1000
		);
END;
--> statement-breakpoint
CREATE TRIGGER `bets_rollup_insert` AFTER INSERT ON `bets` BEGIN
	INSERT INTO report_shop_deltas VALUES (1, NEW.created_at, NEW.shop_id, NEW.status, NEW.stake_cents, NEW.actual_payout_cents);
	INSERT INTO report_customer_deltas SELECT 1, NEW.created_at, NEW.customer_id, CASE WHEN NEW.status = 'VOID' THEN 0 ELSE NEW.stake_cents END
	WHERE NEW.customer_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `bets_rollup_delete` AFTER DELETE ON `bets` BEGIN
	INSERT INTO report_shop_deltas VALUES (-1, OLD.created_at, OLD.shop_id, OLD.status, OLD.stake_cents, OLD.actual_payout_cents);
	INSERT INTO report_customer_deltas SELECT -1, OLD.created_at, OLD.customer_id, CASE WHEN OLD.status = 'VOID' THEN 0 ELSE OLD.stake_cents END
	WHERE OLD.customer_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `bets_rollup_update` AFTER UPDATE OF `created_at`, `customer_id`, `shop_id`, `status`, `stake_cents`, `actual_payout_cents` ON `bets` BEGIN
	INSERT INTO report_shop_deltas
	SELECT s.sign, s.created_at, s.shop_id, s.status, s.stake_cents, s.payout_cents
	FROM (
		SELECT 1 AS sign, NEW.created_at AS created_at, NEW.shop_id AS shop_id, NEW.status AS status, NEW.stake_cents AS stake_cents, NEW.actual_payout_cents AS payout_cents
		UNION ALL
		SELECT -1, OLD.created_at, OLD.shop_id, OLD.status, OLD.stake_cents, OLD.actual_payout_cents
	) s
	WHERE OLD.created_at IS NOT NEW.created_at OR OLD.shop_id IS NOT NEW.shop_id
		OR OLD.status IS NOT NEW.status OR OLD.stake_cents IS NOT NEW.stake_cents
		OR OLD.actual_payout_cents IS NOT NEW.actual_payout_cents;
	INSERT INTO report_customer_deltas
	SELECT c.sign, c.created_at, c.customer_id, c.staked_cents
	FROM (
		SELECT 1 AS sign, NEW.created_at AS created_at, NEW.customer_id AS customer_id, CASE WHEN NEW.status = 'VOID' THEN 0 ELSE NEW.stake_cents END AS staked_cents
		UNION ALL
		SELECT -1, OLD.created_at, OLD.customer_id, CASE WHEN OLD.status = 'VOID' THEN 0 ELSE OLD.stake_cents END
	) c
	WHERE c.customer_id IS NOT NULL AND (OLD.created_at IS NOT NEW.created_at OR OLD.customer_id IS NOT NEW.customer_id
		OR (CASE WHEN OLD.status = 'VOID' THEN 0 ELSE OLD.stake_cents END)
			IS NOT (CASE WHEN NEW.status = 'VOID' THEN 0 ELSE NEW.stake_cents END));
END;
--> statement-breakpoint
-- The roll-ups again from the bets (rebuildRollups in src/modules/reports/rollups.ts runs these
-- same statements, read from this file, after a bulk load). Nothing has changed for the bets
-- already there (none is cash or PLACED yet) but placed_count; the fills are the new truth.
DELETE FROM report_shop_rollups;
--> statement-breakpoint
DELETE FROM report_customer_rollups;
--> statement-breakpoint
INSERT INTO report_shop_rollups (grain, bucket, shop_id, bet_count, won_count, lost_count,
	pending_count, void_count, staked_cents, revenue_cents, payout_cents, placed_count)
SELECT 'day', created_at - ((created_at % 86400000) + 86400000) % 86400000 AS day, shop_id, count(*),
	sum(status = 'WON'), sum(status = 'LOST'), sum(status = 'PENDING'), sum(status = 'VOID'),
	sum(CASE WHEN status = 'VOID' THEN 0 ELSE stake_cents END),
	sum(CASE WHEN status IN ('WON', 'PLACED', 'LOST') THEN stake_cents ELSE 0 END),
	sum(CASE WHEN status IN ('WON', 'PLACED') THEN coalesce(actual_payout_cents, 0) ELSE 0 END),
	sum(status = 'PLACED')
FROM bets GROUP BY day, shop_id;
--> statement-breakpoint
INSERT INTO report_shop_rollups (grain, bucket, shop_id, bet_count, won_count, lost_count,
	pending_count, void_count, staked_cents, revenue_cents, payout_cents, placed_count)
SELECT 'month', unixepoch(bucket / 1000, 'unixepoch', 'start of month') * 1000 AS month, shop_id,
	sum(bet_count), sum(won_count), sum(lost_count), sum(pending_count), sum(void_count),
	sum(staked_cents), sum(revenue_cents), sum(payout_cents), sum(placed_count)
FROM report_shop_rollups WHERE grain = 'day' GROUP BY month, shop_id;
--> statement-breakpoint
INSERT INTO report_customer_rollups (grain, bucket, customer_id, bet_count, staked_cents)
SELECT 'week', d.day - ((d.day + 259200000) % 604800000 + 604800000) % 604800000 AS week, d.customer_id,
	count(*), sum(d.staked)
FROM (SELECT created_at - ((created_at % 86400000) + 86400000) % 86400000 AS day, customer_id,
	CASE WHEN status = 'VOID' THEN 0 ELSE stake_cents END AS staked FROM bets WHERE customer_id IS NOT NULL) d
GROUP BY week, d.customer_id;
--> statement-breakpoint
INSERT INTO report_customer_rollups (grain, bucket, customer_id, bet_count, staked_cents)
SELECT 'month', unixepoch(d.day / 1000, 'unixepoch', 'start of month') * 1000 AS month, d.customer_id,
	count(*), sum(d.staked)
FROM (SELECT created_at - ((created_at % 86400000) + 86400000) % 86400000 AS day, customer_id,
	CASE WHEN status = 'VOID' THEN 0 ELSE stake_cents END AS staked FROM bets WHERE customer_id IS NOT NULL) d
GROUP BY month, d.customer_id;
--> statement-breakpoint
INSERT INTO report_customer_rollups (grain, bucket, customer_id, bet_count, staked_cents)
SELECT 'year', unixepoch(bucket / 1000, 'unixepoch', 'start of year') * 1000 AS year, customer_id,
	sum(bet_count), sum(staked_cents)
FROM report_customer_rollups WHERE grain = 'month' GROUP BY year, customer_id;
--> statement-breakpoint
INSERT INTO report_customer_rollups (grain, bucket, customer_id, bet_count, staked_cents)
SELECT 'all', 0, customer_id, sum(bet_count), sum(staked_cents)
FROM report_customer_rollups WHERE grain = 'year' GROUP BY customer_id;
--> statement-breakpoint
-- Each-way (decision 052): a re-settlement may go from or to PLACED, so `bet_settlements` is
-- rebuilt with PLACED in its status checks (the same way as `bets` above).
CREATE TABLE `bet_settlements_new` (
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
	CONSTRAINT "bet_settlements_from_status_check" CHECK("bet_settlements_new"."from_status" in ('WON', 'PLACED', 'LOST', 'VOID')),
	CONSTRAINT "bet_settlements_to_status_check" CHECK("bet_settlements_new"."to_status" in ('WON', 'PLACED', 'LOST', 'VOID')),
	CONSTRAINT "bet_settlements_change_check" CHECK("bet_settlements_new"."from_status" <> "bet_settlements_new"."to_status")
);
--> statement-breakpoint
INSERT INTO `bet_settlements_new` SELECT `id`, `bet_id`, `from_status`, `from_payout_cents`,
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
