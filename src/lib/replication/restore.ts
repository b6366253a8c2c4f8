/**
 * `litestream restore` from REPLICA_URL into a file (decision 060), for scripts/restore.ts:
 * the latest state, or the state at a point in time within the replica's retention.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { dateKey } from "../../domain/business-time";
import { litestreamConfig, type ReplicaTarget, writePrivateFile } from "./config";

export interface ReplicaRestore {
  binary: string;
  target: ReplicaTarget;
  /** The database the replica belongs to (Litestream names the replica by it). */
  dbPath: string;
  /** Where the restored database is written (must not exist). */
  outPath: string;
  /** A point in time (RFC 3339); absent: the latest state. */
  at?: string;
  retentionHours: number;
}

/**
 * Runs the restore; resolves with Litestream's output, or throws it on failure.
 *
 * An SFTP replica (Litestream 0.3.13 writes its files in place, not by rename) can end in a
 * WAL segment cut short when the machine died during its upload: Litestream then fails with
 * "cannot download wal <generation>/<index>: EOF". The latest state is then restored up to the
 * WAL index before that one, and the output says what was left out.
 */
export async function restoreFromReplica(options: ReplicaRestore): Promise<string> {
  try {
    return await runRestore(options, []);
  } catch (err) {
    const cut = /cannot download wal ([0-9a-f]{16})\/([0-9a-f]{8}): (?:unexpected )?EOF/.exec(
      (err as Error).message,
    );
    const index = cut ? Number.parseInt(cut[2] as string, 16) : 0;
    if (!cut || options.at || index === 0) throw err;
    const before = (index - 1).toString(16).padStart(8, "0");
    const output = await runRestore(options, ["-generation", cut[1] as string, "-index", before]);
    return `${output}\nWARNING: the replica's WAL index ${cut[2]} of generation ${cut[1]} was cut short (its upload was interrupted); restored up to index ${before}, the writes of index ${cut[2]} are not in the restored database.`;
  }
}

async function runRestore(options: ReplicaRestore, extra: string[]): Promise<string> {
  rmSync(options.outPath, { force: true });
  // The configuration may hold an SFTP password: a private folder, removed afterwards.
  const dir = mkdtempSync(join(tmpdir(), "betting-shop-restore-"));
  try {
    const config = join(dir, "litestream.yml");
    writePrivateFile(
      config,
      litestreamConfig(options.dbPath, options.target, options.retentionHours),
    );
    const args = [
      options.binary,
      "restore",
      "-config",
      config,
      "-no-expand-env",
      "-o",
      resolve(options.outPath),
      ...(options.at ? ["-timestamp", options.at] : []),
      ...extra,
      // Litestream 0.3.13 fetches WAL files 8 at a time; over one SFTP connection that ends
      // in "context canceled": one at a time there.
      ...(options.target.type === "sftp" ? ["-parallelism", "1"] : []),
      resolve(options.dbPath),
    ];
    const proc = Bun.spawn(args, { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const [out, err, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    const output = readableLog(`${out}\n${err}`);
    if (code !== 0) throw new Error(output || `litestream restore exited with code ${code}`);
    return output;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Litestream's JSON log lines as short text ("msg: error"), one per line. */
function readableLog(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      try {
        const r = JSON.parse(line) as Record<string, unknown>;
        return [r.msg, r.error].filter((v) => typeof v === "string" && v).join(": ");
      } catch {
        return line;
      }
    })
    .join("\n");
}

/** An RFC 3339 time as Litestream's -timestamp takes it, or null when `raw` is not one. */
export function restoreTimestamp(raw: string): string | null {
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
  if (!rfc3339.test(raw.trim())) return null;
  // A real calendar day: Date.parse reads 2026-02-30 as 2 March, a restore to a wrong day.
  if (dateKey(raw.trim().slice(0, 10)) === null) return null;
  const ms = Date.parse(raw.trim());
  if (!Number.isFinite(ms)) return null;
  return new Date(ms).toISOString();
}
