-- Decision 083: the customers' search index holds each phone's digits as written (separators
-- dropped, a leading + as 00), no longer read as Irish (+353/00353 as the national 0; 0015).
-- The shop's country (PHONE_CALLING_CODE) is applied when searching instead, so a German
-- shop's +49 171 … and 0171 … find each other and changing the code needs no re-index. The
-- same reading as phoneDigits() in src/domain/customer-number.ts. An FTS5 table's column
-- cannot be recomputed in place: it is made again, filled from customers, and its triggers
-- recreated (every indexed column an edit may change re-indexes the row; a test edits each).
DROP TRIGGER IF EXISTS `customers_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `customers_fts_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `customers_fts_delete`;
--> statement-breakpoint
DROP TABLE IF EXISTS `customers_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `customers_fts` USING fts5(name, email, phone, address, phone_digits, tokenize = 'trigram', content = '', contentless_delete = 1);
--> statement-breakpoint
INSERT INTO `customers_fts` (rowid, name, email, phone, address, phone_digits) SELECT id, first_name || ' ' || last_name, email, phone, address, (SELECT CASE WHEN d LIKE '+%' THEN '00' || substr(d, 2) ELSE d END FROM (SELECT replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '.', ''), '/', ''), '(', ''), ')', '') AS d)) FROM `customers`;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO customers_fts (rowid, name, email, phone, address, phone_digits) VALUES (new.id, new.first_name || ' ' || new.last_name, new.email, new.phone, new.address, (SELECT CASE WHEN d LIKE '+%' THEN '00' || substr(d, 2) ELSE d END FROM (SELECT replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '.', ''), '/', ''), '(', ''), ')', '') AS d)));
END;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_update` AFTER UPDATE OF first_name, last_name, email, phone, address ON `customers` BEGIN
  DELETE FROM customers_fts WHERE rowid = old.id;
  INSERT INTO customers_fts (rowid, name, email, phone, address, phone_digits) VALUES (new.id, new.first_name || ' ' || new.last_name, new.email, new.phone, new.address, (SELECT CASE WHEN d LIKE '+%' THEN '00' || substr(d, 2) ELSE d END FROM (SELECT replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '.', ''), '/', ''), '(', ''), ')', '') AS d)));
END;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_delete` AFTER DELETE ON `customers` BEGIN
  DELETE FROM customers_fts WHERE rowid = old.id;
END;
