-- Issue 20 (decisions/039): why an admin reversed a transaction, stored on the reversal row.
-- Null on every other row (and on reversals written before this migration).
ALTER TABLE `transactions` ADD `reason` text;
