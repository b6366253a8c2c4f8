-- Issue 20 (decision 043): a type filter sorted by amount (payouts, largest or smallest first)
-- is served in either direction by one index range; without it SQLite took the type/date index
-- and sorted every payout, and the last page of payouts by amount took 897 ms at 1,000,000 bets.
CREATE INDEX `transactions_type_amount_idx` ON `transactions` (`type`,`amount_cents`);
