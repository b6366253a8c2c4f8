/**
 * The export of all data (DESIGN.md section 3): one JSON document of every table except
 * secrets, built here for GET /api/admin/export-all-data (a job's worker streams it),
 * `bun run export` and the tests. The job's worker loads this module for the work, so it
 * imports nothing but SQLite's types: each module a worker loads is memory of its own
 * (decision 067; the whole admin module cost the export's worker about 20 MB).
 */
import type { Database } from "bun:sqlite";
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";
import type { JobStep } from "../../domain/job-steps";
import type { JobContext, JobWork } from "../../lib/jobs";

export const EXPORT_VERSION = 1;

/** Exported tables, rows as stored: money in cents, times in ms since the epoch, flags 0/1. */
export const EXPORTED_TABLES = [
  "users",
  "customers",
  "shops",
  "bets",
  "bet_settlements",
  "transactions",
  "shifts",
  "shift_movements",
  "alerts",
  "audit_log",
  "backups",
] as const;

/** Columns never exported. */
export const REDACTED_COLUMNS: Partial<Record<(typeof EXPORTED_TABLES)[number], string[]>> = {
  users: ["password_hash"],
};

const FLUSH_AT = 64 * 1024;

/** Where an export is: rows written so far out of all, and the table being read. */
export interface ExportProgress {
  done: number;
  total: number;
  table: string;
}

/**
 * The export as JSON text in chunks of about 64 KB, read row by row (`.iterate()`) from one
 * read transaction, so every table comes from the same snapshot and memory stays flat
 * whatever the size. The transaction opens at the first chunk and ends when the generator
 * ends, is abandoned (`return()`) or throws, so the connection must not be shared meanwhile:
 * the export script and the job worker (src/lib/job-worker.ts) each use their own.
 * `onProgress` is called with each chunk; a cancellation may throw from it.
 */
export function* exportChunks(
  sqlite: Database,
  now = new Date(),
  onProgress?: (progress: ExportProgress) => void,
): Generator<string, void, undefined> {
  let buffer = `{"version":${EXPORT_VERSION},"exportedAt":${JSON.stringify(now.toISOString())},"tables":{`;
  const owned = !sqlite.inTransaction;
  if (owned) sqlite.run("begin deferred");
  try {
    const columnsOf = (table: string) => {
      const hidden = REDACTED_COLUMNS[table as (typeof EXPORTED_TABLES)[number]] ?? [];
      return (sqlite.query(`pragma table_info("${table}")`).all() as { name: string }[])
        .map((c) => c.name)
        .filter((name) => !hidden.includes(name));
    };
    // Counted inside the snapshot, so the progress ends exactly at the last row.
    const total = EXPORTED_TABLES.reduce(
      (sum, table) =>
        sum + (sqlite.query(`select count(*) as n from "${table}"`).get() as { n: number }).n,
      0,
    );
    let done = 0;
    for (const [i, table] of EXPORTED_TABLES.entries()) {
      const list = columnsOf(table)
        .map((c) => `"${c}"`)
        .join(", ");
      buffer += `${i === 0 ? "" : ","}${JSON.stringify(table)}:[`;
      let first = true;
      for (const row of sqlite.query(`select ${list} from "${table}" order by rowid`).iterate()) {
        buffer += (first ? "" : ",") + JSON.stringify(row);
        first = false;
        done += 1;
        if (buffer.length >= FLUSH_AT) {
          onProgress?.({ done, total, table });
          yield buffer;
          buffer = "";
        }
      }
      buffer += "]";
    }
    onProgress?.({ done, total, table: "" });
    yield `${buffer}}}`;
  } finally {
    if (owned && sqlite.inTransaction) sqlite.run("rollback");
  }
}

/** Writes the whole export through `write` (the export script: a file or stdout). */
export function writeExport(sqlite: Database, write: (chunk: string) => void, now = new Date()) {
  for (const chunk of exportChunks(sqlite, now)) write(chunk);
}

interface ExportInput {
  /** exportedAt, as an ISO time. */
  now: string;
  /** The file to write; without it the chunks go to the job's reader (a download). */
  out?: string;
}

/**
 * The job step of an export's progress: rows done of all and the table read ("Exporting
 * bets: 120,000 of 4,100,000 rows", written by src/lib/job-steps.ts), then finishing.
 */
export function exportStep({ done, total, table }: ExportProgress): JobStep {
  if (!table) return { code: "export-finishing" };
  return { code: "export-rows", params: { table, done, total } };
}

/** The export as a job's work (src/lib/jobs.ts loads it by this module's URL). */
export const JOB_WORK: Record<"export", JobWork> = {
  export: ({ sqlite, input, progress, emit }: JobContext) => {
    const { now, out } = input as ExportInput;
    const onProgress = (p: ExportProgress) =>
      progress(p.total === 0 ? 1 : p.done / p.total, exportStep(p));
    const chunks = exportChunks(sqlite, new Date(now), onProgress);
    if (!out) {
      for (const chunk of chunks) emit(chunk);
      return null;
    }
    // Written beside, then renamed: a download never sees half a file.
    const partial = `${out}.partial`;
    const fd = openSync(partial, "w", 0o600);
    try {
      for (const chunk of chunks) writeSync(fd, chunk);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, out);
    return null;
  },
};

export const EXPORT_WORK_MODULE = import.meta.url;
