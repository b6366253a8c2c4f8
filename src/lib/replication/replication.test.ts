/** REPLICA_URL, the generated Litestream configuration, and the lag bookkeeping (decision 060). */
import { Database } from "bun:sqlite";
import { describe, expect, spyOn, test } from "bun:test";
import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, seedBasics } from "../../../tests/helpers/test-app";
import { readEnv } from "../../env";
import { setLogLevel } from "../logger";
import { describeReplica, litestreamConfig, parseReplicaUrl } from "./config";
import { generationAt, lastApplied, restoreFromReplica, restoreTimestamp } from "./restore";
import {
  HUNG_SYNC_MS,
  hungSyncAfterMs,
  isSyncLine,
  isSyncStartLine,
  parseGoDurationMs,
  parseLitestreamLine,
  ReplicaTracker,
  Replication,
} from "./supervisor";

describe("REPLICA_URL", () => {
  test("file, sftp and s3 replicas", () => {
    expect(parseReplicaUrl("file:///srv/replica/shop/")).toEqual({
      type: "file",
      path: "/srv/replica/shop",
    });
    expect(parseReplicaUrl("sftp://backup@vault.example.ie/data/shop", "/keys/id")).toEqual({
      type: "sftp",
      host: "vault.example.ie:22",
      user: "backup",
      path: "/data/shop",
      keyPath: "/keys/id",
    });
    expect(
      parseReplicaUrl("s3://bucket/shop/db?endpoint=http://127.0.0.1:9000&force-path-style=true"),
    ).toEqual({
      type: "s3",
      bucket: "bucket",
      path: "shop/db",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
    });
  });

  test("one-line errors at start", () => {
    const bad = (url: string, extra: Record<string, string> = {}) => {
      try {
        readEnv({ REPLICA_URL: url, ...extra });
        return "accepted";
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(bad("ftp://x/y")).toBe(
      "Invalid environment: REPLICA_URL: ftp is not a replica type (give file:///path, sftp://user@host[:port]/path or s3://bucket/path (decision 060))",
    );
    expect(bad("sftp://u@host/path")).toContain("REPLICA_SFTP_KEY_PATH");
    expect(bad("sftp://u@host/path", { REPLICA_SFTP_KEY_PATH: "/k" })).toBe("accepted");
    expect(bad("s3://AKIA:secret@bucket/p")).toContain("AWS_ACCESS_KEY_ID");
    expect(bad("file://host/path")).toContain("file:///absolute/path");
    // Not the folder /replica at the root of the file system.
    expect(bad("file:replica")).toContain("file:///path");
    expect(bad("file:/srv/replica")).toContain("file:///path");
    expect(bad("file:///srv/replica")).toBe("accepted");
    expect(bad("", {})).toBe("accepted");
  });

  test("the password never shows, and the config is JSON that Litestream reads as YAML", () => {
    const target = parseReplicaUrl("sftp://backup:pa%24%24@vault:2222/data");
    expect(describeReplica(target)).toBe("sftp://backup:***@vault:2222/data");
    const config = JSON.parse(litestreamConfig("data/shop.db", target, 72));
    expect(config.dbs[0].replicas[0]).toMatchObject({
      type: "sftp",
      host: "vault:2222",
      user: "backup",
      password: "pa$$",
      "sync-interval": "1000ms",
      retention: "72h",
    });
    expect(config.dbs[0].path.endsWith("/data/shop.db")).toBe(true);
  });

  test("--at takes RFC 3339 times only", () => {
    expect(restoreTimestamp("2026-11-23T14:05:00Z")).toBe("2026-11-23T14:05:00.000Z");
    expect(restoreTimestamp("2026-11-23T15:05:00+01:00")).toBe("2026-11-23T14:05:00.000Z");
    expect(restoreTimestamp("yesterday")).toBeNull();
    expect(restoreTimestamp("2026-11-23")).toBeNull();
    expect(restoreTimestamp("2026-02-30T14:05:00Z")).toBeNull();
  });
});

describe("--at where no generation covers it (Litestream refused it)", () => {
  // `litestream generations` of the audit's replica: a run, a clean stop, another run.
  const second = (clock: string) => Date.parse(`2026-11-27T23:${clock}Z`);
  const first = { id: "909eee964688a4e8", startMs: second("32:37"), endMs: second("32:41") };
  const next = { id: "7d8939c4ab5db885", startMs: second("33:11"), endMs: second("33:15") };
  const both = [next, first];

  test("between two runs, or after the last write: the newest generation begun before it, whole", () => {
    expect(generationAt(both, second("33:00"))).toEqual({ kind: "whole", generation: first });
    expect(generationAt(both, second("32:44"))).toEqual({ kind: "whole", generation: first });
    // Later within the second its last write was shipped in: after that write.
    expect(generationAt(both, second("32:41") + 500)).toEqual({ kind: "whole", generation: first });
    expect(generationAt(both, second("40:00"))).toEqual({ kind: "whole", generation: next });
  });

  test("within the second a generation began: before it, unless it also ended in that second", () => {
    // 23:33:11.5 is outside 23:33:11.x to 23:33:15.x: before that run's first snapshot.
    expect(generationAt(both, second("33:11") + 500)).toEqual({ kind: "whole", generation: first });
    const blink = { id: "0123456789abcdef", startMs: second("34:00"), endMs: second("34:00") };
    expect(generationAt([...both, blink], second("34:00") + 500)).toEqual({
      kind: "same-second",
      generation: blink,
    });
  });

  test("before the first generation, or an empty replica: nothing to restore", () => {
    expect(generationAt(both, second("32:36") + 999)).toEqual({
      kind: "before-first",
      generation: first,
    });
    expect(generationAt(both, second("32:37") + 500)).toEqual({
      kind: "before-first",
      generation: first,
    });
    expect(generationAt([], second("33:00"))).toEqual({ kind: "empty" });
  });
});

/**
 * Lines Litestream 0.3.13 (the npm package's binary) wrote replicating a scratch database to a
 * file replica: its first snapshot, then one commit and a pause, then five commits 150 ms
 * apart. `elapsed` is a Go duration string, never a number.
 */
const REAL_LOG = [
  '{"time":"2026-11-27T15:05:49.002861258Z","level":"INFO","msg":"write snapshot","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:16512"}',
  '{"time":"2026-11-27T15:05:49.016485585Z","level":"INFO","msg":"snapshot written","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:16512","elapsed":"13.60822ms","sz":333}',
  '{"time":"2026-11-27T15:05:49.016591029Z","level":"INFO","msg":"write wal segment","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:0"}',
  '{"time":"2026-11-27T15:05:49.017852054Z","level":"INFO","msg":"wal segment written","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:0","elapsed":"1.265901ms","sz":16512}',
  // The one commit (noted at 15:05:50.725) shipped 24 ms later, then nothing.
  '{"time":"2026-11-27T15:05:50.749075118Z","level":"INFO","msg":"write wal segment","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:16512"}',
  '{"time":"2026-11-27T15:05:50.749547607Z","level":"INFO","msg":"wal segment written","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:16512","elapsed":"502.084µs","sz":4120}',
  // Five commits, noted at 53.736, 53.887, 54.042, 54.193 and 54.344.
  '{"time":"2026-11-27T15:05:53.74824245Z","level":"INFO","msg":"write wal segment","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:20632"}',
  '{"time":"2026-11-27T15:05:53.748870767Z","level":"INFO","msg":"wal segment written","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:20632","elapsed":"631.523µs","sz":4120}',
  '{"time":"2026-11-27T15:05:53.999283891Z","level":"INFO","msg":"write wal segment","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:24752"}',
  '{"time":"2026-11-27T15:05:54.000000111Z","level":"INFO","msg":"wal segment written","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:24752","elapsed":"721.249µs","sz":4120}',
  '{"time":"2026-11-27T15:05:54.248919421Z","level":"INFO","msg":"write wal segment","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:28872"}',
  '{"time":"2026-11-27T15:05:54.249437653Z","level":"INFO","msg":"wal segment written","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:28872","elapsed":"521.66µs","sz":8240}',
  '{"time":"2026-11-27T15:05:55.00096901Z","level":"INFO","msg":"write wal segment","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:37112"}',
  '{"time":"2026-11-27T15:05:55.001960379Z","level":"INFO","msg":"wal segment written","db":"/tmp/lsx/shop.db","replica":"replica","position":"a99818e7e6707091/00000000:37112","elapsed":"1.000598ms","sz":4120}',
];
const at = (clock: string) => Date.parse(`2026-11-27T15:05:${clock}Z`);

/** Feeds real lines to a tracker the way the supervisor does (its onLine). */
function feed(tracker: ReplicaTracker, lines: string[]): void {
  for (const text of lines) {
    const line = parseLitestreamLine(text);
    if (!line) throw new Error(`not a Litestream line: ${text}`);
    if (isSyncStartLine(line)) tracker.noteSyncStart(line.time);
    else if (isSyncLine(line)) {
      tracker.noteSync(line.elapsedMs === undefined ? null : line.time - line.elapsedMs, line.time);
    } else if (line.level === "ERROR") tracker.noteError(line.time, line.msg);
  }
}

describe("the lag", () => {
  test("Litestream's JSON lines: a sync's end and its duration, a Go duration string", () => {
    expect(parseLitestreamLine(REAL_LOG[1] as string)).toEqual({
      time: Date.parse("2026-11-27T15:05:49.016485585Z"),
      level: "INFO",
      msg: "snapshot written",
      elapsedMs: 13.60822,
    });
    expect(parseLitestreamLine(REAL_LOG[5] as string)?.elapsedMs).toBeCloseTo(0.502084, 9);
    expect(parseLitestreamLine(REAL_LOG[4] as string)).toEqual({
      time: Date.parse("2026-11-27T15:05:50.749075118Z"),
      level: "INFO",
      msg: "write wal segment",
    });
    expect(parseLitestreamLine("not json")).toBeNull();
  });

  test("Go durations as time.Duration.String writes them", () => {
    expect(parseGoDurationMs("6.183873ms")).toBeCloseTo(6.183873, 9);
    expect(parseGoDurationMs("502.084\u00b5s")).toBeCloseTo(0.502084, 9);
    expect(parseGoDurationMs("502.084\u03bcs")).toBeCloseTo(0.502084, 9);
    expect(parseGoDurationMs("250ns")).toBeCloseTo(0.00025, 9);
    expect(parseGoDurationMs("1.5s")).toBe(1_500);
    expect(parseGoDurationMs("1m2.5s")).toBe(62_500);
    expect(parseGoDurationMs("1h0m0s")).toBe(3_600_000);
    expect(parseGoDurationMs("0s")).toBe(0);
    expect(parseGoDurationMs(2_000_000)).toBe(2);
    expect(parseGoDurationMs("")).toBeNull();
    expect(parseGoDurationMs("soon")).toBeNull();
    expect(parseGoDurationMs("5 ms")).toBeNull();
  });

  test("the last write before a pause: shipped 24 ms later, the lag drops to 0 and stays there", () => {
    const t = new ReplicaTracker();
    t.runningSince = at("48.747");
    feed(t, REAL_LOG.slice(0, 4));
    t.noteCommit(at("50.725"));
    feed(t, REAL_LOG.slice(4, 6));
    // Right after the sync, it cannot yet tell whether that sync carried the commit.
    expect(t.lagSeconds(at("51.725"))).toBe(1);
    // Not before a sync interval and the margin: a next sync could still be coming.
    expect(t.lagSeconds(at("52.700"))).toBe(1.975);
    // Litestream stayed quiet: had the sync missed it, another would have begun by now.
    expect(t.lagSeconds(at("52.800"))).toBe(0);
    // Idle past twice REPLICA_MAX_LAG_SECONDS (the audit's false alarm came at 10 s).
    const later = at("50.725") + 2 * 10_000 + 1_000;
    expect(t.lagSeconds(later)).toBe(0);
    expect(t.state(later, 10)).toEqual({ state: "ok", detail: null });
    expect(t.lastSyncAt).toBe(Date.parse("2026-11-27T15:05:50.749547607Z"));
  });

  test("a burst of writes: each is shipped by a later sync, the last one by the quiet after it", () => {
    const t = new ReplicaTracker();
    t.runningSince = at("48.747");
    feed(t, REAL_LOG.slice(0, 6));
    const commits = ["53.736", "53.887", "54.042", "54.193", "54.344"].map(at);
    // Commits and lines in the order they happened.
    t.noteCommit(commits[0] as number);
    feed(t, REAL_LOG.slice(6, 8));
    t.noteCommit(commits[1] as number);
    feed(t, REAL_LOG.slice(8, 10));
    t.noteCommit(commits[2] as number);
    t.noteCommit(commits[3] as number);
    feed(t, REAL_LOG.slice(10, 12));
    t.noteCommit(commits[4] as number);
    // The sync at 54.249 began too soon after 54.193 to prove it, and before 54.344.
    expect(t.lagSeconds(at("54.900"))).toBeCloseTo(0.9 - 0.042, 3);
    feed(t, REAL_LOG.slice(12, 14));
    // The sync at 55.001 began more than a monitor interval after 54.344 and carried them all.
    expect(t.lagSeconds(at("55.100"))).toBe(0);
  });

  test("the quiet proves nothing while a sync is under way, after an error, or across a restart", () => {
    const busy = new ReplicaTracker();
    busy.runningSince = at("48.747");
    busy.noteCommit(at("50.725"));
    feed(busy, REAL_LOG.slice(4, 6));
    // Began and never finished (an upload hanging): the commit may be in that one only.
    busy.noteSyncStart(at("51.000"));
    expect(busy.lagSeconds(at("58.000"))).toBe(7.275);

    const failing = new ReplicaTracker();
    failing.runningSince = at("48.747");
    failing.noteCommit(at("50.725"));
    feed(failing, REAL_LOG.slice(4, 6));
    failing.noteError(at("51.200"), "monitor error: write wal segment: permission denied");
    expect(failing.lagSeconds(at("58.000"))).toBe(7.275);
    expect(failing.state(at("50.725") + 11_000, 10).state).toBe("lagging");

    // A commit noted after the sync began is not in it: it waits for the next sync.
    const after = new ReplicaTracker();
    after.runningSince = at("48.747");
    feed(after, REAL_LOG.slice(4, 5));
    after.noteCommit(at("50.900"));
    feed(after, REAL_LOG.slice(5, 6));
    expect(after.lagSeconds(at("58.000"))).toBe(7.1);

    // Litestream restarted since the sync: the quiet of the new process says nothing of it.
    const restarted = new ReplicaTracker();
    restarted.runningSince = at("48.747");
    restarted.noteCommit(at("50.725"));
    feed(restarted, REAL_LOG.slice(4, 6));
    restarted.noteStarted(at("51.000"));
    expect(restarted.lagSeconds(at("58.000"))).toBe(7.275);
  });

  test("a commit counts as shipped by a sync that began a monitor interval after it", () => {
    const t = new ReplicaTracker();
    t.runningSince = 0;
    t.noteCommit(10_000);
    t.noteCommit(10_500);
    expect(t.lagSeconds(12_000)).toBe(2);
    // Began 100 ms after the first commit: too soon to be sure it carried it.
    t.noteSync(10_100, 10_110);
    expect(t.lagSeconds(12_000)).toBe(2);
    // Began well after the first, not the second.
    t.noteSync(10_600, 10_610);
    expect(t.lagSeconds(12_000)).toBe(1.5);
    t.noteSync(11_000, 11_010);
    expect(t.lagSeconds(12_000)).toBe(0);
    expect(t.lastSyncAt).toBe(11_010);
    expect(t.state(12_000, 10).state).toBe("ok");
  });

  test("a sync after a quiet spell: what the quiet settled stays settled, the lag is the new write's", () => {
    const t = new ReplicaTracker();
    t.runningSince = 0;
    t.noteCommit(1_000);
    t.noteSync(1_100, 1_110);
    // Ten minutes idle, then a write, and Litestream begins shipping it.
    t.noteCommit(601_000);
    t.noteSyncStart(601_200);
    // The write before the pause was settled by the quiet long ago: 0.3 s, not 600.3.
    expect(t.lagSeconds(601_300)).toBe(0.3);
    expect(t.state(601_300, 10)).toEqual({ state: "ok", detail: null });
    // Still open later: the lag is the new write's own.
    expect(t.lagSeconds(605_000)).toBe(4);

    // The same with the lag read during the quiet (as the supervisor does every second), and
    // an error or a restart (each ends the quiet) instead of a sync's start.
    for (const end of [
      (x: ReplicaTracker) => x.noteError(601_200, "monitor error: connection lost"),
      (x: ReplicaTracker) => x.noteStarted(601_200),
    ]) {
      const u = new ReplicaTracker();
      u.runningSince = 0;
      u.noteCommit(1_000);
      u.noteSync(1_100, 1_110);
      expect(u.lagSeconds(5_000)).toBe(0);
      u.noteCommit(601_000);
      end(u);
      expect(u.lagSeconds(601_300)).toBe(0.3);
    }

    // A process that exits after its quiet proved a commit: proved still.
    const gone = new ReplicaTracker();
    gone.runningSince = 0;
    gone.noteCommit(1_000);
    gone.noteSync(1_100, 1_110);
    gone.noteStopped(4_000);
    expect(gone.lagSeconds(10_000)).toBe(0);
    // Exited before the quiet said anything: the commit still waits.
    const early = new ReplicaTracker();
    early.runningSince = 0;
    early.noteCommit(1_000);
    early.noteSync(1_100, 1_110);
    early.noteStopped(1_500);
    expect(early.lagSeconds(10_000)).toBe(9);
  });

  test("states: lagging beyond the limit, or failing to reach the replica; stopped without Litestream", () => {
    const t = new ReplicaTracker();
    expect(t.state(0, 10).state).toBe("stopped");
    t.runningSince = 0;
    t.noteCommit(1_000);
    expect(t.state(5_000, 10).state).toBe("ok");
    expect(t.state(12_000, 10)).toEqual({
      state: "lagging",
      detail: "the replica is 11 s behind (REPLICA_MAX_LAG_SECONDS is 10)",
    });
    const idle = new ReplicaTracker();
    idle.runningSince = 0;
    idle.noteError(500, "monitor error: dial tcp: connection refused");
    expect(idle.state(5_000, 10).state).toBe("ok");
    expect(idle.state(11_000, 10)).toEqual({
      state: "lagging",
      detail: "Litestream cannot reach the replica: monitor error: dial tcp: connection refused",
    });
  });
});

/** A stand-in `litestream` in `dir`: a script running `source` (Bun) with its arguments. */
function fakeLitestream(dir: string, source: string): string {
  writeFileSync(join(dir, "fake-litestream.ts"), source);
  const binary = join(dir, "litestream");
  writeFileSync(
    binary,
    `#!/bin/sh\nexec "${process.execPath}" "${join(dir, "fake-litestream.ts")}" "$@"\n`,
  );
  chmodSync(binary, 0o700);
  return binary;
}

describe("the restored file from Litestream", () => {
  /**
   * A stand-in for `litestream restore -o OUT`: it writes OUT.tmp in WAL mode and renames it to
   * OUT, as 0.3.13 does, but leaves a commit in OUT.tmp-wal (0.3.13 leaves it empty).
   */
  const FAKE_RESTORE = `
    import { Database } from "bun:sqlite";
    import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
    const out = process.argv[process.argv.indexOf("-o") + 1];
    const tmp = out + ".tmp";
    const db = new Database(tmp);
    db.run("pragma journal_mode = wal");
    db.run("create table shops (name text)");
    db.run("pragma wal_checkpoint(TRUNCATE)");
    db.run("pragma wal_autocheckpoint = 0");
    db.run("insert into shops values ('only in the WAL')");
    const wal = readFileSync(tmp + "-wal");
    db.close();
    writeFileSync(tmp + "-wal", wal);
    writeFileSync(tmp + "-shm", "");
    renameSync(tmp, out);
  `;

  test("commits left in Litestream's temporary -wal stay with the file, as its -wal; the rest goes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "replica-restore-"));
    try {
      const binary = fakeLitestream(dir, FAKE_RESTORE);
      const outPath = join(dir, "shop.db.from-replica");
      // What an earlier restore left under the names it uses goes first.
      writeFileSync(`${outPath}-wal`, "an older restore's WAL");
      await restoreFromReplica({
        binary,
        target: parseReplicaUrl(`file://${join(dir, "replica")}`),
        dbPath: join(dir, "shop.db"),
        outPath,
        retentionHours: 72,
      });
      expect(
        readdirSync(dir)
          .filter((f) => f.startsWith("shop.db"))
          .sort(),
      ).toEqual(["shop.db.from-replica", "shop.db.from-replica-wal"]);
      expect(statSync(`${outPath}-wal`).size).toBeGreaterThan(32);
      const db = new Database(outPath, { readonly: true });
      try {
        expect(db.query("select name from shops").values()).toEqual([["only in the WAL"]]);
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a WAL index that does not follow the one before it", () => {
  const GENERATION = "f3f705b3cd345cd1";
  /** Litestream 0.3.13's log of the drill's failed restore (its JSON lines, shortened). */
  const line = (msg: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ level: "INFO", msg, generation: GENERATION, ...extra });
  const FAILED = [
    line("restoring snapshot", { index: 0 }),
    ...[0, 1, 2].flatMap((index) => [
      line("downloaded wal", { index }),
      line("applied wal", { index }),
    ]),
    line("downloaded wal", { index: 3 }),
    JSON.stringify({
      level: "ERROR",
      msg: "failed to run",
      error: "cannot apply wal: database disk image is malformed",
    }),
  ];

  test("the last WAL index Litestream applied is read off its log", () => {
    expect(lastApplied(FAILED.join("\n"))).toEqual({ generation: GENERATION, index: 2 });
    expect(lastApplied("not json\n")).toBeNull();
  });

  /**
   * A stand-in for `litestream restore`: without `-index` it fails as 0.3.13 did in the drill
   * (a server killed in the middle of a commit); with one, it writes OUT. Each call's
   * arguments are kept, one line each.
   */
  const FAKE = (calls: string, failed: string) => `
    import { Database } from "bun:sqlite";
    import { appendFileSync, readFileSync } from "node:fs";
    const args = process.argv.slice(2);
    appendFileSync(${JSON.stringify(calls)}, args.join(" ") + "\\n");
    if (!args.includes("-index")) {
      console.log(readFileSync(${JSON.stringify(failed)}, "utf8"));
      process.exit(1);
    }
    const db = new Database(args[args.indexOf("-o") + 1]);
    db.run("create table shops (name text)");
    db.run("insert into shops values ('up to index 2')");
    db.close();
  `;

  test("the latest state is restored up to the index before it, with a warning naming both", async () => {
    const dir = mkdtempSync(join(tmpdir(), "replica-malformed-"));
    try {
      const calls = join(dir, "calls.txt");
      const failed = join(dir, "failed.log");
      writeFileSync(failed, FAILED.join("\n"));
      const binary = fakeLitestream(dir, FAKE(calls, failed));
      const outPath = join(dir, "shop.db.from-replica");
      const result = await restoreFromReplica({
        binary,
        target: parseReplicaUrl(`file://${join(dir, "replica")}`),
        dbPath: join(dir, "shop.db"),
        outPath,
        retentionHours: 72,
      });
      const second = readFileSync(calls, "utf8").trim().split("\n")[1] ?? "";
      expect(second).toContain(`-generation ${GENERATION} -index 00000002`);
      expect(result.notices).toHaveLength(1);
      expect(result.notices[0]).toStartWith(
        `WARNING: the replica's WAL index 00000003 of generation ${GENERATION} does not follow index 00000002`,
      );
      const db = new Database(outPath, { readonly: true });
      try {
        expect(db.query("select name from shops").values()).toEqual([["up to index 2"]]);
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Waits (up to 30 s) until `ready()` holds. */
async function until(what: string, ready: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

/**
 * A stand-in for `litestream replicate`: each run starts its `-exec` watchdog as Litestream
 * does, appends its pid and the watchdog's to `runs` and logs its snapshot; the first then
 * begins a WAL segment and hangs there for ever, alive, silent and deaf to SIGTERM
 * (Litestream 0.3.13 after its SFTP connection dropped mid-upload).
 */
function fakeReplicate(runs: string): string {
  return `
  import { appendFileSync, existsSync, readFileSync } from "node:fs";
  const runs = ${JSON.stringify(runs)};
  const run = (existsSync(runs) ? readFileSync(runs, "utf8").split("\\n").filter(Boolean).length : 0) + 1;
  const watchdog = Bun.spawn(["sh", "-c", process.argv[process.argv.indexOf("-exec") + 1]]);
  appendFileSync(runs, process.pid + " " + watchdog.pid + "\\n");
  const line = (msg, extra = {}) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), level: "INFO", msg, ...extra }));
  line("write snapshot");
  line("snapshot written", { elapsed: "1.5ms" });
  if (run === 1) {
    process.on("SIGTERM", () => {});
    line("write wal segment");
  } else {
    process.on("SIGTERM", () => {
      watchdog.kill();
      process.exit(0);
    });
  }
  setInterval(() => {}, 1000);
`;
}

describe("the supervisor", () => {
  test("a refused write on a quiet server is no commit to ship: no lag, no alarm", async () => {
    const dir = mkdtempSync(join(tmpdir(), "replica-refused-"));
    const t = await createTestApp(join(dir, "shop.db"));
    let now = Date.now();
    const replication = new Replication({
      db: t.handle.db,
      dbPath: join(dir, "shop.db"),
      target: parseReplicaUrl(`file://${join(dir, "replica")}`),
      binary: join(dir, "never-started"),
      maxLagSeconds: 10,
      retentionHours: 72,
      clock: () => now,
    });
    try {
      const ids = await seedBasics(t);
      await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { isActive: false } });
      // Litestream runs and has shipped everything so far; then the shop is quiet a minute.
      replication.tracker.noteStarted(now);
      replication.tracker.noteSync(now + 1_000, now + 1_010);
      now += 60_000;
      expect(replication.status()).toMatchObject({ state: "ok", lagSeconds: 0 });
      const refused = await t.request("POST", "/api/deposits", {
        as: "user",
        body: { ...ids, amount: "10.00" },
      });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { reason: string }).reason).toBe("CUSTOMER_INACTIVE");
      // The WAL did not change: Litestream has nothing to ship, and nothing waits for it.
      now += 10_000 + 1_000;
      expect(replication.status()).toMatchObject({ state: "ok", lagSeconds: 0 });

      // A write that applies does wait for the replica.
      await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { isActive: true } });
      now += 11_000;
      expect(replication.status()).toMatchObject({ state: "lagging", lagSeconds: 11 });
    } finally {
      replication.kill();
      t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("how long a sync may stay open: a minute, and a second more per MB it writes", () => {
    expect(HUNG_SYNC_MS).toBe(60_000);
    expect(hungSyncAfterMs(0)).toBe(60_000);
    expect(hungSyncAfterMs(4_120)).toBe(60_004.12);
    // A 2 GB database's snapshot: over half an hour at 1 MB/s.
    expect(hungSyncAfterMs(2_000_000_000)).toBe(2_060_000);
  });

  // Two waits of up to 30 s each, so a failure says which.
  test("a sync that hangs past its bound: Litestream is killed and started again, with a warning and the alert", async () => {
    const dir = mkdtempSync(join(tmpdir(), "replica-hung-"));
    const t = await createTestApp(join(dir, "shop.db"));
    const runs = join(dir, "runs.txt");
    const binary = fakeLitestream(dir, fakeReplicate(runs));
    // The supervisor's clock runs ahead of the wall clock by `skew`: no waiting a minute.
    let skew = 0;
    const replication = new Replication({
      db: t.handle.db,
      dbPath: join(dir, "shop.db"),
      target: parseReplicaUrl(`file://${join(dir, "replica")}`),
      binary,
      maxLagSeconds: 10,
      retentionHours: 72,
      clock: () => Date.now() + skew,
    });
    /** Each run's pid and its watchdog's. */
    const pids = () =>
      readFileSync(runs, { encoding: "utf8", flag: "a+" })
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split(" ").map(Number) as [number, number]);
    /** Running: neither gone nor a zombie waiting for its parent. */
    const running = (pid: number) => {
      try {
        return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
      } catch {
        return false;
      }
    };
    const warnings: string[] = [];
    const stderr = spyOn(process.stderr, "write").mockImplementation((chunk) => {
      warnings.push(String(chunk));
      return true;
    });
    setLogLevel("warn");
    try {
      replication.start();
      const logged = () => readFileSync(join(dir, "shop.db.litestream.log"), "utf8");
      await until("the first run's snapshot read and its WAL segment begun", () => {
        return replication.tracker.lastSyncAt !== null && logged().includes("write wal segment");
      });
      const [first] = pids() as [[number, number]];
      expect(first.map(running)).toEqual([true, true]);
      const firstSync = replication.tracker.lastSyncAt as number;
      expect(replication.status()).toMatchObject({ state: "ok", running: true });

      // Ten minutes on, the segment still has not been written.
      skew = 10 * 60_000;
      await until("a second run, its snapshot written", () => {
        return (
          pids().length === 2 &&
          replication.status().running &&
          (replication.tracker.lastSyncAt ?? 0) > firstSync
        );
      });
      expect(replication.tracker.openSync()).toBeNull();
      // The hung one is gone, its watchdog with it (its whole process group was killed).
      await until("the hung run's watchdog to end", () => !first.some(running));
      const warning = warnings
        .filter((text) => text.startsWith("{"))
        .map((text) => JSON.parse(text) as { msg: string; level: string; upload?: string })
        .find(
          (line) =>
            line.msg === "replication: Litestream's upload hangs; it is killed and started again",
        );
      expect(warning).toMatchObject({ level: "warn", upload: "WAL segment" });
      const alert = t.handle.sqlite
        .query("select params from alerts where code = 'REPLICATION_RESTARTING'")
        .get() as { params: string } | null;
      const reason = (JSON.parse(alert?.params ?? "{}") as { reason?: string }).reason ?? "";
      expect(reason).toStartWith("Litestream's WAL segment upload begun at ");
      expect(reason).toMatch(
        / has not finished after 60\d s \(the limit is \d+ s\): Litestream was killed$/,
      );
    } finally {
      await replication.stop();
      setLogLevel("silent");
      stderr.mockRestore();
      t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
