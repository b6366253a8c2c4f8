/**
 * Issue 25 item 10, "no GET writes": a generated test. It walks the contract list
 * (src/domain/contracts.ts) and calls every GET, as every role the contract admits (a
 * customer login linked to its own record), with valid ids and, for a list that exports, as
 * CSV too, against a database holding a row of every kind: shops, customers, deposits and
 * withdrawals, open, settled, re-settled and void bets with slips, a reversal, a transfer, a
 * closed shift, alerts, users, sessions, audit rows, an idempotency key and a stored books
 * check. After each call every table must be as it was (a checksum of each table's rows).
 *
 * One piece of bookkeeping is excluded, as narrowly as it can be (decisions/047): the
 * caller's own session row may have its `last_verified_at` renewed (the sliding idle
 * timeout, at most once a minute, decision 018). Nothing else of that row, no other session
 * and no other table. The walk runs two minutes after the sessions were made, so that
 * renewal does happen, and a test below shows it is the only change a GET makes.
 */
import type { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { users } from "../src/db/schema";
import type { Contract } from "../src/domain/contract";
import { contracts } from "../src/domain/contracts";
import type { JobDto } from "../src/domain/dto";
import type { Role } from "../src/domain/enums";
import { createSession } from "../src/lib/auth/session";
import { recordStartupCheck } from "../src/lib/integrity";
import { createTestApp, ORIGIN, type TestApp, testPasswordHash } from "./helpers/test-app";

type Caller = Role | "anonymous";

const gets = Object.entries(contracts as Record<string, Contract>).filter(
  ([, c]) => c.method === "get",
);

let t: TestApp;
/** Each caller's cookie (its own session) and user id. */
const callers = {} as Record<Caller, { cookie: string | null; userId: number | null }>;
/** The ids a path takes, by the resource segment before it. */
let ids: Record<string, number | string>;

/** The session id of a `session=<id>.<secret>` cookie. */
const sessionIdOf = (cookie: string | null) => cookie?.split("=")[1]?.split(".")[0] ?? null;

/** Every table's rows as text, keyed by table (the caller's session renewal masked). */
function snapshot(sqlite: Database, ownSession: string | null): Record<string, string> {
  const tables = sqlite
    .query<{ name: string }, []>(
      "select name from sqlite_master where type = 'table' order by name",
    )
    .all()
    .map((row) => row.name);
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = sqlite.query<Record<string, unknown>, []>(`select * from "${table}"`).all();
    const kept = rows.map((row) =>
      // The one exclusion: the caller's own session's idle clock.
      table === "sessions" && row.id === ownSession
        ? { ...row, last_verified_at: "(renewed)" }
        : row,
    );
    kept.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    out[table] = JSON.stringify(kept, (_key, value) =>
      value instanceof Uint8Array ? Buffer.from(value).toString("hex") : value,
    );
  }
  return out;
}

/** The tables whose rows differ between two snapshots. */
function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

function admitted(contract: Contract): Caller[] {
  if (contract.access === "public") return ["anonymous", "customer", "user", "admin"];
  return (["customer", "user", "admin"] as const).filter((role) =>
    (contract.access as readonly Role[]).includes(role),
  );
}

function pathOf(contract: Contract, caller: Caller): string {
  return contract.path.replace(/\/([a-z-]+)\/\{(\w+)\}/g, (_all, resource: string) => {
    // GET /api/users/{id}: a customer reads only itself; everyone reads itself.
    const value = resource === "users" ? callers[caller].userId : ids[resource];
    if (value === undefined || value === null) {
      throw new Error(`${contract.path}: no id for /${resource}/`);
    }
    return `/${resource}/${encodeURIComponent(String(value))}`;
  });
}

/** Sends one GET and reads its whole answer (a stream: until it says it is ready). */
async function call(caller: Caller, url: string): Promise<number> {
  const headers: Record<string, string> = { Origin: ORIGIN };
  const cookie = callers[caller].cookie;
  if (cookie) headers.Cookie = cookie;
  const res = await t.app.request(`${ORIGIN}${url}`, { headers });
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    while (!text.includes("event: ready")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await reader.cancel();
  } else {
    await res.arrayBuffer();
  }
  return res.status;
}

/** The periods of the reports (read from rollups: reading one must not fill any in). */
const today = new Date().toISOString().slice(0, 10);
const PERIODS = [
  `period=year&year=${today.slice(0, 4)}`,
  `period=month&month=${today.slice(0, 7)}`,
  "period=week&week=2026-W48",
];
/** Besides the plain call (and format=csv for a list that exports): searches and periods. */
const VARIANTS: Record<string, string[]> = {
  report: PERIODS,
  reportSeries: [...PERIODS, `period=day&day=${today}`],
  listCustomers: ["q=Ada", "sort=balance&order=desc"],
  listBets: ["q=Derby", "status=WON"],
  listTransactions: ["q=Keyed"],
  auditLog: ["action=bet.resettle", "q=admin1"],
};

