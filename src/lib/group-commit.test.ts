/**
 * Group commit (issue 11, decisions/027) through the real app on a real SQLite file:
 * concurrent bet placements share one transaction, a refused one rolls back alone with its
 * own 422, a write that throws after writing leaves none of its rows while the rest of its
 * batch commits, a lone write is committed before its reply, and a failed COMMIT fails them all.
 * No timing assertions: what is observed is the committer's counters and the database.
 */
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { ledgerViolations } from "../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import type { Tx } from "../db/client";
import { customers } from "../db/schema";
import { type CommitBatch, commitStats, groupWrite, observeCommits } from "./group-commit";

let dir: string;
let t: TestApp;
let ids: { shopId: number; customerId: number };

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "group-commit-"));
  t = await createTestApp(join(dir, "test.db"));
  ids = await seedBasics(t, { creditLimit: "100.00" });
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  t.close();
  rmSync(dir, { recursive: true, force: true });
});

const place = (key: string, body: Record<string, unknown> = {}) =>
  t.request("POST", "/api/bets", {
    as: "user",
    headers: { "Idempotency-Key": key },
    body: { ...ids, description: "Derby", stakeAmount: "10.00", odds: "2.00", ...body },
  });

/** Rows as another connection sees them: only what has been committed. */
function committed(): { bets: number; audits: number; keys: number } {
  const reader = new Database(join(dir, "test.db"), { readonly: true });
  try {
    const n = (sql: string) => (reader.query(sql).get() as { n: number }).n;
    return {
      bets: n("select count(*) as n from bets"),
      audits: n("select count(*) as n from audit_log where action = 'bet.place'"),
      keys: n("select count(*) as n from idempotency_keys"),
    };
  } finally {
    reader.close();
  }
}

const statsNow = () => ({ ...commitStats(t.handle.db) });

describe("group commit", () => {
  test("concurrent placements share one BEGIN IMMEDIATE ... COMMIT", async () => {
    const before = statsNow();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => place(`k-${i}`)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    const after = statsNow();
    expect(after.commits - before.commits).toBe(1);
    expect(after.writes - before.writes).toBe(8);
    expect(committed()).toEqual({ bets: 8, audits: 8, keys: 8 });
    // Every placement got its own bet.
    const betIds = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { id: number }).id),
    );
    expect(new Set(betIds).size).toBe(8);
  });

  test("a refused write in a batch gets its own 422; the others commit", async () => {
    const before = statsNow();
    const responses = await Promise.all([
      place("ok-1"),
      place("refused", { stakeAmount: "500.00" }),
      place("ok-2"),
      place("ok-3"),
    ]);
    expect(responses.map((r) => r.status)).toEqual([201, 422, 201, 201]);
    expect(((await (responses[1] as Response).json()) as { message: string }).message).toStartWith(
      "Insufficient Funds",
    );
    const after = statsNow();
    expect(after.commits - before.commits).toBe(1);
    expect(after.writes - before.writes).toBe(4);
    // The refused write left nothing: no bet, no audit row, no idempotency key.
    expect(committed()).toEqual({ bets: 3, audits: 3, keys: 3 });
    const customer = await t.json<{ balance: string }>("GET", `/api/customers/${ids.customerId}`);
    expect(customer.balance).toBe("-30.00");
    // Its key is free: sent again with a stake that fits, it applies now.
    expect((await place("refused", { stakeAmount: "5.00" })).status).toBe(201);
  });

  test("a write that throws after writing rolls back alone: none of its rows, the others commit", async () => {
    const before = statsNow();
    const named = (name: string) => (tx: Tx) =>
      tx.insert(customers).values({ firstName: name, lastName: "Batch", createdAt: 0 }).run();
    // Queued in one turn of the event loop: one batch, the failing write in the middle.
    const first = groupWrite(t.handle.db, named("First"));
    const failing = groupWrite(t.handle.db, (tx) => {
      named("Partial-1")(tx);
      named("Partial-2")(tx);
      throw new Error("failed after writing two rows");
    });
    const last = groupWrite(t.handle.db, named("Last"));
    await expect(failing).rejects.toThrow("failed after writing two rows");
    await first;
    await last;
    const after = statsNow();
    expect(after.commits - before.commits).toBe(1);
    expect(after.writes - before.writes).toBe(3);
    // What another connection sees once the batch committed: the two good writes only.
    const reader = new Database(join(dir, "test.db"), { readonly: true });
    try {
      const names = reader
        .query("select first_name as name from customers where last_name = 'Batch' order by id")
        .all() as { name: string }[];
      expect(names.map((r) => r.name)).toEqual(["First", "Last"]);
    } finally {
      reader.close();
    }
  });

  test("the same key twice in one batch applies once and replays the answer", async () => {
    const [first, second] = (await Promise.all([place("same"), place("same")])) as [
      Response,
      Response,
    ];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await first.json()).toEqual(await second.json());
    expect(committed()).toEqual({ bets: 1, audits: 1, keys: 1 });
  });

  test("a lone write commits at once and is on disk before its reply", async () => {
    const before = statsNow();
    const res = await place("lone");
    expect(res.status).toBe(201);
    // Another connection sees it as soon as the reply is there.
    expect(committed()).toEqual({ bets: 1, audits: 1, keys: 1 });
    const after = statsNow();
    expect(after.commits - before.commits).toBe(1);
    expect(after.writes - before.writes).toBe(1);
  });

  test("a failed COMMIT fails every write of the batch and writes nothing", async () => {
    const before = committed();
    // Queued first, in the same turn: a deferred foreign key violation that only COMMIT sees.
    const poison = groupWrite(t.handle.db, () => {
      t.handle.sqlite.run("PRAGMA defer_foreign_keys = ON");
      t.handle.sqlite.run(
        "insert into bets (description, customer_id, shop_id, stake_cents, odds_hundredths, potential_payout_cents, status, created_at) values ('x', 999999, 999999, 100, 200, 200, 'PENDING', 0)",
      );
    });
    const responses = await Promise.all([place("c-1"), place("c-2"), place("c-3")]);
    await expect(poison).rejects.toThrow(/FOREIGN KEY/);
    expect(responses.map((r) => r.status)).toEqual([500, 500, 500]);
    expect(committed()).toEqual(before);
    expect(t.handle.sqlite.inTransaction).toBe(false);
    // Nothing was stored under their keys: sent again, each applies once.
    const again = await Promise.all([place("c-1"), place("c-2"), place("c-3")]);
    expect(again.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(committed().bets).toBe(before.bets + 3);
  });
});

