/**
 * Fills a database with the DESIGN.md section 6 volume: 1,000,000 bets, 100,000 customers,
 * 200 shops, 3,000,000 transactions, ledger-consistent (stored balances are recomputed from
 * the rows at the end). Usage: bun bench/seed-large.ts [--db path] [--scale 0.1]
 */
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../src/db/client";
import { suspendSearchIndexes } from "../src/lib/search-index";
import { computeSlipCode, readSlipKey } from "../src/modules/bets/slips.service";
import { suspendRollups } from "../src/modules/reports/rollups";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "bench/data/bench.db" },
    scale: { type: "string", default: "1" },
  },
});
const scale = Number(values.scale);
const dbPath = values.db ?? "bench/data/bench.db";
const CUSTOMERS = Math.round(100_000 * scale);
const SHOPS = Math.max(2, Math.round(200 * scale));
const BETS = Math.round(1_000_000 * scale);
const TRANSACTIONS = Math.round(3_000_000 * scale);

for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
const { sqlite, close } = openDatabase(dbPath);
sqlite.exec("PRAGMA synchronous = OFF");
// The search indexes are filled once from the loaded rows, not row by row by their triggers.
const restoreSearch = suspendSearchIndexes(sqlite);

let seed = 42;
const rand = () => {
  // In 32-bit integer arithmetic: the product overflows 2^53 as a float and falls into a
  // short cycle (a million bets went to 5,097 customers).
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) & 0x7fff_ffff;
  return seed / 2_147_483_648;
};
const pick = (n: number) => 1 + Math.floor(rand() * n);
const started = Date.now();
const now = Date.now();
const DAY = 86_400_000;

const hash = await Bun.password.hash("bench-password");
sqlite
  .query(
    "insert into users (username, password_hash, role, created_at) values ('bench', ?, 'admin', ?)",
  )
  .run(hash, now);

sqlite.transaction(() => {
  const shop = sqlite.prepare(
    "insert into shops (name, location, address, phone, balance_cents, is_active, created_at, created_by) values (?, ?, ?, ?, 0, 1, ?, 1)",
  );
  for (let i = 1; i <= SHOPS; i++)
    shop.run(
      `Shop ${i}`,
      `Town ${i % 40}`,
      `${i} High Street`,
      `01-${100000 + i}`,
      now - 500 * DAY,
    );
  const customer = sqlite.prepare(
    "insert into customers (first_name, last_name, email, phone, balance_cents, credit_limit_cents, allow_overdraft, is_active, created_at, created_by) values (?, ?, ?, ?, 0, ?, 0, 1, ?, 1)",
  );
  for (let i = 1; i <= CUSTOMERS; i++) {
    customer.run(
      `First${i}`,
      `Last${i % 5000}`,
      `c${i}@example.com`,
      `08${i}`,
      pick(100) * 1000,
      now - pick(500) * DAY,
    );
  }
})();

