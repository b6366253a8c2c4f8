/**
 * The admin's background jobs (issue 11): the books check and the export, run by
 * src/lib/jobs.ts in a worker with its own read-only connection. The worker loads the work
 * from its own small module (./books-check.work.ts, ./export.ts), not this one.
 */
import type { BooksReportDto, JobDto } from "../../domain/dto";
import type { JobKind } from "../../domain/enums";
import type { BooksReport } from "../../lib/books-check";
import { recordBooksCheck } from "../../lib/books-status";
import type { Actor } from "../../lib/context";
import { AppError, messageOf } from "../../lib/errors";
import type { Deps } from "../../lib/http";
import { type Job, jobsOf } from "../../lib/jobs";
import { log } from "../../lib/logger";
import { BOOKS_CHECK_WORK_MODULE } from "./books-check.work";
import { exportFileName } from "./data.service";
import { EXPORT_WORK_MODULE } from "./export";

/** The module each job's worker loads for its work: the least it needs (decision 067). */
const WORK_MODULE: Record<JobKind, string> = {
  "ledger-check": BOOKS_CHECK_WORK_MODULE,
  export: EXPORT_WORK_MODULE,
};

/** The jobs of this server's database. */
export const jobsOfDeps = (deps: Deps) => jobsOf(deps.sqlite, { clock: deps.clock });

/** Starts a job: the books check, or the export to a file offered for download when done. */
export function startJob(deps: Deps, actor: Actor, kind: JobKind, now: number): Job {
  if (kind === "ledger-check") return startBooksCheck(deps, actor.username);
  return jobsOfDeps(deps).start({
    kind,
    work: { module: WORK_MODULE[kind], name: kind },
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
    work: { module: WORK_MODULE["ledger-check"], name: "ledger-check" },
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
    work: { module: WORK_MODULE.export, name: "export" },
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
    step: job.step.code,
    stepParams: { ...job.step.params },
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