/**
 * What a batch changed (CommitBatch.changed, the replication's lag): the truth is the WAL
 * itself, the file Litestream ships. A COMMIT that wrote to it changed its bytes (appended
 * frames, or overwrote them after a checkpoint with a new salt); one that did not left them
 * as they were.
 */
describe("whether a batch changed the database", () => {
  const walBytes = () => {
    const path = join(dir, "test.db-wal");
    return existsSync(path) ? readFileSync(path).toString("base64") : "";
  };

  /** Runs `send` with an observer asking for `changed`; answers the batches and the WAL's fate. */
  async function observed(
    send: () => Promise<unknown>,
  ): Promise<{ batches: CommitBatch[]; walChanged: boolean }> {
    const batches: CommitBatch[] = [];
    const stop = observeCommits(t.handle.db, (batch) => batches.push(batch), { changes: true });
    try {
      const before = walBytes();
      await send();
      return { batches, walChanged: walBytes() !== before };
    } finally {
      stop();
    }
  }

  const fields = ({ size, applied, changed, ok }: CommitBatch) => ({ size, applied, changed, ok });

  test("a refused deposit alone changes nothing: no write to the WAL, changed false", async () => {
    await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { isActive: false } });
    const { batches, walChanged } = await observed(async () => {
      const res = await t.request("POST", "/api/deposits", {
        as: "user",
        body: { ...ids, amount: "10.00" },
      });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { reason: string }).reason).toBe("CUSTOMER_INACTIVE");
    });
    expect(walChanged).toBe(false);
    expect(batches.map(fields)).toEqual([{ size: 1, applied: 0, changed: false, ok: true }]);
  });

  test("a deposit that applies, alone or beside a refused one, changes it", async () => {
    const lone = await observed(async () => {
      const res = await t.request("POST", "/api/deposits", {
        as: "user",
        body: { ...ids, amount: "10.00" },
      });
      expect(res.status).toBe(201);
    });
    expect(lone.walChanged).toBe(true);
    expect(lone.batches.map(fields)).toEqual([{ size: 1, applied: 1, changed: true, ok: true }]);

    const mixed = await observed(async () => {
      const responses = await Promise.all([place("m-1"), place("m-2", { stakeAmount: "500.00" })]);
      expect(responses.map((r) => r.status)).toEqual([201, 422]);
    });
    expect(mixed.walChanged).toBe(true);
    expect(mixed.batches.map(fields)).toEqual([{ size: 2, applied: 1, changed: true, ok: true }]);
  });

  test("changed follows the WAL where SQLite's change counter does not", async () => {
    // An UPDATE to the values a row has: total_changes() counts it, SQLite writes nothing.
    const same = await observed(() =>
      groupWrite(t.handle.db, (tx) => {
        tx.run(
          sql`update customers set date_of_birth = date_of_birth where id = ${ids.customerId}`,
        );
      }),
    );
    expect(same.walChanged).toBe(false);
    expect(same.batches.map(fields)).toEqual([{ size: 1, applied: 1, changed: false, ok: true }]);

    // A write that returns having written nothing (a read, a replay).
    const nothing = await observed(() =>
      groupWrite(t.handle.db, (tx) => tx.all(sql`select id from customers`)),
    );
    expect(nothing.walChanged).toBe(false);
    expect(nothing.batches.map(fields)).toEqual([
      { size: 1, applied: 1, changed: false, ok: true },
    ]);

    // A dry run: its rows are rolled back to a savepoint, yet the pages they touched stay
    // dirty and the COMMIT writes them to the WAL (unchanged): Litestream ships that too.
    const deposit = await t.json<{ id: number }>("POST", "/api/deposits", {
      body: { ...ids, amount: "40.00" },
    });
    const preview = await observed(async () => {
      const res = await t.request("POST", "/api/admin/reverse-transaction", {
        body: { transactionId: deposit.id, reason: "Preview only", dryRun: true },
      });
      expect(res.status).toBe(200);
    });
    expect(preview.batches.map(fields)).toEqual([
      { size: 1, applied: 1, changed: preview.walChanged, ok: true },
    ]);
    expect(preview.walChanged).toBe(true);
    expect(committed().bets).toBe(0);
  });

  test("the watching connection closes with its last observer: the database's close still ends the WAL", async () => {
    const stop = observeCommits(t.handle.db, () => {}, { changes: true });
    const again = observeCommits(t.handle.db, () => {}, { changes: true });
    await place("w-1");
    stop();
    stop();
    await place("w-2");
    again();
    t.close();
    // The last connection to close checkpoints the WAL and deletes it: none was left open.
    expect(existsSync(join(dir, "test.db-wal"))).toBe(false);
    // afterEach's checks and close need an open one.
    t = await createTestApp(join(dir, "again.db"));
  });
});
