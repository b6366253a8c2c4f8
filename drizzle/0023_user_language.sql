-- Issue 23 item 2 (decision 065): each user's own language for the web app; null follows
-- the browser's, then the DEFAULT_LANGUAGE setting.
ALTER TABLE `users` ADD `language` text CHECK (`language` in ('en', 'de'));
