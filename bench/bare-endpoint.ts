/** The benchmark's baseline: bet placement as three SQL statements, no auth, no checks. */
import { Database } from "bun:sqlite";

const [dbPath = "bench/data/run/bare.db", port = "3901"] = process.argv.slice(2);
const db = new Database(dbPath);
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000");
const insertBet = db.prepare(
  "insert into bets (description, customer_id, shop_id, stake_cents, odds_hundredths, potential_payout_cents, status, created_at) values (?, ?, ?, ?, ?, ?, 'PENDING', ?) returning id",
);
const insertTx = db.prepare(
  "insert into transactions (type, amount_cents, from_entity_type, from_entity_id, to_entity_type, to_entity_id, bet_id, created_at) values ('BETTING', ?, 'CUSTOMER', ?, 'SHOP', ?, ?, ?)",
);
const debit = db.prepare("update customers set balance_cents = balance_cents - ? where id = ?");
const place = db.transaction((b: { customerId: number; shopId: number; description: string }) => {
  const now = Date.now();
  const bet = insertBet.get(b.description, b.customerId, b.shopId, 100, 200, 200, now) as {
    id: number;
  };
  insertTx.run(100, b.customerId, b.shopId, bet.id, now);
  debit.run(100, b.customerId);
  return bet;
});
Bun.serve({
  port: Number(port),
  async fetch(req) {
    if (req.method !== "POST") return new Response("ok");
    const body = (await req.json()) as { customerId: number; shopId: number; description: string };
    return Response.json(place.immediate(body), { status: 201 });
  },
});
