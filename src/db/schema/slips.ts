import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The server's own secrets, one row each, created by their migration once per database
 * (drizzle/0009_slips.sql): `slip` keys the bets' verification codes (decision 031). Never
 * exported; delete-all keeps them.
 */
export const appSecrets = sqliteTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});
