/**
 * bun run seed-demo: realistic demo data written through the same service functions as the
 * API (createShop, createCustomer, deposit, placeBet, resolveBet, withdraw), so every
 * balance has its ledger rows and the books balance.
 *
 * Each write gets the audit row its endpoint's contract names. History is replayed in time
 * order on a simulated clock: each write is handed the event's time (the services take
 * `now` from their caller, never from Date.now()).
 */
import { eq } from "drizzle-orm";
import { type AppDb, openDatabase, type Tx } from "../src/db/client";
import { customers, users } from "../src/db/schema";
import { contracts } from "../src/domain/contracts";
import { centsOf } from "../src/domain/money";
import {
  cashMovementSchema,
  createCustomerSchema,
  createShopSchema,
  placeBetSchema,
  resolveBetSchema,
  updateCustomerSchema,
} from "../src/domain/schemas";
import { readEnv } from "../src/env";
import { auditedWrite, type Mutation } from "../src/lib/audit";
import { hashPassword } from "../src/lib/auth/password";
import { checkBooks } from "../src/lib/books-check";
import type { Actor } from "../src/lib/context";
import { countWhere } from "../src/lib/list-query";
import { setLogLevel } from "../src/lib/logger";
import { ensureFirstAdmin } from "../src/modules/auth/auth.service";
import { placeBet, resolveBet } from "../src/modules/bets/bets.service";
import { createCustomer, updateCustomer } from "../src/modules/customers/customers.service";
import { createShop, updateShop } from "../src/modules/shops/shops.service";
import { deposit, withdraw } from "../src/modules/transactions/transactions.service";
import { fail, parseScriptArgs } from "./cli";
import { COURSES, FIRST, HORSES, LAST, STREETS, TEAMS, TOWNS } from "./demo-names";

const USAGE = `
Usage: bun run seed-demo [--db PATH] [--seed N] [--shops N] [--customers N] [--bets N]
                         [--days N] [--force]

Fills the database with demo data: shops, customers, bets over the last days with settled
outcomes (recent ones still pending), deposits and withdrawals. The same seed gives the
same data. Refuses a database that already has customers or bets unless --force.
If there is no user yet, creates "admin" (password from ADMIN_PASSWORD, else printed once);
three clerks (clerk1-3) take bets: give them a password with bun run create-admin
--username clerk1 before signing in as them.

  --db PATH        database (default: $DATABASE_PATH or data/betting-shop.db)
  --seed N         random seed (default 42)
  --shops N        shops (default 10)
  --customers N    customers (default 300)
  --bets N         bets (default 5000)
  --days N         history length in days (default 400)
  --force          seed even if the database already has data
  -h, --help       show this help
`;

const { values, dbPath } = parseScriptArgs(USAGE, {
  seed: { type: "string" },
  shops: { type: "string" },
  customers: { type: "string" },
  bets: { type: "string" },
  days: { type: "string" },
  force: { type: "boolean" },
});

