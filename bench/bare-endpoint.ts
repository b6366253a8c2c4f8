/**
 * The benchmark's baselines: bet placement as three SQL statements, no auth, no checks.
 * `bun bench/bare-endpoint.ts DB PORT` commits once per bet (the floor);
 * `... DB PORT --group-commit` lets the bets that arrive together share one transaction, as
 * the app does: the most SQLite itself gives on this machine for these statements.
 */
import { Database } from "bun:sqlite";

const [dbPath = "bench/data/run/bare.db", port = "3901", mode] = process.argv.slice(2);
const db = new Database(dbPath);
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000");
const insertBet = db.prepare(
  "insert into bets (description, customer_id, shop_id, stake_cents, odds_hundredths, potential_payout_cents, status, created_at) values (?, ?, ?, ?, ?, ?, 'PENDING', ?) returning id",
);
const insertTx = db.prepare(
  "insert into transactions (type, amount_cents, from_entity_type, from_entity_id, to_entity_type, to_entity_id, bet_id, created_at) values ('BETTING', ?, 'CUSTOMER', ?, 'SHOP', ?, ?, ?)",
);
const debit = db.prepare("update customers set balance_cents = balance_cents - ? where id = ?");

type Bet = { customerId: number; shopId: number; description: string };
const placeOne = (b: Bet) => {
  const now = Date.now();
  const bet = insertBet.get(b.description, b.customerId, b.shopId, 100, 200, 200, now) as {
    id: number;
  };
  insertTx.run(100, b.customerId, b.shopId, bet.id, now);
  debit.run(100, b.customerId);
  return bet;
};
const placeSingle = db.transaction(placeOne);
const placeMany = db.transaction((bets: Bet[]) => bets.map(placeOne));

/** Bets queued in this turn of the event loop, committed together on the next. */
let queue: { bet: Bet; done: (placed: { id: number }) => void }[] = [];
function placeTogether(bet: Bet): Promise<{ id: number }> {
  return new Promise((done) => {
    if (queue.push({ bet, done }) > 1) return;
    setImmediate(() => {
      const jobs = queue;
      queue = [];
      const placed = placeMany.immediate(jobs.map((job) => job.bet));
      for (const [i, job] of jobs.entries()) job.done(placed[i] as { id: number });
    });
  });
}

const place = mode === "--group-commit" ? placeTogether : (bet: Bet) => placeSingle.immediate(bet);
Bun.serve({
  port: Number(port),
  async fetch(req) {
    if (req.method !== "POST") return new Response("ok");
    const body = (await req.json()) as Bet;
    return Response.json(await place(body), { status: 201 });
  },
});
