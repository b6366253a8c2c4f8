/**
 * REPLICA_URL as Litestream understands it (issue 22 item 1, decision 060): which replica,
 * the URL shown to people (its password never), and the Litestream configuration the server
 * writes for `litestream replicate` and the restore script for `litestream restore`.
 *
 * - `file:///srv/replica/betting-shop`: a folder (another disk, a mounted share).
 * - `sftp://user[:password]@host[:port]/path`: an SSH server; the key in REPLICA_SFTP_KEY_PATH
 *   or the password in the URL.
 * - `s3://bucket/path[?endpoint=https://...&region=...&force-path-style=true]`: S3 or an
 *   S3-compatible store; the credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or
 *   LITESTREAM_ACCESS_KEY_ID / LITESTREAM_SECRET_ACCESS_KEY), which Litestream reads itself:
 *   they are never written to the configuration file.
 */
import { existsSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

export type ReplicaTarget =
  | { type: "file"; path: string }
  | {
      type: "sftp";
      host: string;
      user: string;
      password?: string;
      path: string;
      keyPath?: string;
    }
  | {
      type: "s3";
      bucket: string;
      path: string;
      endpoint?: string;
      region?: string;
      forcePathStyle?: boolean;
    };

/** How often Litestream looks at the WAL (its `monitor-interval`). */
export const MONITOR_INTERVAL_MS = 250;
/** How often new WAL reaches the replica (its `sync-interval`): "within about a second". */
export const SYNC_INTERVAL_MS = 1_000;
/** A full snapshot this often, so a restore replays at most this much WAL. */
export const SNAPSHOT_INTERVAL_HOURS = 6;

const S3_OPTIONS = new Set(["endpoint", "region", "force-path-style"]);

/**
 * Parses REPLICA_URL; throws an Error whose message is one line for the operator. The key
 * file is checked where the server starts (startReplication), not here.
 */
export function parseReplicaUrl(raw: string, sftpKeyPath?: string): ReplicaTarget {
  const examples =
    "give file:///path, sftp://user@host[:port]/path or s3://bucket/path (decision 060)";
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`is not a URL (${examples})`);
  }
  const path = decodeURIComponent(url.pathname);
  if (url.protocol === "file:") {
    // `file:replica` parses as the folder /replica, at the root of the file system.
    if (!/^file:\/\//i.test(raw.trim())) {
      throw new Error("a file URL starts file:/// and names an absolute folder: file:///path");
    }
    if (url.host) throw new Error("a file:// URL has no host: write file:///absolute/path");
    if (path === "/" || path === "") throw new Error("file:// needs a folder path");
    return { type: "file", path: path.replace(/\/+$/, "") };
  }
  if (url.protocol === "sftp:") {
    if (!url.hostname) throw new Error("sftp:// needs a host: sftp://user@host[:port]/path");
    if (!url.username) throw new Error("sftp:// needs a user: sftp://user@host[:port]/path");
    if (path === "/" || path === "") throw new Error("sftp:// needs a folder path on the server");
    const password = url.password ? decodeURIComponent(url.password) : undefined;
    if (!password && !sftpKeyPath) {
      throw new Error(
        "sftp:// needs REPLICA_SFTP_KEY_PATH (a private key file) or a password in the URL",
      );
    }
    return {
      type: "sftp",
      host: `${url.hostname}:${url.port || "22"}`,
      user: decodeURIComponent(url.username),
      ...(password ? { password } : {}),
      path: path.replace(/\/+$/, ""),
      ...(sftpKeyPath ? { keyPath: resolve(sftpKeyPath) } : {}),
    };
  }
  if (url.protocol === "s3:") {
    if (!url.hostname) throw new Error("s3:// needs a bucket: s3://bucket/path");
    if (url.username || url.password) {
      throw new Error(
        "s3:// takes no credentials in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY",
      );
    }
    for (const key of url.searchParams.keys()) {
      if (!S3_OPTIONS.has(key)) {
        throw new Error(
          `s3:// knows the options endpoint, region and force-path-style, not ${key}`,
        );
      }
    }
    const endpoint = url.searchParams.get("endpoint") ?? undefined;
    const region = url.searchParams.get("region") ?? undefined;
    const style = url.searchParams.get("force-path-style");
    return {
      type: "s3",
      bucket: url.hostname,
      path: path.replace(/^\/+|\/+$/g, ""),
      ...(endpoint ? { endpoint } : {}),
      ...(region ? { region } : {}),
      ...(style === "true" || style === "1" ? { forcePathStyle: true } : {}),
    };
  }
  throw new Error(`${url.protocol.replace(/:$/, "")} is not a replica type (${examples})`);
}

