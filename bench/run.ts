/**
 * The benchmark of DESIGN.md section 6. Starts the real server on a seeded database
 * (bench/seed-large.ts), then measures:
 *  - median latency (one client, sequential) of list pages, detail pages, dashboard stats
 *    and a report, against the 50 ms target;
 *  - server RSS against the 300 MB target;
 *  - bet placement over HTTP, signed in, at 32 concurrent connections, against a bare
 *    Bun + SQLite endpoint doing the same three statements without auth (target: at least
 *    half its throughput, p99 under 25 ms), and that no money was lost or duplicated.
 * Usage: bun bench/run.ts [--db bench/data/bench.db] [--seconds 10]
 */
import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "bench/data/bench.db" },
    seconds: { type: "string", default: "10" },
  },
});
const source = values.db ?? "bench/data/bench.db";
if (!existsSync(source)) {
  console.error(`No database at ${source}. Run: bun bench/seed-large.ts --db ${source}`);
  process.exit(1);
}
const seconds = Number(values.seconds);
const db = `${source}.run.db`;
copyFileSync(source, db);

const PORT = 3900;
const BARE_PORT = 3901;
const base = `http://127.0.0.1:${PORT}`;
const server = Bun.spawn(["bun", "src/index.ts"], {
  env: { ...process.env, PORT: String(PORT), DATABASE_PATH: db, LOG_LEVEL: "silent" },
  stdout: "ignore",
  stderr: "inherit",
});
const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
async function waitFor(url: string) {
  // The first start runs integrity_check over the whole file: minutes on a large database.
  for (let i = 0; i < 6000; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await Bun.sleep(100);
  }
  throw new Error(`${url} did not come up`);
}
await waitFor(`${base}/healthz`);

const login = await fetch(`${base}/api/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: base },
  body: JSON.stringify({ username: "bench", password: "bench-password" }),
});
const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
const headers = { Cookie: cookie, Origin: base, "Content-Type": "application/json" };

const probe = new Database(db, { readonly: true });
const one = (q: string) =>
  Object.values(probe.query(q).get() as Record<string, number>)[0] as number;
const customerId = one("select id from customers order by id desc limit 1");
const shopId = one("select id from shops limit 1");
const betId = one("select max(id) from bets");
const month = new Date().toISOString().slice(0, 7);
probe.close();

const endpoints = [
  "/api/customers",
  "/api/customers?sort=lastName&order=asc&offset=5000",
  "/api/shops",
  "/api/bets",
  "/api/bets?status=PENDING",
  "/api/transactions",
  `/api/customers/${customerId}`,
  `/api/customers/${customerId}/stats`,
  `/api/transactions?customerId=${customerId}&limit=10`,
  `/api/bets?customerId=${customerId}&limit=10`,
  `/api/shops/${shopId}`,
  `/api/shops/${shopId}/stats`,
  `/api/bets/${betId}`,
  "/api/dashboard/stats",
  `/api/reports?period=month&month=${month}`,
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

console.log("\nLatency, one client, median of 21 (target < 50 ms)");
let slow = 0;
for (const path of endpoints) {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    status = res.status;
    times.push(performance.now() - t0);
  }
  const m = median(times);
  if (m >= 50 || status !== 200) slow++;
  console.log(
    `${m.toFixed(1).padStart(8)} ms  ${status}  ${path}${m >= 50 ? "  <-- over target" : ""}`,
  );
}
console.log(`server RSS after reads: ${rssMb(server.pid).toFixed(0)} MB (target < 300 MB)`);

async function load(url: string, init: (i: number) => RequestInit, concurrency: number) {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let counter = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const res = await fetch(url, init(counter++));
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status === 201 || res.status === 200) ok++;
        else failed++;
      }
    }),
  );
  return { rps: ok / seconds, ok, failed, p99: pct(latencies, 0.99), median: median(latencies) };
}

const betBody = JSON.stringify({
  customerId: 1,
  shopId: 1,
  description: "Bench",
  stakeAmount: "1.00",
  odds: "2.00",
});
await fetch(`${base}/api/customers/1`, {
  method: "PATCH",
  headers,
  body: JSON.stringify({ allowOverdraft: true }),
});
const before = new Database(db, { readonly: true });
const balanceBefore = (
  before.query("select balance_cents as b from customers where id = 1").get() as { b: number }
).b;
const betsBefore = (before.query("select count(*) as n from bets").get() as { n: number }).n;
before.close();

const app = await load(`${base}/api/bets`, () => ({ method: "POST", headers, body: betBody }), 32);
console.log(
  `\nBet placement, app (auth, validation, ledger, audit, idempotency): ${app.rps.toFixed(0)} req/s, p50 ${app.median.toFixed(1)} ms, p99 ${app.p99.toFixed(1)} ms, ${app.failed} failed`,
);
console.log(`server RSS after writes: ${rssMb(server.pid).toFixed(0)} MB`);
server.kill();
await server.exited;

const after = new Database(db, { readonly: true });
const balanceAfter = (
  after.query("select balance_cents as b from customers where id = 1").get() as { b: number }
).b;
const betsAfter = (after.query("select count(*) as n from bets").get() as { n: number }).n;
after.close();
const moneyOk = betsAfter - betsBefore === app.ok && balanceBefore - balanceAfter === app.ok * 100;
console.log(
  `money check: ${app.ok} bets accepted, ${betsAfter - betsBefore} rows, balance moved ${(balanceBefore - balanceAfter) / 100} EUR -> ${moneyOk ? "exact" : "MISMATCH"}`,
);

// The bare baseline: Bun + SQLite, the same three statements, no auth, no validation.
const bare = Bun.spawn(["bun", "bench/bare-endpoint.ts", db, String(BARE_PORT)], {
  stdout: "ignore",
  stderr: "inherit",
});
await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
const baseline = await load(
  `http://127.0.0.1:${BARE_PORT}/bets`,
  () => ({ method: "POST", body: betBody }),
  32,
);
bare.kill();
await bare.exited;
console.log(
  `Bet placement, bare Bun + SQLite: ${baseline.rps.toFixed(0)} req/s, p99 ${baseline.p99.toFixed(1)} ms`,
);
const ratio = app.rps / baseline.rps;
console.log(
  `ratio app/bare: ${(ratio * 100).toFixed(0)}% (target >= 50%), app p99 ${app.p99.toFixed(1)} ms (target < 25 ms)`,
);
console.log(
  `\nsummary: ${slow} endpoint(s) over 50 ms; throughput ${ratio >= 0.5 ? "met" : "NOT met"}; p99 ${app.p99 < 25 ? "met" : "NOT met"}; money ${moneyOk ? "exact" : "MISMATCH"}`,
);
