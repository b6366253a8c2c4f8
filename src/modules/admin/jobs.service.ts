/**
 * The admin's background jobs (issue 11): the books check and the export, run by
 * src/lib/jobs.ts in a worker with its own read-only connection. This module is also the
 * one the worker loads to find the work (`JOB_WORK`), so it stays free of side effects.
 */
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "../../db/schema";
import type { BooksReportDto, JobDto } from "../../domain/dto";
import type { JobKind } from "../../domain/enums";
import { type BooksReport, checkBooks, MAX_PER_RULE } from "../../lib/books-check";
import { recordBooksCheck } from "../../lib/books-status";
import type { Actor } from "../../lib/context";
import { AppError, messageOf } from "../../lib/errors";
import type { Deps } from "../../lib/http";
import { type Job, type JobContext, type JobWork, jobsOf } from "../../lib/jobs";
import { log } from "../../lib/logger";
import { type ExportProgress, exportChunks, exportFileName } from "./data.service";

interface ExportInput {
  /** exportedAt, as an ISO time. */
  now: string;
  /** The file to write; without it the chunks go to the job's reader (a download). */
  out?: string;
}

/** "Exporting bets: 120,000 of 4,100,000 rows". */
function exportPhrase({ done, total, table }: ExportProgress): string {
  if (!table) return "Finishing";
  const n = (v: number) => v.toLocaleString("en");
  return `Exporting ${table.replace("_", " ")}: ${n(done)} of ${n(total)} rows`;
}

/** The work itself, by name; run in the job's worker (or inline for an in-memory database). */
export const JOB_WORK: Record<JobKind, JobWork> = {
  "ledger-check": ({ sqlite, progress }: JobContext): BooksReport =>
    checkBooks(drizzle({ client: sqlite, schema }), MAX_PER_RULE, (done, total, phrase) =>
      progress(done / total, phrase),
    ),
  export: ({ sqlite, input, progress, emit }: JobContext) => {
    const { now, out } = input as ExportInput;
    const onProgress = (p: ExportProgress) =>
      progress(p.total === 0 ? 1 : p.done / p.total, exportPhrase(p));
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

const WORK_MODULE = import.meta.url;

/** The jobs of this server's database. */
export const jobsOfDeps = (deps: Deps) => jobsOf(deps.sqlite, { clock: deps.clock });

/** Starts a job: the books check, or the export to a file offered for download when done. */
export function startJob(deps: Deps, actor: Actor, kind: JobKind, now: number): Job {
  if (kind === "ledger-check") return startBooksCheck(deps, actor.username);
  return jobsOfDeps(deps).start({
    kind,
    work: { module: WORK_MODULE, name: kind },
    input: { now: new Date(now).toISOString() },
    fileName: exportFileName(new Date(now), deps.businessTimeZone),
    startedBy: actor.username,
  });
}

/**
 * Starts the books check (`startedBy`: an admin's username, or "schedule"). When it is done
 * its result is stored for the books indicator (src/lib/books-status.ts), before anyone
 * awaiting the job hears of it: this is the first reaction to its end. `record: false` runs
 * it as a read only (GET /api/admin/ledger-check): nothing stored, no alert.
 */
export function startBooksCheck(
  deps: Deps,
  startedBy: string,
  { record = true }: { record?: boolean } = {},
): Job {
  const jobs = jobsOfDeps(deps);
  const job = jobs.start({
    kind: "ledger-check",
    work: { module: WORK_MODULE, name: "ledger-check" },
    input: {},
    startedBy,
  });
  if (!record) return job;
  void jobs.finished(job.id).then((ended) => {
    if (ended.state !== "done" || !ended.result) return;
    try {
      recordBooksCheck(
        deps.db,
        ended.result as BooksReport,
        {
          startedBy,
          startedAt: ended.startedAt ?? ended.createdAt,
          finishedAt: ended.finishedAt ?? deps.clock(),
        },
        deps.clock(),
      );
    } catch (err) {
      log.error("books check result not stored", { detail: messageOf(err) });
    }
  });
  return job;
}

/** The books check queued or running, if any (the newest). */
export function runningBooksCheck(deps: Deps): Job | null {
  const active = (job: Job) => job.state === "queued" || job.state === "running";
  return (
    jobsOfDeps(deps)
      .list()
      .find((job) => job.kind === "ledger-check" && active(job)) ?? null
  );
}

export function listJobs(deps: Deps): JobDto[] {
  return jobsOfDeps(deps).list().map(jobDtoOf);
}

export function findJob(deps: Deps, id: string): Job {
  const job = jobsOfDeps(deps).get(id);
  if (!job) throw new AppError("NOT_FOUND", "Job not found");
  return job;
}

export function cancelJob(deps: Deps, id: string): Job {
  findJob(deps, id);
  return jobsOfDeps(deps).cancel(id) as Job;
}

/**
 * GET /api/admin/ledger-check: the books check as a job this request awaits, so the server
 * keeps answering others meanwhile (and the admin page lists it while it runs). A GET only
 * reads (issue 25: a cross-site link made an admin's browser store a check and raise its
 * alert): the answer is not stored; a stored check is POST /api/admin/jobs.
 */
export async function ledgerCheckNow(deps: Deps, actor: Actor): Promise<BooksReport> {
  const jobs = jobsOfDeps(deps);
  const job = await jobs.finished(startBooksCheck(deps, actor.username, { record: false }).id);
  if (job.state === "done") return job.result as BooksReport;
  if (job.state === "cancelled") throw new AppError("CONFLICT", "The books check was cancelled");
  throw new Error(`The books check failed: ${job.error}`);
}

/**
 * GET /api/admin/export-all-data: the export streamed from a job's worker as the download
 * reads it (a couple of 64 KB chunks ahead at most), so memory stays flat at any size. The
 * job shows in the list with its progress; a client that goes away cancels it.
 */
export function streamExport(deps: Deps, actor: Actor, now: number): ReadableStream<Uint8Array> {
  const jobs = jobsOfDeps(deps);
  const job = jobs.start({
    kind: "export",
    work: { module: WORK_MODULE, name: "export" },
    input: { now: new Date(now).toISOString() },
    streamed: true,
    startedBy: actor.username,
  });
  return jobs.stream(job.id);
}

/** A finished export job's file: 404 for an unknown job, 409 while it has none to give. */
export function jobDownload(deps: Deps, id: string): { path: string; name: string } {
  const job = findJob(deps, id);
  if (job.kind !== "export" || job.streamed) {
    throw new AppError("CONFLICT", "This job has no file to download");
  }
  if (job.state !== "done") throw new AppError("CONFLICT", "The export has not finished");
  if (!job.file || job.file.sizeBytes === null) {
    throw new AppError("CONFLICT", "This export's file was removed; start a new export");
  }
  return { path: job.file.path, name: job.file.name };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function jobDtoOf(job: Job): JobDto {
  return {
    id: job.id,
    kind: job.kind as JobKind,
    state: job.state,
    progress: job.progress,
    phrase: job.phrase,
    startedBy: job.startedBy,
    createdAt: new Date(job.createdAt).toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    error: job.error,
    result: job.kind === "ledger-check" ? ((job.result as BooksReportDto | null) ?? null) : null,
    download:
      job.file && job.file.sizeBytes !== null
        ? { fileName: job.file.name, sizeBytes: job.file.sizeBytes }
        : null,
  };
}
