-- The payouts of PLACED bets (each-way bets whose place part alone won, decision 052) apart
-- from WON ones, for the reports' outcome mix (decision 075): a partial index holding only
-- those bets, in time order with their payout, so a period's sum reads them and nothing else.
CREATE INDEX `bets_placed_payout_idx` ON `bets` (`created_at`,`actual_payout_cents`) WHERE `status` = 'PLACED';