/** The replica as people see it: the URL without its password (and no query secrets). */
export function describeReplica(target: ReplicaTarget): string {
  switch (target.type) {
    case "file":
      return `file://${target.path}`;
    case "sftp":
      return `sftp://${encodeURIComponent(target.user)}${target.password ? ":***" : ""}@${target.host}${target.path}`;
    case "s3":
      return `s3://${target.bucket}/${target.path}${target.endpoint ? ` (endpoint ${target.endpoint})` : ""}`;
  }
}

/** The replica's entry of Litestream's configuration (field names of Litestream 0.3). */
function replicaEntry(target: ReplicaTarget, retentionHours: number): Record<string, unknown> {
  const common = {
    name: "replica",
    "sync-interval": `${SYNC_INTERVAL_MS}ms`,
    "snapshot-interval": `${SNAPSHOT_INTERVAL_HOURS}h`,
    retention: `${retentionHours}h`,
  };
  switch (target.type) {
    case "file":
      return { ...common, type: "file", path: target.path };
    case "sftp":
      return {
        ...common,
        type: "sftp",
        host: target.host,
        user: target.user,
        path: target.path,
        ...(target.password ? { password: target.password } : {}),
        ...(target.keyPath ? { "key-path": target.keyPath } : {}),
      };
    case "s3":
      return {
        ...common,
        type: "s3",
        bucket: target.bucket,
        path: target.path,
        ...(target.endpoint ? { endpoint: target.endpoint } : {}),
        ...(target.region ? { region: target.region } : {}),
        ...(target.forcePathStyle ? { "force-path-style": true } : {}),
      };
  }
}

/**
 * Litestream's configuration for the database at `dbPath`, as JSON (YAML is a superset of
 * JSON, so nothing needs YAML quoting). Logs as JSON lines on stdout: the supervisor reads
 * them. Always used with `-no-expand-env`, so a `$` in a password stays a `$`.
 */
export function litestreamConfig(
  dbPath: string,
  target: ReplicaTarget,
  retentionHours: number,
): string {
  const config = {
    logging: { level: "info", type: "json", stderr: false },
    dbs: [
      {
        path: resolve(dbPath),
        "monitor-interval": `${MONITOR_INTERVAL_MS}ms`,
        replicas: [replicaEntry(target, retentionHours)],
      },
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** Where the server keeps the generated configuration: beside the database, owner-only. */
export function configPathFor(dbPath: string): string {
  return `${resolve(dbPath)}.litestream.yml`;
}

/** Writes `text` to `path` readable by the owner only (it may hold an SFTP password). */
export function writePrivateFile(path: string, text: string): void {
  writeFileSync(path, text, { mode: 0o600 });
}

/**
 * The Litestream binary: LITESTREAM_PATH, else the one the npm package @flydotio/litestream
 * installed for this platform. Throws a one-line error when there is none.
 */
export function litestreamBinary(configured?: string): string {
  if (configured) {
    if (!existsSync(configured)) throw new Error(`LITESTREAM_PATH: no file at ${configured}`);
    return configured;
  }
  const pkg = `@flydotio/litestream-${process.platform}-${process.arch}/package.json`;
  for (const from of [import.meta.dir, process.cwd()]) {
    try {
      const binary = resolve(Bun.resolveSync(pkg, from), "../litestream");
      if (existsSync(binary)) return binary;
    } catch {
      // not installed from here: try the next place
    }
  }
  throw new Error(
    `Litestream is not installed (${pkg.replace("/package.json", "")}): run bun install, or set LITESTREAM_PATH`,
  );
}