function count(name: string, raw: string | undefined, fallback: number, min = 1): number {
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be a whole number >= ${min}`, 2);
  return n;
}
const SEED = count("seed", values.seed, 42, 0);
const SHOPS = count("shops", values.shops, 10);
const CUSTOMERS = count("customers", values.customers, 300);
const BETS = count("bets", values.bets, 5000, 0);
const DAYS = count("days", values.days, 400);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32: a small, fast, seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (lo: number, hi: number) => lo + random() * (hi - lo);

function description(): string {
  if (random() < 0.55) {
    const home = pick(TEAMS);
    let away = pick(TEAMS);
    while (away === home) away = pick(TEAMS);
    return `${home} v ${away}: ${pick(["home win", "away win", "draw", "over 2.5 goals", "both teams to score"])}`;
  }
  const hour = 12 + Math.floor(random() * 8);
  return `${pick(COURSES)} ${hour}:${pick(["00", "15", "30", "45"])}: ${pick(HORSES)} to win`;
}

const money = (cents: number) => (cents / 100).toFixed(2);

// --- the simulated clock and the event queue --------------------------------------------
let clock = Date.now();
const end = clock;
const start = end - DAYS * DAY;

interface Event {
  at: number;
  run: () => void;
}
const queue: Event[] = [];
/** Keeps the queue sorted by time (stable for equal times). */
function schedule(at: number, run: () => void) {
  let lo = 0;
  let hi = queue.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((queue[mid] as Event).at <= at) lo = mid + 1;
    else hi = mid;
  }
  queue.splice(lo, 0, { at, run });
}

// --- setup ------------------------------------------------------------------------------
setLogLevel("warn");
const handle = openDatabase(dbPath);
const db: AppDb = handle.db;
// Demo data need not survive a power cut mid-seed (rerun it): no fsync per commit; the
// final checkpoint below writes everything out.
handle.sqlite.run("pragma synchronous = off");

const existing = countWhere(db, customers);
if (existing > 0 && !values.force) {
  handle.close();
  fail(`${dbPath} already has ${existing} customers; use --force to add demo data anyway`);
}

const firstAdmin = await ensureFirstAdmin(db, process.env.ADMIN_PASSWORD, clock);
if (firstAdmin?.generated) {
  console.log(
    `Created user "admin" with password (shown once, to be changed at the first sign-in): ${firstAdmin.password}`,
  );
}
const admin = db.select().from(users).where(eq(users.role, "admin")).limit(1).get();
if (!admin) fail("No admin user to act as");
const actorOf = (u: { id: number; username: string; role: Actor["role"] }): Actor => ({
  userId: u.id,
  username: u.username,
  role: u.role,
  ip: null,
  requestId: `seed-demo-${SEED}`,
});
const adminActor = actorOf(admin);
const clerks: Actor[] = [];
const clerkHash = await hashPassword(crypto.randomUUID());
for (let i = 1; i <= 3; i++) {
  const username = `clerk${i}`;
  const row =
    db.select().from(users).where(eq(users.username, username)).get() ??
    db
      .insert(users)
      .values({ username, passwordHash: clerkHash, role: "user", createdAt: start - DAY })
      .returning()
      .get();
  clerks.push(actorOf(row));
}
const staff = () => (random() < 0.15 ? adminActor : pick(clerks));
// Four eyes (issue 10): what staff may not decide, an admin does (LARGE_AMOUNT, STAFF_MAX_CREDIT_LIMIT).
const { LARGE_AMOUNT, STAFF_MAX_CREDIT_LIMIT } = readEnv({
  LARGE_AMOUNT: process.env.LARGE_AMOUNT,
  STAFF_MAX_CREDIT_LIMIT: process.env.STAFF_MAX_CREDIT_LIMIT,
});
const orAdmin = (actor: Actor, needsAdmin: boolean) => (needsAdmin ? adminActor : actor);
/** One write at the simulated time, with the audit row of the endpoint that does the same. */
function write<T>(
  action: string,
  actor: Actor,
  fn: (tx: Tx, op: { actor: Actor; now: number }) => Mutation<T>,
): T {
  const op = { actor, now: Math.floor(clock) };
  return auditedWrite(db, action, op, (tx) => fn(tx, op));
}

const started = performance.now();
const stats = { bets: 0, won: 0, lost: 0, void: 0, pending: 0, deposits: 0, withdrawals: 0 };

// Shops open just before the history starts.
clock = start - DAY;
const shopIds: number[] = [];
for (let i = 0; i < SHOPS; i++) {
  const town = TOWNS[i % TOWNS.length] as string;
  const shop = write(contracts.createShop.audit, adminActor, (tx, op) =>
    createShop(
      tx,
      op,
      createShopSchema.parse({
        name: `${town}${i >= TOWNS.length ? ` ${Math.floor(i / TOWNS.length) + 1}` : ""} Bookmakers`,
        location: town,
        address: `${1 + Math.floor(random() * 120)} ${pick(STREETS)}, ${town}`,
        phone: `0${Math.floor(between(1, 99))} ${Math.floor(between(100, 999))} ${Math.floor(between(1000, 9999))}`,
      }),
    ),
  );
  shopIds.push(shop.id);
}

// Customers register over the first half of the history.
interface DemoCustomer {
  id: number;
  homeShop: number;
  overdraft: boolean;
}
const joined: DemoCustomer[] = [];
const customerTimes = Array.from({ length: CUSTOMERS }, () =>
  between(start, start + (end - start) / 2),
).sort((a, b) => a - b);
for (const at of customerTimes) {
  schedule(at, () => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const overdraft = random() < 0.03;
    const clerk = staff();
    const input = createCustomerSchema.parse({
      firstName: first,
      lastName: last,
      email:
        random() < 0.7
          ? `${first}.${last}${Math.floor(random() * 1000)}@example.ie`
              .toLowerCase()
              .replace("'", "")
          : null,
      phone:
        random() < 0.8
          ? `08${Math.floor(between(3, 9))} ${Math.floor(between(1_000_000, 9_999_999))}`
          : null,
      address:
        random() < 0.6
          ? `${1 + Math.floor(random() * 200)} ${pick(STREETS)}, ${pick(TOWNS)}`
          : null,
      creditLimit: pick(["0", "0", "0", "50", "100", "200", "500"]),
      allowOverdraft: overdraft,
    });
    const needsAdmin = overdraft || input.creditLimitCents > STAFF_MAX_CREDIT_LIMIT;
    const c = write(contracts.createCustomer.audit, orAdmin(clerk, needsAdmin), (tx, op) =>
      createCustomer(tx, op, input, STAFF_MAX_CREDIT_LIMIT),
    );
    // A first deposit when they join.
    const homeShop = pick(shopIds);
    write(contracts.deposit.audit, staff(), (tx, op) =>
      deposit(
        tx,
        op,
        cashMovementSchema.parse({
          customerId: c.id,
          shopId: homeShop,
          amount: pick(["20", "50", "50", "100", "200"]),
        }),
      ),
    );
    stats.deposits++;
    joined.push({ id: c.id, homeShop, overdraft });
  });
}

function balanceOf(id: number) {
  const row = db
    .select({ balance: customers.balanceCents, limit: customers.creditLimitCents })
    .from(customers)
    .where(eq(customers.id, id))
    .get();
  return row ?? { balance: 0, limit: 0 };
}

function settleLater(
  betId: number,
  at: number,
  odds: number,
  customer: DemoCustomer,
  shopId: number,
  payoutCents: number,
) {
  const settleAt = at + between(HOUR, 72 * HOUR);
  if (settleAt > end - 6 * HOUR) {
    stats.pending++;
    return;
  }
  schedule(settleAt, () => {
    const roll = random();
    const status = roll < 0.03 ? "VOID" : roll < 0.03 + 0.92 / odds ? "WON" : "LOST";
    const needsAdmin = status === "WON" && payoutCents >= LARGE_AMOUNT;
    const bet = write(contracts.resolveBet.audit, orAdmin(staff(), needsAdmin), (tx, op) =>
      resolveBet(
        tx,
        op,
        betId,
        resolveBetSchema.parse({
          status,
          voidReason:
            status === "VOID" ? pick(["Race abandoned", "Match postponed", "Non-runner"]) : null,
        }),
        LARGE_AMOUNT,
      ),
    );
    stats[status === "WON" ? "won" : status === "LOST" ? "lost" : "void"]++;
    // Winners sometimes cash out part of their balance a little later.
    if (status === "WON" && Number(bet.actualPayout) >= 20 && random() < 0.45) {
      schedule(clock + between(HOUR, 48 * HOUR), () => {
        const { balance } = balanceOf(customer.id);
        if (balance <= 0 || clock > end) return;
        const amount = Math.max(1, Math.floor((balance * between(0.4, 1)) / 100)) * 100;
        write(contracts.withdraw.audit, staff(), (tx, op) =>
          withdraw(
            tx,
            op,
            cashMovementSchema.parse({
              customerId: customer.id,
              shopId,
              amount: money(Math.min(amount, balance)),
            }),
          ),
        );
        stats.withdrawals++;
      });
    }
  });
}

const betTimes = Array.from({ length: BETS }, () => between(start + 7 * DAY, end - HOUR)).sort(
  (a, b) => a - b,
);
for (const at of betTimes) {
  schedule(at, () => {
    if (joined.length === 0) return;
    const customer = pick(joined);
    const shopId = random() < 0.8 ? customer.homeShop : pick(shopIds);
    const stake =
      random() < 0.01
        ? Math.round(between(1000, 1500)) * 100
        : pick([2, 5, 5, 10, 10, 10, 20, 20, 25, 50, 100]) * 100;
    const odds = Math.round((1.2 + random() ** 2 * 6.8) * 100) / 100;
    const { balance, limit } = balanceOf(customer.id);
    if (!customer.overdraft && stake > balance + limit) {
      const topUp = Math.ceil((stake - balance - limit) / 1000) * 1000 + pick([0, 2000, 5000]);
      write(contracts.deposit.audit, staff(), (tx, op) =>
        deposit(
          tx,
          op,
          cashMovementSchema.parse({ customerId: customer.id, shopId, amount: money(topUp) }),
        ),
      );
      stats.deposits++;
    }
    const bet = write(contracts.placeBet.audit, staff(), (tx, op) =>
      placeBet(
        tx,
        op,
        placeBetSchema.parse({
          customerId: customer.id,
          shopId,
          description: description(),
          stakeAmount: money(stake),
          odds: odds.toFixed(2),
        }),
      ),
    );
    stats.bets++;
    settleLater(bet.id, at, odds, customer, shopId, centsOf(bet.potentialPayout));
  });
}

// Replay the history in time order.
while (queue.length > 0) {
  const event = queue.shift() as Event;
  clock = Math.max(clock, event.at);
  event.run();
}

// A few customers and one shop have since closed their accounts.
clock = end;
for (const c of joined.slice(0, Math.floor(joined.length / 30))) {
  write(contracts.updateCustomer.audit, adminActor, (tx, op) =>
    updateCustomer(
      tx,
      op,
      c.id,
      updateCustomerSchema.parse({ isActive: false }),
      STAFF_MAX_CREDIT_LIMIT,
    ),
  );
}
if (shopIds.length > 3)
  write(contracts.updateShop.audit, adminActor, (tx, op) =>
    updateShop(tx, op, shopIds[shopIds.length - 1] as number, { isActive: false }),
  );

handle.sqlite.run("pragma synchronous = full");
handle.sqlite.run("pragma wal_checkpoint(TRUNCATE)");
const books = checkBooks(db);
handle.close();

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Seeded ${dbPath} in ${seconds} s: ${SHOPS} shops, ${joined.length} customers, ${stats.bets} bets ` +
    `(${stats.won} won, ${stats.lost} lost, ${stats.void} void, ${stats.pending} pending), ` +
    `${stats.deposits} deposits, ${stats.withdrawals} withdrawals.`,
);
if (!books.ok)
  fail(`The books check found ${books.violations.length} violation(s): run bun run verify-ledger`);
console.log("Books check: the books balance.");
