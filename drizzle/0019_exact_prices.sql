-- Issue 21 item 5 (decision 048): a price is kept exactly as the fractional odds n/d and how it
-- was entered, so 11/8 pays 19.00 on 8.00 and not the 19.04 its decimal 2.38 pays. Existing
-- bets were taken as decimals: each becomes (odds - 1) as n/100 (2.38 is 138/100), which pays
-- exactly what it paid before. odds_hundredths stays: the decimal the lists sort by.
ALTER TABLE `bets` ADD `price_num` integer CHECK (`price_num` >= 1);--> statement-breakpoint
ALTER TABLE `bets` ADD `price_den` integer CHECK (`price_den` >= 1);--> statement-breakpoint
ALTER TABLE `bets` ADD `price_format` text CHECK (`price_format` in ('decimal', 'fractional'));--> statement-breakpoint
UPDATE `bets` SET `price_num` = `odds_hundredths` - 100, `price_den` = 100, `price_format` = 'decimal';--> statement-breakpoint
-- Each user's own choice of how prices show; null follows the ODDS_FORMAT setting.
ALTER TABLE `users` ADD `odds_format` text CHECK (`odds_format` in ('decimal', 'fractional'));
