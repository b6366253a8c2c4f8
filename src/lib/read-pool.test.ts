/**
 * The read pool (issue 11): reads answered by workers on their own read-only connections
 * must answer exactly what the request thread would, errors included.
 */
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, ORIGIN, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import type { Contract } from "../domain/contract";
import { type ContractName, contracts } from "../domain/contracts";
import { ENDPOINTS_MODULE } from "../endpoints";
import { workerSettingsOf } from "./http";
import { log } from "./logger";
import { CallerGoneError, ReadPool } from "./read-pool";

let dir: string;
let t: TestApp;
let pool: ReadPool;
let ids: { shopId: number; customerId: number; betId: number };

/** Resolves once `check` holds (the workers start asynchronously). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await Bun.sleep(5);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "read-pool-"));
  t = await createTestApp(join(dir, "pool.db"));
  const basics = await seedBasics(t, { creditLimit: "100.00" });
  await t.json("POST", "/api/deposits", {
    body: { customerId: basics.customerId, shopId: basics.shopId, amount: "50.00" },
  });
  const bet = await t.json<{ id: number }>("POST", "/api/bets", {
    body: {
      customerId: basics.customerId,
      shopId: basics.shopId,
      description: "Galway Plate",
      stakeAmount: "10.00",
      odds: "2.50",
    },
  });
  ids = { ...basics, betId: bet.id };
  pool = new ReadPool(t.handle.sqlite.filename, 2, workerSettingsOf(t.deps), ENDPOINTS_MODULE);
  await until(() => pool.serves("listCustomers"));
});

afterAll(() => {
  pool.close();
  t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The same request answered inline and through the pool. */
async function both(path: string, as: "admin" | "user" | "customer") {
  const answer = async () => {
    const res = await t.request("GET", path, { as });
    // The books check stamps its own time of checking.
    const body = (await res.text()).replace(/"checkedAt":"[^"]+"/, '"checkedAt":"…"');
    return { status: res.status, total: res.headers.get("X-Total-Count"), body };
  };
  const clock = t.deps.clock;
  const now = clock();
  // One instant for both answers: a report's or a check's "at" is the request's time.
  t.deps.clock = () => now;
  try {
    t.deps.readPool = undefined;
    const inline = await answer();
    t.deps.readPool = pool;
    const pooled = await answer();
    return { inline, pooled };
  } finally {
    t.deps.readPool = undefined;
    t.deps.clock = clock;
  }
}

const QUERIES: Partial<Record<ContractName, string[]>> = {
  listCustomers: ["", "?q=ada&sort=lastName&order=desc", "?limit=1&offset=1"],
  listBets: ["", "?q=galway&sort=customer", "?status=PENDING"],
  listTransactions: ["", "?sort=amount&order=asc"],
  listShops: ["", "?q=main"],
  report: ["?period=month", "?period=all", "?period=nonsense"],
  auditLog: ["", "?limit=2"],
};

