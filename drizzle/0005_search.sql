-- Issue 11, item 2: full-text search (FTS5, trigram tokenizer: case-insensitive substring
-- matches for queries of 3 characters or more) and indexes for every list sort.
-- The FTS tables are contentless (they keep only the index; the text stays in its table) and
-- kept in step by triggers, inside the writing transaction. Bets and ledger rows index their
-- own description only: their customers' and shops' names are matched through customers_fts
-- and shops_fts and the rows' customer/shop id indexes, so a rename touches one FTS row.
CREATE VIRTUAL TABLE `customers_fts` USING fts5(name, email, phone, address, tokenize = 'trigram', content = '', contentless_delete = 1);
--> statement-breakpoint
INSERT INTO `customers_fts` (rowid, name, email, phone, address) SELECT id, first_name || ' ' || last_name, email, phone, address FROM `customers`;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO customers_fts (rowid, name, email, phone, address) VALUES (new.id, new.first_name || ' ' || new.last_name, new.email, new.phone, new.address);
END;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_update` AFTER UPDATE OF first_name, last_name, email, phone, address ON `customers` BEGIN
  DELETE FROM customers_fts WHERE rowid = old.id;
  INSERT INTO customers_fts (rowid, name, email, phone, address) VALUES (new.id, new.first_name || ' ' || new.last_name, new.email, new.phone, new.address);
END;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_delete` AFTER DELETE ON `customers` BEGIN
  DELETE FROM customers_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `shops_fts` USING fts5(name, location, address, phone, tokenize = 'trigram', content = '', contentless_delete = 1);
--> statement-breakpoint
INSERT INTO `shops_fts` (rowid, name, location, address, phone) SELECT id, name, location, address, phone FROM `shops`;
--> statement-breakpoint
CREATE TRIGGER `shops_fts_insert` AFTER INSERT ON `shops` BEGIN
  INSERT INTO shops_fts (rowid, name, location, address, phone) VALUES (new.id, new.name, new.location, new.address, new.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `shops_fts_update` AFTER UPDATE OF name, location, address, phone ON `shops` BEGIN
  DELETE FROM shops_fts WHERE rowid = old.id;
  INSERT INTO shops_fts (rowid, name, location, address, phone) VALUES (new.id, new.name, new.location, new.address, new.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `shops_fts_delete` AFTER DELETE ON `shops` BEGIN
  DELETE FROM shops_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `bets_fts` USING fts5(description, tokenize = 'trigram', content = '', contentless_delete = 1);
--> statement-breakpoint
INSERT INTO `bets_fts` (rowid, description) SELECT id, description FROM `bets`;
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
CREATE VIRTUAL TABLE `transactions_fts` USING fts5(description, tokenize = 'trigram', content = '', contentless_delete = 1);
--> statement-breakpoint
INSERT INTO `transactions_fts` (rowid, description) SELECT id, description FROM `transactions` WHERE description IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `transactions_fts_insert` AFTER INSERT ON `transactions` WHEN new.description IS NOT NULL BEGIN
  INSERT INTO transactions_fts (rowid, description) VALUES (new.id, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `transactions_fts_update` AFTER UPDATE OF description ON `transactions` BEGIN
  DELETE FROM transactions_fts WHERE rowid = old.id;
  INSERT INTO transactions_fts (rowid, description) SELECT new.id, new.description WHERE new.description IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `transactions_fts_delete` AFTER DELETE ON `transactions` BEGIN
  DELETE FROM transactions_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE INDEX `bets_placed_by_idx` ON `bets` (`placed_by`,`created_at`);
--> statement-breakpoint
CREATE INDEX `bets_resolved_by_idx` ON `bets` (`resolved_by`,`created_at`);
--> statement-breakpoint
CREATE INDEX `bets_description_idx` ON `bets` (`description`);
--> statement-breakpoint
CREATE INDEX `bets_odds_idx` ON `bets` (`odds_hundredths`);
--> statement-breakpoint
CREATE INDEX `bets_potential_payout_idx` ON `bets` (`potential_payout_cents`);
--> statement-breakpoint
CREATE INDEX `bets_resolved_at_idx` ON `bets` (`resolved_at`);
--> statement-breakpoint
CREATE INDEX `transactions_processed_by_idx` ON `transactions` (`processed_by`,`created_at`);
--> statement-breakpoint
CREATE INDEX `transactions_description_idx` ON `transactions` (`description`);
--> statement-breakpoint
CREATE INDEX `transactions_status_idx` ON `transactions` (`status`);
--> statement-breakpoint
CREATE INDEX `customers_phone_idx` ON `customers` (`phone`);
--> statement-breakpoint
CREATE INDEX `customers_created_by_idx` ON `customers` (`created_by`);
--> statement-breakpoint
CREATE INDEX `customers_is_active_idx` ON `customers` (`is_active`);
--> statement-breakpoint
CREATE INDEX `customers_allow_overdraft_idx` ON `customers` (`allow_overdraft`);