/** Polls a job until it has finished (its final state only; no timing asserted). */
async function finished(id: string): Promise<JobDto> {
  for (let i = 0; i < 2000; i++) {
    const job = await t.json<JobDto>("GET", `/api/admin/jobs/${id}`);
    if (job.state !== "queued" && job.state !== "running") return job;
    await Bun.sleep(5);
  }
  throw new Error(`job ${id} did not finish`);
}

beforeAll(async () => {
  // A business time zone other than UTC, so its offsets table has rows too (decision 062).
  t = await createTestApp(":memory:", { businessTimeZone: "Europe/Dublin" });
  const made = Date.now();
  const post = <T = { id: number }>(path: string, body: unknown, expect = 201) =>
    t.json<T>("POST", path, { body, expect });
  const shop = await post("/api/shops", { name: "Main Street", location: "Dublin" });
  const other = await post("/api/shops", { name: "Quay", location: "Cork" });
  const customer = await post("/api/customers", {
    firstName: "Ada",
    lastName: "Lovelace",
    creditLimit: "100",
    dateOfBirth: "1990-04-12",
  });
  const second = await post("/api/customers", {
    firstName: "Zoë",
    lastName: "Ó Súilleabháin",
    creditLimit: "50",
  });
  // A shift, with the till's money in it, closed; and another open.
  const shift = await t.json<{ id: number }>("POST", "/api/shifts", {
    as: "user",
    body: { shopId: shop.id, openingFloat: "100" },
  });
  await t.json("POST", "/api/deposits", {
    as: "user",
    body: { customerId: customer.id, shopId: shop.id, amount: "40.00" },
    headers: { "Idempotency-Key": "walk-deposit-1" },
  });
  await t.json("POST", "/api/withdrawals", {
    as: "user",
    body: { customerId: customer.id, shopId: shop.id, amount: "5.00" },
  });
  await t.json("POST", `/api/shifts/${shift.id}/movements`, {
    as: "user",
    body: { kind: "pickup", amount: "50.00", reason: "To the safe" },
    headers: { "Idempotency-Key": "walk-pickup-1" },
    expect: 201,
  });
  await t.json("POST", `/api/shifts/${shift.id}/close`, {
    as: "user",
    body: { countedCash: "85" },
    expect: 200,
  });
  await t.json("POST", "/api/shifts", { body: { shopId: other.id, openingFloat: "0" } });
  const deposit = await post("/api/deposits", {
    customerId: second.id,
    shopId: other.id,
    amount: "20.00",
  });
  const bet = (customerId: number, shopId: number, stake: string) =>
    post("/api/bets", { customerId, shopId, description: "Derby", stakeAmount: stake, odds: "2" });
  const open = await bet(customer.id, shop.id, "5");
  const won = await bet(customer.id, shop.id, "2");
  const voided = await bet(second.id, other.id, "1");
  // A large one raises an alert.
  await t.json("PATCH", `/api/customers/${second.id}`, {
    body: { creditLimit: "5000" },
    expect: 200,
  });
  await bet(second.id, other.id, "1500");
  await t.json("PATCH", `/api/bets/${won.id}/resolve`, { body: { status: "LOST" }, expect: 200 });
  await t.json("POST", `/api/admin/bets/${won.id}/resettle`, {
    body: { status: "WON", reason: "Photo finish misread" },
    expect: 200,
  });
  await t.json("PATCH", `/api/bets/${voided.id}/resolve`, {
    body: { status: "VOID", voidReason: "Abandoned" },
    expect: 200,
  });
  await t.json("POST", "/api/admin/reverse-transaction", {
    body: { transactionId: deposit.id, reason: "Keyed twice" },
  });
  await post("/api/transactions", {
    amount: "10",
    fromEntityType: "SHOP",
    fromEntityId: shop.id,
    toEntityType: "USER",
    toEntityId: t.ids.user,
    description: "Float to the safe",
  });
  const slip = await t.json<{ code: string }>("GET", `/api/bets/${won.id}/slip`);
  // An API token, and one revoked (decision 058).
  await post("/api/admin/tokens", { name: "till-sync", role: "user" });
  const revoked = await post("/api/admin/tokens", { name: "old", role: "admin" });
  await t.json("DELETE", `/api/admin/tokens/${revoked.id}`);
  // A refused sign-in (its throttle row) and the integrity check the server records at start.
  const refused = await t.request("POST", "/api/login", {
    as: "anonymous",
    body: { username: "admin1", password: "not-the-password" },
  });
  expect(refused.status).toBe(401);
  recordStartupCheck(t.handle, made);
  // A stored books check (a POST starts it) and an export whose file can be downloaded.
  const check = await post<JobDto>("/api/admin/jobs", { kind: "ledger-check" }, 202);
  const exported = await post<JobDto>("/api/admin/jobs", { kind: "export" }, 202);
  expect((await finished(check.id)).state).toBe("done");
  expect((await finished(exported.id)).state).toBe("done");
  // A customer login linked to its own record, made as the test app makes its users.
  const ada = t.handle.db
    .insert(users)
    .values({
      username: "ada",
      passwordHash: await testPasswordHash(),
      role: "customer",
      customerId: customer.id,
      createdAt: made,
    })
    .returning()
    .get();
  callers.anonymous = { cookie: null, userId: null };
  callers.customer = {
    cookie: `session=${createSession(t.handle.db, ada.id, made)}`,
    userId: ada.id,
  };
  callers.user = {
    cookie: `session=${createSession(t.handle.db, t.ids.user, made)}`,
    userId: t.ids.user,
  };
  callers.admin = {
    cookie: `session=${createSession(t.handle.db, t.ids.admin, made)}`,
    userId: t.ids.admin,
  };
  ids = {
    customers: customer.id,
    shops: shop.id,
    bets: won.id,
    slips: slip.code,
    shifts: shift.id,
    jobs: exported.id,
  };
  expect(open.id).toBeGreaterThan(0);
  // Two minutes on: each caller's first request renews its session (once a minute at most).
  t.deps.clock = () => made + 2 * 60_000;
});
afterAll(() => t.close());

