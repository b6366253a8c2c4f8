/**
 * /api/admin/jobs: the background jobs (src/lib/jobs.ts). Starting and cancelling change no
 * data, so they write no audit row (decisions/026); all of these run on the request thread,
 * where the jobs are.
 */
import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { booksStatus } from "./books.service";
import { exportFileName } from "./data.service";
import {
  cancelJob,
  findJob,
  jobDownload,
  jobDtoOf,
  ledgerCheckNow,
  listJobs,
  startJob,
  streamExport,
} from "./jobs.service";

/** The export's download headers (the same for the streamed export and a job's file). */
export function downloadHeaders(fileName: string): Record<string, string> {
  return {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
  };
}

export const jobsEndpoints = [
  implement(contracts.startJob, ({ deps, actor, body, now }) =>
    jobDtoOf(startJob(deps, actor, body.kind, now)),
  ),
  implement(contracts.listJobs, ({ deps }) => listJobs(deps)),
  implement(contracts.getJob, ({ deps, params }) => jobDtoOf(findJob(deps, params.jobId))),
  implement(contracts.cancelJob, ({ deps, params }) => jobDtoOf(cancelJob(deps, params.jobId))),
  implement(contracts.downloadJob, ({ c, deps, params }) => {
    const { path, name } = jobDownload(deps, params.jobId);
    const file = Bun.file(path);
    return c.body(file.stream(), 200, {
      ...downloadHeaders(name),
      "Content-Length": String(file.size),
    });
  }),
  // The SPEC's two reads, now off the request thread's back:
  implement(contracts.ledgerCheck, ({ deps, actor }) => ledgerCheckNow(deps, actor)),
  // The books indicator: the newest stored check and the one running (a job, hence here).
  implement(contracts.booksStatus, ({ deps }) => booksStatus(deps)),
  implement(contracts.exportAllData, ({ c, deps, actor, now }) =>
    c.body(
      streamExport(deps, actor, now),
      200,
      downloadHeaders(exportFileName(new Date(now), deps.businessTimeZone)),
    ),
  ),
];