const insertBet = sqlite.prepare(
  "insert into bets (description, customer_id, shop_id, stake_cents, odds_hundredths, potential_payout_cents, actual_payout_cents, allow_overcredit, outcome, status, void_reason, placed_by, resolved_by, created_at, resolved_at, slip_code) values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, 1, ?, ?, ?, ?)",
);
// Every bet's slip code, as placeBet writes it (decision 031), so the server has none to backfill.
const slipKey = readSlipKey(sqlite);
const insertBetWithCode = (
  id: number,
  stakeCents: number,
  oddsHundredths: number,
  createdAt: number,
  ...rest: (string | number | null)[]
) => {
  for (let variant = 0; ; variant++) {
    const code = computeSlipCode(slipKey, { id, stakeCents, oddsHundredths, createdAt }, variant);
    try {
      return insertBet.run(...(rest as never[]), code);
    } catch (err) {
      // A code another bet holds (rare: 31^10 codes): the next variant, as placeBet does.
      if (variant >= 3 || !String(err).includes("bets.slip_code")) throw err;
    }
  }
};
const insertTx = sqlite.prepare(
  "insert into transactions (type, amount_cents, description, status, from_entity_type, from_entity_id, to_entity_type, to_entity_id, bet_id, processed_by, created_at) values (?, ?, ?, 'COMPLETED', ?, ?, ?, ?, ?, 1, ?)",
);
let transactions = 0;
const BATCH = 50_000;
// The report roll-ups are built once from the loaded bets, not row by row by their triggers.
const restoreRollups = suspendRollups(sqlite);
for (let start = 1; start <= BETS; start += BATCH) {
  sqlite.transaction(() => {
    for (let id = start; id < Math.min(start + BATCH, BETS + 1); id++) {
      const customerId = pick(CUSTOMERS);
      const shopId = pick(SHOPS);
      const stake = pick(100) * 100;
      const odds = 101 + Math.floor(rand() * 900);
      const payout = Math.floor((stake * odds + 50) / 100);
      const createdAt = now - Math.floor(rand() * 400 * DAY);
      const r = rand();
      const status = r < 0.1 ? "PENDING" : r < 0.45 ? "WON" : r < 0.95 ? "LOST" : "VOID";
      const resolved = status === "PENDING" ? null : createdAt + 3_600_000;
      insertBetWithCode(
        id,
        stake,
        odds,
        createdAt,
        `Match ${id}`,
        customerId,
        shopId,
        stake,
        odds,
        payout,
        status === "WON" ? payout : status === "LOST" ? 0 : null,
        status,
        status,
        status === "VOID" ? "Abandoned" : null,
        status === "PENDING" ? null : 1,
        createdAt,
        resolved,
      );
      insertTx.run(
        "BETTING",
        stake,
        `Stake for bet #${id}`,
        "CUSTOMER",
        customerId,
        "SHOP",
        shopId,
        id,
        createdAt,
      );
      transactions++;
      if (status === "WON") {
        insertTx.run(
          "PAYOUT",
          payout,
          `Payout for bet #${id}`,
          "SHOP",
          shopId,
          "CUSTOMER",
          customerId,
          id,
          resolved,
        );
        transactions++;
      } else if (status === "VOID") {
        insertTx.run(
          "REFUND",
          stake,
          `Refund for void bet #${id}`,
          "SHOP",
          shopId,
          "CUSTOMER",
          customerId,
          id,
          resolved,
        );
        transactions++;
      }
    }
  })();
}
restoreRollups();
while (transactions < TRANSACTIONS) {
  sqlite.transaction(() => {
    for (let i = 0; i < BATCH && transactions < TRANSACTIONS; i++, transactions++) {
      const deposit = rand() < 0.7;
      const customerId = pick(CUSTOMERS);
      const shopId = pick(SHOPS);
      const createdAt = now - Math.floor(rand() * 400 * DAY);
      if (deposit)
        insertTx.run(
          "DEPOSIT",
          pick(500) * 100,
          "Cash in",
          "CUSTOMER",
          customerId,
          "SHOP",
          shopId,
          null,
          createdAt,
        );
      else
        insertTx.run(
          "WITHDRAWAL",
          pick(50) * 100,
          "Cash out",
          "SHOP",
          shopId,
          "CUSTOMER",
          customerId,
          null,
          createdAt,
        );
    }
  })();
}
restoreSearch();
// Stored balances from the ledger, the same rules as src/lib/ledger.ts.
sqlite.exec(`
  update customers set balance_cents = coalesce((select sum(case when t.from_entity_type = 'CUSTOMER'
      then (case when t.type in ('DEPOSIT','WITHDRAWAL') then 1 else -1 end)
      else (case when t.type in ('DEPOSIT','WITHDRAWAL') then -1 else 1 end) end * t.amount_cents)
    from transactions t where (t.from_entity_type = 'CUSTOMER' and t.from_entity_id = customers.id)
      or (t.to_entity_type = 'CUSTOMER' and t.to_entity_id = customers.id)), 0);
  update shops set balance_cents = coalesce((select sum(case when t.to_entity_type = 'SHOP' then 1 else -1 end * t.amount_cents)
    from transactions t where t.type in ('DEPOSIT','WITHDRAWAL','TRANSFER') and
      ((t.from_entity_type = 'SHOP' and t.from_entity_id = shops.id) or (t.to_entity_type = 'SHOP' and t.to_entity_id = shops.id))), 0);
  ANALYZE;
`);
sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
close();
console.log(
  JSON.stringify({
    dbPath,
    customers: CUSTOMERS,
    shops: SHOPS,
    bets: BETS,
    transactions,
    seconds: (Date.now() - started) / 1000,
  }),
);
