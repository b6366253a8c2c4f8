/** bun run verify-ledger: the books check on a database file; exit 1 on any violation. */
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrationsBehind } from "../src/db/migrations";
import * as schema from "../src/db/schema";
import { checkBooks } from "../src/lib/books-check";
import { fail, openExisting, parseScriptArgs } from "./cli";

const USAGE = `
Usage: bun run verify-ledger [--db PATH] [--json]

Checks every ledger invariant (docs/ledger.md) over the whole database: stored balances
against the ledger, each bet's BETTING / PAYOUT / REFUND rows, the shape of every ledger row
and every reversal. Reads only; safe while the server runs. Exits 0 when the books balance,
1 with a report of each violation otherwise. A database an older version left (its
migrations pending) is not checked: the rules read this version's columns, so start the
server (or restore it) to migrate it first.

  --db PATH    database to check (default: $DATABASE_PATH or data/betting-shop.db)
  --json       print the report as JSON (the same shape as GET /api/admin/ledger-check)
  -h, --help   show this help
`;

const { values, dbPath } = parseScriptArgs(USAGE, { json: { type: "boolean" } });

const sqlite = openExisting(dbPath, { readonly: true });
// Read only, so it cannot migrate: an older schema would fail on a missing column instead.
const behind = migrationsBehind(sqlite);
if (behind) {
  fail(
    `Books not checked: ${dbPath} is at migration ${behind.at}, this version expects ${behind.expects} (its migrations are pending); start the server (or restore) to migrate it, then check again`,
  );
}
const report = checkBooks(drizzle({ client: sqlite, schema }));
sqlite.close();

if (values.json) {
  console.log(JSON.stringify(report, null, 2));
} else if (report.ok) {
  console.log(`Books balance: no violations in ${dbPath} (checked ${report.checkedAt})`);
} else {
  console.log(`${report.violations.length} violation(s) in ${dbPath}:`);
  for (const v of report.violations) console.log(`  [${v.rule}] ${v.message}`);
  if (report.truncated) console.log("  (more violations were left out of this report)");
}
process.exit(report.ok ? 0 : 1);
