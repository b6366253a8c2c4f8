-- The business time zone (BUSINESS_TIMEZONE, decision 062): the report roll-ups' days, weeks,
-- months and years are the zone's local dates. `business_zone` names the zone the roll-ups
-- were built for; `business_zone_offsets` holds its UTC offset from each change on (empty:
-- UTC). The server fills both and rebuilds the roll-ups at start when the setting differs
-- (src/modules/reports/rollups.ts, ensureRollupZone). A bucket is the local date's midnight
-- read as if it were UTC (Date.UTC of the local date): for UTC the same keys as before.
CREATE TABLE `business_zone` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`time_zone` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `business_zone` (`id`, `time_zone`) VALUES (1, 'UTC');
--> statement-breakpoint
CREATE TABLE `business_zone_offsets` (
	`from_ms` integer PRIMARY KEY NOT NULL,
	`offset_ms` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
-- The bets' triggers hand the delta views the local wall-clock time (created_at plus the
-- zone's offset then) instead of created_at: the views bucket whatever time they are given.
DROP TRIGGER `bets_rollup_insert`;
--> statement-breakpoint
DROP TRIGGER `bets_rollup_delete`;
--> statement-breakpoint
DROP TRIGGER `bets_rollup_update`;
--> statement-breakpoint
CREATE TRIGGER `bets_rollup_insert` AFTER INSERT ON `bets` BEGIN
	INSERT INTO report_shop_deltas
	SELECT 1, NEW.created_at + coalesce((SELECT o.offset_ms FROM business_zone_offsets o WHERE o.from_ms <= NEW.created_at ORDER BY o.from_ms DESC LIMIT 1), 0),
		NEW.shop_id, NEW.status, NEW.stake_cents, NEW.actual_payout_cents;
	INSERT INTO report_customer_deltas
	SELECT 1, NEW.created_at + coalesce((SELECT o.offset_ms FROM business_zone_offsets o WHERE o.from_ms <= NEW.created_at ORDER BY o.from_ms DESC LIMIT 1), 0),
		NEW.customer_id, CASE WHEN NEW.status = 'VOID' THEN 0 ELSE NEW.stake_cents END
	WHERE NEW.customer_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `bets_rollup_delete` AFTER DELETE ON `bets` BEGIN
	INSERT INTO report_shop_deltas
	SELECT -1, OLD.created_at + coalesce((SELECT o.offset_ms FROM business_zone_offsets o WHERE o.from_ms <= OLD.created_at ORDER BY o.from_ms DESC LIMIT 1), 0),
		OLD.shop_id, OLD.status, OLD.stake_cents, OLD.actual_payout_cents;
	INSERT INTO report_customer_deltas
	SELECT -1, OLD.created_at + coalesce((SELECT o.offset_ms FROM business_zone_offsets o WHERE o.from_ms <= OLD.created_at ORDER BY o.from_ms DESC LIMIT 1), 0),
		OLD.customer_id, CASE WHEN OLD.status = 'VOID' THEN 0 ELSE OLD.stake_cents END
	WHERE OLD.customer_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `bets_rollup_update` AFTER UPDATE OF `created_at`, `customer_id`, `shop_id`, `status`, `stake_cents`, `actual_payout_cents` ON `bets` BEGIN
	INSERT INTO report_shop_deltas
	SELECT s.sign, s.created_at + coalesce((SELECT o.offset_ms FROM business_zone_offsets o WHERE o.from_ms <= s.created_at ORDER BY o.from_ms DESC LIMIT 1), 0),
		s.shop_id, s.status, s.stake_cents, s.payout_cents
	FROM (
		SELECT 1 AS sign, NEW.created_at AS created_at, NEW.shop_id AS shop_id, NEW.status AS status, NEW.stake_cents AS stake_cents, NEW.actual_payout_cents AS payout_cents
		UNION ALL
		SELECT -1, OLD.created_at, OLD.shop_id, OLD.status, OLD.stake_cents, OLD.actual_payout_cents
	) s
	WHERE OLD.created_at IS NOT NEW.created_at OR OLD.shop_id IS NOT NEW.shop_id
		OR OLD.status IS NOT NEW.status OR OLD.stake_cents IS NOT NEW.stake_cents
		OR OLD.actual_payout_cents IS NOT NEW.actual_payout_cents;
	INSERT INTO report_customer_deltas
	SELECT c.sign, c.created_at + coalesce((SELECT o.offset_ms FROM business_zone_offsets o WHERE o.from_ms <= c.created_at ORDER BY o.from_ms DESC LIMIT 1), 0),
		c.customer_id, c.staked_cents
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
-- The roll-ups again from the bets, by local dates (rebuildRollups runs these same statements,
-- read from this file). With no offsets yet (UTC) they come out as they were.
DELETE FROM report_shop_rollups;
--> statement-breakpoint
DELETE FROM report_customer_rollups;
--> statement-breakpoint
INSERT INTO report_shop_rollups (grain, bucket, shop_id, bet_count, won_count, lost_count,
	pending_count, void_count, staked_cents, revenue_cents, payout_cents, placed_count)
SELECT 'day', b.local_at - ((b.local_at % 86400000) + 86400000) % 86400000 AS day, b.shop_id, count(*),
	sum(b.status = 'WON'), sum(b.status = 'LOST'), sum(b.status = 'PENDING'), sum(b.status = 'VOID'),
	sum(CASE WHEN b.status = 'VOID' THEN 0 ELSE b.stake_cents END),
	sum(CASE WHEN b.status IN ('WON', 'PLACED', 'LOST') THEN b.stake_cents ELSE 0 END),
	sum(CASE WHEN b.status IN ('WON', 'PLACED') THEN coalesce(b.actual_payout_cents, 0) ELSE 0 END),
	sum(b.status = 'PLACED')
FROM (SELECT created_at + coalesce((SELECT o.offset_ms FROM business_zone_offsets o WHERE o.from_ms <= bets.created_at ORDER BY o.from_ms DESC LIMIT 1), 0) AS local_at,
	shop_id, status, stake_cents, actual_payout_cents FROM bets) b
GROUP BY day, b.shop_id;
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
FROM (SELECT b.local_at - ((b.local_at % 86400000) + 86400000) % 86400000 AS day, b.customer_id, b.staked
	FROM (SELECT created_at + coalesce((SELECT o.offset_ms FROM business_zone_offsets o WHERE o.from_ms <= bets.created_at ORDER BY o.from_ms DESC LIMIT 1), 0) AS local_at,
		customer_id, CASE WHEN status = 'VOID' THEN 0 ELSE stake_cents END AS staked FROM bets WHERE customer_id IS NOT NULL) b) d
GROUP BY week, d.customer_id;
--> statement-breakpoint
INSERT INTO report_customer_rollups (grain, bucket, customer_id, bet_count, staked_cents)
SELECT 'month', unixepoch(d.day / 1000, 'unixepoch', 'start of month') * 1000 AS month, d.customer_id,
	count(*), sum(d.staked)
FROM (SELECT b.local_at - ((b.local_at % 86400000) + 86400000) % 86400000 AS day, b.customer_id, b.staked
	FROM (SELECT created_at + coalesce((SELECT o.offset_ms FROM business_zone_offsets o WHERE o.from_ms <= bets.created_at ORDER BY o.from_ms DESC LIMIT 1), 0) AS local_at,
		customer_id, CASE WHEN status = 'VOID' THEN 0 ELSE stake_cents END AS staked FROM bets WHERE customer_id IS NOT NULL) b) d
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
