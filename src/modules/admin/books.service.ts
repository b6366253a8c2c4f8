/**
 * The books indicator (issue 13): GET /api/admin/books-status, and the books check on a
 * schedule (BOOKS_CHECK_HOURS) so that "last checked" is never old for long.
 */
import type { BooksStatusDto } from "../../domain/dto";
import { booksCheckDtoOf, latestBooksCheck } from "../../lib/books-status";
import type { Deps } from "../../lib/http";
import { startRecurring } from "../../lib/recurring";
import { jobDtoOf, jobsOfDeps, runningBooksCheck, startBooksCheck } from "./jobs.service";

/** The newest stored check (or null: never checked) and the check running now, if any. */
export function booksStatus(deps: Deps): BooksStatusDto {
  const last = latestBooksCheck(deps.db);
  const running = runningBooksCheck(deps);
  return {
    last: last ? booksCheckDtoOf(last) : null,
    running: running ? jobDtoOf(running) : null,
  };
}

/** The first scheduled check after a start waits this long (as the integrity check does). */
export const BOOKS_START_DELAY_MS = 10 * 60_000;

/**
 * When the next scheduled check is due: one interval after the newest stored one (whoever
 * ran it), but never sooner than `startDelayMs` from now; at once (after the delay) when
 * the books were never checked.
 */
export function nextBooksCheckAt(
  deps: Deps,
  intervalMs: number,
  now: number,
  startDelayMs: number,
): number {
  const last = latestBooksCheck(deps.db);
  return Math.max(now + startDelayMs, last ? last.finishedAt + intervalMs : now);
}

/**
 * Runs the books check every `intervalHours` in a job (started by "schedule"), so the
 * indicator stays current and a drift raises its alert without anyone looking. A check
 * already running (someone pressed Check now) is awaited instead of doubled.
 */
export function startBooksScheduler(
  deps: Deps,
  settings: { intervalHours: number; startDelayMs?: number },
) {
  const intervalMs = Math.round(settings.intervalHours * 3_600_000);
  const startDelayMs = settings.startDelayMs ?? BOOKS_START_DELAY_MS;
  return startRecurring({
    clock: deps.clock,
    firstAt: nextBooksCheckAt(deps, intervalMs, deps.clock(), startDelayMs),
    intervalMs,
    failure: "scheduled books check failed",
    run: async (signal) => {
      const jobs = jobsOfDeps(deps);
      const job = runningBooksCheck(deps) ?? startBooksCheck(deps, "schedule");
      const cancel = () => jobs.cancel(job.id);
      signal.addEventListener("abort", cancel, { once: true });
      try {
        const ended = await jobs.finished(job.id);
        if (ended.state === "failed") throw new Error(ended.error ?? "the books check failed");
      } finally {
        signal.removeEventListener("abort", cancel);
      }
    },
  });
}