describe("every GET leaves the database as it was", () => {
  test("the walk reaches every GET of the contract list, over a row of every kind", () => {
    expect(gets.length).toBeGreaterThanOrEqual(30);
    for (const [, contract] of gets) expect(admitted(contract).length).toBeGreaterThan(0);
    const empty = Object.entries(snapshot(t.handle.sqlite, null))
      .filter(([, rows]) => rows === "[]")
      .map(([table]) => table);
    // Only a backup script writes backups rows (GET /api/admin/backups reads the folder too).
    expect(empty).toEqual(["backups"]);
  });

  test("as each role it admits, with valid ids, as JSON and as CSV", async () => {
    const problems: string[] = [];
    let calls = 0;
    for (const [name, contract] of gets) {
      for (const caller of admitted(contract)) {
        const path = pathOf(contract, caller);
        const urls = [path, ...(VARIANTS[name] ?? []).map((query) => `${path}?${query}`)];
        if (contract.csv) urls.push(`${path}?format=csv`);
        for (const url of urls) {
          const own = sessionIdOf(callers[caller].cookie);
          const before = snapshot(t.handle.sqlite, own);
          const status = await call(caller, url);
          const changed = changedTables(before, snapshot(t.handle.sqlite, own));
          calls++;
          // Signed in, each call is answered; anonymous, a public GET may say 401.
          const ok = caller === "anonymous" ? status < 500 : status === 200;
          if (!ok) problems.push(`${name} GET ${url} as ${caller}: ${status}`);
          if (changed.length > 0) {
            problems.push(`${name} GET ${url} as ${caller} changed ${changed.join(", ")}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(90);
  });
});

describe("the one excluded change", () => {
  test("a GET renews only its own session's last_verified_at, and only after a minute", async () => {
    const sessionRows = () =>
      t.handle.sqlite
        .query<Record<string, unknown>, []>("select * from sessions order by id")
        .all();
    const made = Date.now();
    const cookie = `session=${createSession(t.handle.db, t.ids.user, made)}`;
    const own = sessionIdOf(cookie);
    const before = sessionRows();
    t.deps.clock = () => made + 30_000;
    await t.app.request(`${ORIGIN}/api/counts`, { headers: { Cookie: cookie, Origin: ORIGIN } });
    expect(sessionRows()).toEqual(before);
    t.deps.clock = () => made + 90_000;
    await t.app.request(`${ORIGIN}/api/counts`, { headers: { Cookie: cookie, Origin: ORIGIN } });
    const after = sessionRows();
    expect(after.map((row) => (row.id === own ? { ...row, last_verified_at: 0 } : row))).toEqual(
      before.map((row) => (row.id === own ? { ...row, last_verified_at: 0 } : row)),
    );
    expect(after.find((row) => row.id === own)?.last_verified_at).toBe(made + 90_000);
  });
});
