/**
 * `litestream restore` from REPLICA_URL into a file (decision 060), for scripts/restore.ts:
 * the latest state, or the state at a point in time within the replica's retention.
 */
import { existsSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
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

export interface ReplicaRestoreResult {
  /** Litestream's output, one short line per log line. */
  log: string;
  /** What the operator must read about what was restored, one line each. */
  notices: string[];
}

/**
 * One generation of the replica: Litestream begins one at each start of replication after a
 * clean stop (the server merges the WAL at its stop) and after a lost shadow WAL. Its times
 * are those `litestream generations` prints: to the second, cut down (not rounded).
 */
export interface ReplicaGeneration {
  id: string;
  startMs: number;
  endMs: number;
}

/**
 * Runs the restore; resolves with Litestream's output and the notices, or throws on failure.
 *
 * An SFTP replica (Litestream 0.3.13 writes its files in place, not by rename) can end in a
 * WAL segment cut short when the machine died during its upload: Litestream then fails with
 * "cannot download wal <generation>/<index>: EOF". The latest state is then restored up to the
 * WAL index before that one, and a notice says what was left out.
 *
 * A point in time no generation covers (between a stop and the next start, or after the last
 * write of a quiet shop) Litestream 0.3.13 refuses ("no matching backups found"), yet its
 * state is known: nothing reached the replica after the newest generation that began before
 * it, so that generation's end state is the state then. It is restored whole, and a notice
 * names it.
 */
export async function restoreFromReplica(options: ReplicaRestore): Promise<ReplicaRestoreResult> {
  if (!options.at) return restoreLatest(options, null);
  try {
    return { log: await runRestore(options, ["-timestamp", options.at]), notices: [] };
  } catch (err) {
    if (!/no matching backups found/.test((err as Error).message)) throw err;
  }
  const atMs = Date.parse(options.at);
  const choice = generationAt(await listGenerations(options), atMs);
  const at = new Date(atMs).toISOString();
  if (choice.kind === "empty") {
    throw new Error("the replica holds no generation yet: has a server replicated to it?");
  }
  if (choice.kind === "before-first") {
    throw new Error(
      `the replica holds nothing at or before ${at}: its earliest state is from ${secondsOf(choice.generation.startMs)} (generation ${choice.generation.id}); give a time from then on, or leave out --at for the latest state`,
    );
  }
  if (choice.kind === "same-second") {
    throw new Error(
      `${at} falls in the second generation ${choice.generation.id} began and ended in (${secondsOf(choice.generation.startMs)}; Litestream gives these times to the second only): give a time a second earlier or later`,
    );
  }
  const { generation } = choice;
  const result = await restoreLatest(options, generation.id);
  const notice = `No generation of the replica covers ${at} (the server was stopped, or idle): restored the end of generation ${generation.id} (${secondsOf(generation.startMs)} to ${secondsOf(generation.endMs)}), the newest begun before it; nothing reached the replica between its end and ${at}.`;
  return { log: result.log, notices: [notice, ...result.notices] };
}

/**
 * Which generation holds the state at `atMs`, given that none covers it (Litestream refused
 * it): the newest that began before it, restored whole. Litestream prints its times to the
 * second, so `atMs` within a generation's first second may fall before its true start: when
 * that generation ends in a later second, `atMs` (outside its range) is before its start;
 * when it began and ended in that one second, it cannot be told.
 */
export function generationAt(
  generations: ReplicaGeneration[],
  atMs: number,
):
  | { kind: "whole" | "before-first" | "same-second"; generation: ReplicaGeneration }
  | { kind: "empty" } {
  const byStart = [...generations].sort((a, b) => a.startMs - b.startMs);
  const first = byStart[0];
  if (!first) return { kind: "empty" };
  const inFirstSecond = byStart.find(
    (g) => atMs >= g.startMs && atMs < g.startMs + 1_000 && g.endMs === g.startMs,
  );
  if (inFirstSecond) return { kind: "same-second", generation: inFirstSecond };
  const started = byStart.filter((g) => atMs >= g.startMs + 1_000).at(-1);
  if (started) return { kind: "whole", generation: started };
  return { kind: "before-first", generation: first };
}

/**
 * The latest state (of one generation, when given), stepping back over a WAL cut short, or
 * over one that does not follow the one before it.
 *
 * The second: a server killed between writing a commit to its WAL and noting it in the WAL's
 * index (the -shm) leaves a commit that Litestream has copied (it reads the WAL file) but that
 * SQLite's connections never saw. Litestream's final sync then checkpoints and writes its own
 * row to restart the WAL, on the state before that commit: the replica's next WAL index does
 * not follow the one before it, and applying it fails ("cannot apply wal: database disk image
 * is malformed"). What it holds is Litestream's row alone (the server is dead; at its next
 * start the server begins a new generation, src/lib/replication/start.ts), so the state up to
 * the index before it is the last the replica has, the commit nobody was answered included.
 */
async function restoreLatest(
  options: ReplicaRestore,
  generation: string | null,
): Promise<ReplicaRestoreResult> {
  const only = generation ? ["-generation", generation] : [];
  try {
    return { log: await runRestore(options, only), notices: [] };
  } catch (err) {
    const message = (err as Error).message;
    const cut = /cannot download wal ([0-9a-f]{16})\/([0-9a-f]{8}): (?:unexpected )?EOF/.exec(
      message,
    );
    const index = cut ? Number.parseInt(cut[2] as string, 16) : 0;
    if (cut && index > 0) {
      const before = hexIndex(index - 1);
      const log = await runRestore(options, ["-generation", cut[1] as string, "-index", before]);
      return {
        log,
        notices: [
          `WARNING: the replica's WAL index ${cut[2]} of generation ${cut[1]} was cut short (its upload was interrupted); restored up to index ${before}, the writes of index ${cut[2]} are not in the restored database.`,
        ],
      };
    }
    const applied = /cannot apply wal: database disk image is malformed/.test(message)
      ? lastApplied(err instanceof LitestreamError ? err.raw : "")
      : null;
    if (!applied) throw err;
    const last = hexIndex(applied.index);
    const failed = hexIndex(applied.index + 1);
    const log = await runRestore(options, ["-generation", applied.generation, "-index", last]);
    return {
      log,
      notices: [
        `WARNING: the replica's WAL index ${failed} of generation ${applied.generation} does not follow index ${last} (the server died in the middle of a commit, and Litestream's last sync restarted the WAL on the state before it); restored up to index ${last}. Index ${failed} held Litestream's own bookkeeping if the server did not start again on this generation; if it did, its writes from then on are in a later generation or not in the replica.`,
      ],
    };
  }
}

/** A WAL index as Litestream's -index takes it: 8 hex digits. */
function hexIndex(index: number): string {
  return index.toString(16).padStart(8, "0");
}

/** The generation and WAL index Litestream last applied in a restore's log (JSON lines). */
export function lastApplied(raw: string): { generation: string; index: number } | null {
  let found: { generation: string; index: number } | null = null;
  for (const line of raw.split("\n")) {
    try {
      const r = JSON.parse(line) as Record<string, unknown>;
      if (r.msg === "applied wal" && typeof r.generation === "string") {
        const index = Number(r.index);
        if (Number.isSafeInteger(index) && index >= 0) found = { generation: r.generation, index };
      }
    } catch {
      // not a JSON line
    }
  }
  return found;
}

/** The replica's generations, as `litestream generations` lists them. */
export async function listGenerations(
  options: Omit<ReplicaRestore, "outPath" | "at">,
): Promise<ReplicaGeneration[]> {
  return withPrivateDir(async (dir) => {
    // Litestream 0.3.13 looks at the database's file for its "lag" column, and the database
    // may be gone (the machine was lost): an empty stand-in with the same replica settings.
    const standIn = join(dir, "database.db");
    writeFileSync(standIn, "");
    const config = join(dir, "litestream.yml");
    writePrivateFile(config, litestreamConfig(standIn, options.target, options.retentionHours));
    const output = await runLitestream([
      options.binary,
      "generations",
      "-config",
      config,
      "-no-expand-env",
      standIn,
    ]);
    // name  generation  lag  start  end (RFC 3339, to the second)
    const row = /^\S+\s+([0-9a-f]{16})\s+\S+\s+(\S+Z)\s+(\S+Z)$/;
    return output.split("\n").flatMap((line) => {
      const match = row.exec(line.trim());
      if (!match) return [];
      const startMs = Date.parse(match[2] as string);
      const endMs = Date.parse(match[3] as string);
      if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return [];
      return [{ id: match[1] as string, startMs, endMs }];
    });
  });
}

async function runRestore(options: ReplicaRestore, extra: string[]): Promise<string> {
  // Litestream restores into <out>.tmp (in WAL mode) and renames it to <out>, leaving that
  // copy's -wal and -shm behind under their old names: the -wal empty (0.3.13 merges it
  // before the rename), the -shm an index of nothing. They must not pile up beside it. A
  // -wal that held commits would be <out>'s own: it goes beside <out> as its -wal, where the
  // restore's check reads it and its copy merges it, never dropped.
  const debris = [".tmp", ".tmp-wal", ".tmp-shm"].map((suffix) => `${options.outPath}${suffix}`);
  for (const file of [options.outPath, `${options.outPath}-wal`, `${options.outPath}-shm`]) {
    rmSync(file, { force: true });
  }
  for (const file of debris) rmSync(file, { force: true });
  try {
    return await withPrivateDir((dir) => {
      const config = join(dir, "litestream.yml");
      writePrivateFile(
        config,
        litestreamConfig(options.dbPath, options.target, options.retentionHours),
      );
      return runLitestream([
        options.binary,
        "restore",
        "-config",
        config,
        "-no-expand-env",
        "-o",
        resolve(options.outPath),
        ...extra,
        // Litestream 0.3.13 fetches WAL files 8 at a time; over one SFTP connection that ends
        // in "context canceled": one at a time there.
        ...(options.target.type === "sftp" ? ["-parallelism", "1"] : []),
        resolve(options.dbPath),
      ]);
    });
  } finally {
    const wal = `${options.outPath}.tmp-wal`;
    if (existsSync(options.outPath) && existsSync(wal) && statSync(wal).size > 0) {
      renameSync(wal, `${options.outPath}-wal`);
    }
    for (const file of debris) rmSync(file, { force: true });
  }
}

/** Runs `fn` with a private folder for the configuration (it may hold an SFTP password). */
async function withPrivateDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "betting-shop-restore-"));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Litestream's failure: its output as short lines (the message), and as it wrote it. */
class LitestreamError extends Error {
  constructor(
    message: string,
    readonly raw: string,
  ) {
    super(message);
  }
}

/** Runs Litestream; resolves with its output as short lines, or throws them on failure. */
async function runLitestream(args: string[]): Promise<string> {
  const proc = Bun.spawn(args, { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  const raw = `${out}\n${err}`;
  const output = readableLog(raw);
  if (code !== 0) {
    throw new LitestreamError(output || `litestream ${args[1]} exited with code ${code}`, raw);
  }
  return output;
}

/** A time as `litestream generations` gives it: RFC 3339 to the second. */
function secondsOf(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
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