describe("reads through the pool", () => {
  const reads = (Object.entries(contracts) as [ContractName, Contract][]).filter(
    ([, contract]) => contract.method === "get" && !contract.audit,
  );

  test("every read the pool serves answers as it does on the request thread", async () => {
    let compared = 0;
    for (const [name, contract] of reads) {
      if (!pool.serves(name)) continue;
      const path = contract.path.replace(/\{(\w+)\}/g, (_, param: string) =>
        String(
          param === "jobId" ? "no-such-job" : param === "id" && name === "getBet" ? ids.betId : 1,
        ),
      );
      for (const query of QUERIES[name] ?? [""]) {
        for (const as of ["admin", "user", "customer"] as const) {
          const { inline, pooled } = await both(`${path}${query}`, as);
          expect({ name, as, query, ...pooled }).toEqual({ name, as, query, ...inline });
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  test("a pooled read never touches the request thread's connection", async () => {
    const { db } = t.deps;
    // A new query built on the request thread's Drizzle handle now throws (the session
    // lookup is a statement prepared once, earlier, so it still works).
    const blocked = new Proxy(db, {
      get(target, key, receiver) {
        if (key === "select" || key === "$count") throw new Error("request thread queried");
        return Reflect.get(target, key, receiver);
      },
    });
    t.deps.readPool = pool;
    t.deps.db = blocked;
    try {
      const res = await t.request("GET", `/api/customers/${ids.customerId}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { lastName: string }).lastName).toBe("Lovelace");
    } finally {
      t.deps.db = db;
      t.deps.readPool = undefined;
    }
  });

  test("a write is visible to the next pooled read", async () => {
    t.deps.readPool = pool;
    try {
      await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { lastName: "Byron" } });
      const after = await t.json<{ lastName: string }>("GET", `/api/customers/${ids.customerId}`);
      expect(after.lastName).toBe("Byron");
    } finally {
      t.deps.readPool = undefined;
    }
  });

  test("only GETs go to the pool: a job started and listed stays on the request thread", async () => {
    t.deps.readPool = pool;
    try {
      const job = await t.json<{ id: string }>("POST", "/api/admin/jobs", {
        body: { kind: "ledger-check" },
        expect: 202,
      });
      const seen = await t.json<{ id: string }>("GET", `/api/admin/jobs/${job.id}`);
      expect(seen.id).toBe(job.id);
    } finally {
      t.deps.readPool = undefined;
    }
  });

  test("reads queue for a free worker and all come back", async () => {
    t.deps.readPool = pool;
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.request("GET", i % 2 ? "/api/customers" : `/api/bets/${ids.betId}`),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    } finally {
      t.deps.readPool = undefined;
    }
  });

  test("heavy reads leave one worker free for lookups by key", async () => {
    const request = (name: ContractName, params: unknown, query: unknown) => ({
      name,
      params,
      query,
      body: undefined,
      actor: null,
      own: null,
      user: null,
      sessionId: null,
      requestId: "lanes",
      now: Date.now(),
    });
    const list = () => request("listCustomers", undefined, { limit: 50, offset: 0 });
    // Workers answer through message events, which cannot arrive while this runs.
    const heavy = [pool.run(list()), pool.run(list()), pool.run(list())];
    expect(pool.waiting).toBe(2);
    const light = pool.run(request("getCustomer", { id: ids.customerId }, undefined));
    expect(pool.waiting).toBe(2);
    await Promise.all(heavy);
    expect(((await light).reply as { id: number }).id).toBe(ids.customerId);
    expect(pool.waiting).toBe(0);
  });

  test("through the app, a request aborted before its read ran is logged at info, not as an error", async () => {
    const errors = spyOn(log, "error");
    const infos = spyOn(log, "info");
    t.deps.readPool = pool;
    try {
      const aborted = new AbortController();
      aborted.abort();
      const res = await t.app.request(`${ORIGIN}/api/bets`, {
        headers: { Cookie: t.cookies.admin, Origin: ORIGIN },
        signal: aborted.signal,
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe("UNAVAILABLE");
      expect(errors).not.toHaveBeenCalled();
      expect(infos.mock.calls.map(([msg]) => msg)).toContain("caller went away");
    } finally {
      t.deps.readPool = undefined;
      errors.mockRestore();
      infos.mockRestore();
    }
  });

  test("a read whose caller went away is dropped, and its worker replaced", async () => {
    const queued = new AbortController();
    const running = new AbortController();
    const request = {
      name: "listBets" as const,
      params: undefined,
      query: { limit: 50, offset: 0 },
      body: undefined,
      actor: null,
      own: null,
      user: null,
      sessionId: null,
      requestId: "abort",
      now: Date.now(),
    };
    const first = pool.run(request, running.signal);
    const second = pool.run(request);
    const third = pool.run(request, queued.signal);
    expect(pool.waiting).toBe(2);
    queued.abort();
    expect(pool.waiting).toBe(1);
    running.abort();
    await expect(first).rejects.toBeInstanceOf(CallerGoneError);
    await expect(third).rejects.toThrow("The caller went away");
    expect(((await second).reply as { items: unknown[] }).items.length).toBe(1);
    // The replaced worker starts and serves again.
    await until(() => pool.waiting === 0);
    const again = await Promise.all([pool.run(request), pool.run(request), pool.run(request)]);
    expect(again.map((a) => (a.reply as { items: unknown[] }).items.length)).toEqual([1, 1, 1]);
  });

  test("a pool whose workers cannot start leaves reads on the request thread", async () => {
    const broken = new ReadPool(
      join(dir, "missing", "nothing.db"),
      1,
      workerSettingsOf(t.deps),
      ENDPOINTS_MODULE,
    );
    // The worker fails on its first message; until then it is not ready either.
    await Bun.sleep(0);
    expect(broken.serves("listCustomers")).toBe(false);
    t.deps.readPool = broken;
    try {
      expect((await t.request("GET", "/api/customers")).status).toBe(200);
    } finally {
      t.deps.readPool = undefined;
      broken.close();
    }
  });
});
