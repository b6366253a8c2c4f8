-- Issue 20, items 7 and 11: the customers' search index also holds each phone as its digits
-- (phone_digits: separators dropped, a leading +353/00353 read as the national 0; the same
-- reading as phoneDigits() in src/domain/customer-number.ts), so 0853401590, 085 340 1590,
-- +353 85 340 1590 and 00353853401590 all find a customer stored as 085 3401590. An FTS5
-- table cannot gain a column: it is made again, filled from customers, and its triggers
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
INSERT INTO `customers_fts` (rowid, name, email, phone, address, phone_digits) SELECT id, first_name || ' ' || last_name, email, phone, address, (SELECT CASE WHEN d LIKE '+3530%' THEN substr(d, 5) WHEN d LIKE '+353%' THEN '0' || substr(d, 5) WHEN d LIKE '003530%' THEN substr(d, 6) WHEN d LIKE '00353%' THEN '0' || substr(d, 6) WHEN d LIKE '+%' THEN '00' || substr(d, 2) ELSE d END FROM (SELECT replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '.', ''), '/', ''), '(', ''), ')', '') AS d)) FROM `customers`;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO customers_fts (rowid, name, email, phone, address, phone_digits) VALUES (new.id, new.first_name || ' ' || new.last_name, new.email, new.phone, new.address, (SELECT CASE WHEN d LIKE '+3530%' THEN substr(d, 5) WHEN d LIKE '+353%' THEN '0' || substr(d, 5) WHEN d LIKE '003530%' THEN substr(d, 6) WHEN d LIKE '00353%' THEN '0' || substr(d, 6) WHEN d LIKE '+%' THEN '00' || substr(d, 2) ELSE d END FROM (SELECT replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '.', ''), '/', ''), '(', ''), ')', '') AS d)));
END;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_update` AFTER UPDATE OF first_name, last_name, email, phone, address ON `customers` BEGIN
  DELETE FROM customers_fts WHERE rowid = old.id;
  INSERT INTO customers_fts (rowid, name, email, phone, address, phone_digits) VALUES (new.id, new.first_name || ' ' || new.last_name, new.email, new.phone, new.address, (SELECT CASE WHEN d LIKE '+3530%' THEN substr(d, 5) WHEN d LIKE '+353%' THEN '0' || substr(d, 5) WHEN d LIKE '003530%' THEN substr(d, 6) WHEN d LIKE '00353%' THEN '0' || substr(d, 6) WHEN d LIKE '+%' THEN '00' || substr(d, 2) ELSE d END FROM (SELECT replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '.', ''), '/', ''), '(', ''), ')', '') AS d)));
END;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_delete` AFTER DELETE ON `customers` BEGIN
  DELETE FROM customers_fts WHERE rowid = old.id;
END;
