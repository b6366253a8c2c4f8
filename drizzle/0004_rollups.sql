-- Report roll-ups (issue 11, docs/reports.md "Roll-ups"): the figures of each shop per UTC
-- day and per calendar month, and each customer's bets and stakes per ISO week, month, year
-- and all time. Buckets are the start of their period in UTC milliseconds (0 for `all`).
-- Triggers on `bets` keep them in the write transaction of every insert, update and delete;
-- a row whose bet_count falls to 0 is removed, so a row exists exactly when its bucket has bets.
CREATE TABLE `report_shop_rollups` (
	`grain` text NOT NULL,
	`bucket` integer NOT NULL,
	`shop_id` integer NOT NULL,
	`bet_count` integer NOT NULL,
	`won_count` integer NOT NULL,
	`lost_count` integer NOT NULL,
	`pending_count` integer NOT NULL,
	`void_count` integer NOT NULL,
	`staked_cents` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	`payout_cents` integer NOT NULL,
	PRIMARY KEY(`grain`, `bucket`, `shop_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `report_customer_rollups` (
	`grain` text NOT NULL,
	`bucket` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`bet_count` integer NOT NULL,
	`staked_cents` integer NOT NULL,
	PRIMARY KEY(`grain`, `bucket`, `customer_id`)
) WITHOUT ROWID;
--> statement-breakpoint
-- A period's top five customers are the first five entries of this index (ties as the report orders them).
CREATE INDEX `report_customer_rollups_top_idx` ON `report_customer_rollups` (`grain`, `bucket`, `staked_cents` DESC, `bet_count` DESC, `customer_id`);
--> statement-breakpoint
-- One bet's contribution (sign 1 adds it, -1 takes it away), written by the triggers on bets.
-- These views hold no rows; their INSTEAD OF triggers apply the change to every grain.
CREATE VIEW `report_shop_deltas` AS
	SELECT 0 AS sign, 0 AS created_at, 0 AS shop_id, '' AS status, 0 AS stake_cents, 0 AS payout_cents WHERE 0;
--> statement-breakpoint
CREATE VIEW `report_customer_deltas` AS
	SELECT 0 AS sign, 0 AS created_at, 0 AS customer_id, 0 AS staked_cents WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `report_shop_deltas_apply` INSTEAD OF INSERT ON `report_shop_deltas` BEGIN
	INSERT INTO report_shop_rollups (grain, bucket, shop_id, bet_count, won_count, lost_count,
		pending_count, void_count, staked_cents, revenue_cents, payout_cents)
	SELECT g.grain, g.bucket, NEW.shop_id, NEW.sign,
		NEW.sign * (NEW.status = 'WON'), NEW.sign * (NEW.status = 'LOST'),
		NEW.sign * (NEW.status = 'PENDING'), NEW.sign * (NEW.status = 'VOID'),
		NEW.sign * (CASE WHEN NEW.status = 'VOID' THEN 0 ELSE NEW.stake_cents END),
		NEW.sign * (CASE WHEN NEW.status IN ('WON', 'LOST') THEN NEW.stake_cents ELSE 0 END),
		NEW.sign * (CASE WHEN NEW.status = 'WON' THEN coalesce(NEW.payout_cents, 0) ELSE 0 END)
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
		payout_cents = payout_cents + excluded.payout_cents;
	DELETE FROM report_shop_rollups
	WHERE NEW.sign < 0 AND bet_count = 0 AND shop_id = NEW.shop_id
		AND grain IN ('day', 'month')
		AND bucket IN (
			NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000,
			unixepoch((NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000) / 1000, 'unixepoch', 'start of month') * 1000
		);
END;
--> statement-breakpoint
CREATE TRIGGER `report_customer_deltas_apply` INSTEAD OF INSERT ON `report_customer_deltas` BEGIN
	INSERT INTO report_customer_rollups (grain, bucket, customer_id, bet_count, staked_cents)
	SELECT g.grain, g.bucket, NEW.customer_id, NEW.sign, NEW.sign * NEW.staked_cents
	FROM (
		-- ISO weeks start on Monday; 1 Jan 1970 (ms 0) was a Thursday, 3 days after one.
		SELECT 'week' AS grain, d.day - ((d.day + 259200000) % 604800000 + 604800000) % 604800000 AS bucket FROM (SELECT NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000 AS day) d
		UNION ALL
		SELECT 'month', unixepoch(d.day / 1000, 'unixepoch', 'start of month') * 1000 FROM (SELECT NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000 AS day) d
		UNION ALL
		SELECT 'year', unixepoch(d.day / 1000, 'unixepoch', 'start of year') * 1000 FROM (SELECT NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000 AS day) d
		UNION ALL
		SELECT 'all', 0
	) g WHERE true
	ON CONFLICT (grain, bucket, customer_id) DO UPDATE SET
		bet_count = bet_count + excluded.bet_count,
		staked_cents = staked_cents + excluded.staked_cents;
	DELETE FROM report_customer_rollups
	WHERE NEW.sign < 0 AND bet_count = 0 AND customer_id = NEW.customer_id
		AND grain IN ('week', 'month', 'year', 'all')
		AND bucket IN (
			(NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000)
				- (((NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000) + 259200000) % 604800000 + 604800000) % 604800000,
			unixepoch((NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000) / 1000, 'unixepoch', 'start of month') * 1000,
			unixepoch((NEW.created_at - ((NEW.created_at % 86400000) + 86400000) % 86400000) / 1000, 'unixepoch', 'start of year') * 1000,
			0
		);
END;
--> statement-breakpoint
CREATE TRIGGER `bets_rollup_insert` AFTER INSERT ON `bets` BEGIN
	INSERT INTO report_shop_deltas VALUES (1, NEW.created_at, NEW.shop_id, NEW.status, NEW.stake_cents, NEW.actual_payout_cents);
	INSERT INTO report_customer_deltas VALUES (1, NEW.created_at, NEW.customer_id, CASE WHEN NEW.status = 'VOID' THEN 0 ELSE NEW.stake_cents END);
END;
--> statement-breakpoint
CREATE TRIGGER `bets_rollup_delete` AFTER DELETE ON `bets` BEGIN
	INSERT INTO report_shop_deltas VALUES (-1, OLD.created_at, OLD.shop_id, OLD.status, OLD.stake_cents, OLD.actual_payout_cents);
	INSERT INTO report_customer_deltas VALUES (-1, OLD.created_at, OLD.customer_id, CASE WHEN OLD.status = 'VOID' THEN 0 ELSE OLD.stake_cents END);
END;
--> statement-breakpoint
-- New values are added before the old ones are taken away, so a row that only changes is
-- never removed and put back. A settlement touches only the shop roll-ups (a customer's
-- figures change only when a bet is voided, moved or restaked).
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
	WHERE OLD.created_at IS NOT NEW.created_at OR OLD.customer_id IS NOT NEW.customer_id
		OR (CASE WHEN OLD.status = 'VOID' THEN 0 ELSE OLD.stake_cents END)
			IS NOT (CASE WHEN NEW.status = 'VOID' THEN 0 ELSE NEW.stake_cents END);
END;
--> statement-breakpoint
-- Backfill: the bets already there (rebuildRollups in src/modules/reports/rollups.ts runs
-- these same INSERT statements, read from this file, after a bulk load).
INSERT INTO report_shop_rollups (grain, bucket, shop_id, bet_count, won_count, lost_count,
	pending_count, void_count, staked_cents, revenue_cents, payout_cents)
SELECT 'day', created_at - ((created_at % 86400000) + 86400000) % 86400000 AS day, shop_id, count(*),
	sum(status = 'WON'), sum(status = 'LOST'), sum(status = 'PENDING'), sum(status = 'VOID'),
	sum(CASE WHEN status = 'VOID' THEN 0 ELSE stake_cents END),
	sum(CASE WHEN status IN ('WON', 'LOST') THEN stake_cents ELSE 0 END),
	sum(CASE WHEN status = 'WON' THEN coalesce(actual_payout_cents, 0) ELSE 0 END)
FROM bets GROUP BY day, shop_id;
--> statement-breakpoint
INSERT INTO report_shop_rollups (grain, bucket, shop_id, bet_count, won_count, lost_count,
	pending_count, void_count, staked_cents, revenue_cents, payout_cents)
SELECT 'month', unixepoch(bucket / 1000, 'unixepoch', 'start of month') * 1000 AS month, shop_id,
	sum(bet_count), sum(won_count), sum(lost_count), sum(pending_count), sum(void_count),
	sum(staked_cents), sum(revenue_cents), sum(payout_cents)
FROM report_shop_rollups WHERE grain = 'day' GROUP BY month, shop_id;
--> statement-breakpoint
INSERT INTO report_customer_rollups (grain, bucket, customer_id, bet_count, staked_cents)
SELECT 'week', d.day - ((d.day + 259200000) % 604800000 + 604800000) % 604800000 AS week, d.customer_id,
	count(*), sum(d.staked)
FROM (SELECT created_at - ((created_at % 86400000) + 86400000) % 86400000 AS day, customer_id,
	CASE WHEN status = 'VOID' THEN 0 ELSE stake_cents END AS staked FROM bets) d
GROUP BY week, d.customer_id;
--> statement-breakpoint
INSERT INTO report_customer_rollups (grain, bucket, customer_id, bet_count, staked_cents)
SELECT 'month', unixepoch(d.day / 1000, 'unixepoch', 'start of month') * 1000 AS month, d.customer_id,
	count(*), sum(d.staked)
FROM (SELECT created_at - ((created_at % 86400000) + 86400000) % 86400000 AS day, customer_id,
	CASE WHEN status = 'VOID' THEN 0 ELSE stake_cents END AS staked FROM bets) d
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
