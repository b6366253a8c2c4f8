/**
 * The books check as a job's work (src/lib/jobs.ts loads it by this module's URL in the
 * job's worker, with its own read-only connection): only what the check needs, so the
 * worker does not load the admin module's graph (decision 067).
 */
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "../../db/schema";
import { type BooksReport, checkBooks, MAX_PER_RULE } from "../../lib/books-check";
import type { JobContext, JobWork } from "../../lib/jobs";

export const JOB_WORK: Record<"ledger-check", JobWork> = {
  "ledger-check": ({ sqlite, progress }: JobContext): BooksReport =>
    checkBooks(drizzle({ client: sqlite, schema }), MAX_PER_RULE, (done, total, step) =>
      progress(done / total, step),
    ),
};

export const BOOKS_CHECK_WORK_MODULE = import.meta.url;
