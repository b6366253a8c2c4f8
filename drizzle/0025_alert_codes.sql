-- Decision 066: an alert's kind (`code`, e.g. BOOKS_UNBALANCED) and the values its text
-- interpolates (`params`, a JSON object: names, ids, counts, amounts in cents), so the web
-- writes it in the reader's language. The English title and description stay as written.
-- Older rows keep both null and show their stored text.
ALTER TABLE `alerts` ADD `code` text;
--> statement-breakpoint
ALTER TABLE `alerts` ADD `params` text;
