/** REPLICA_URL, the generated Litestream configuration, and the lag bookkeeping (decision 060). */
import { describe, expect, test } from "bun:test";
import { readEnv } from "../../env";
import { describeReplica, litestreamConfig, parseReplicaUrl } from "./config";
import { restoreTimestamp } from "./restore";
import { parseLitestreamLine, ReplicaTracker } from "./supervisor";

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
  });
});

describe("the lag", () => {
  test("Litestream's JSON lines: a sync's end and its duration", () => {
    const line = parseLitestreamLine(
      '{"time":"2026-11-27T02:19:41.5Z","level":"INFO","msg":"wal segment written","elapsed":2000000}',
    );
    expect(line).toEqual({
      time: Date.parse("2026-11-27T02:19:41.5Z"),
      level: "INFO",
      msg: "wal segment written",
      elapsedMs: 2,
    });
    expect(parseLitestreamLine("not json")).toBeNull();
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
