/**
 * What a background job is doing (decision 026): a step code and the values its text needs.
 * The server answers each job's `step` and `stepParams` beside `phrase`, its English (written
 * by src/lib/job-steps.ts); the web writes a known code in the reader's language with
 * numbers in the reader's locale (web/features/admin/components/job-step.ts) and shows the
 * `phrase` for a code it does not know. tests/job-step-texts.test.ts holds the two Englishes
 * to the same words for every code.
 *
 * Params are machine values: counts as numbers, a table as its name in the export
 * (src/modules/admin/export.ts EXPORTED_TABLES), so a client can translate it.
 */

export interface JobStepParams {
  /** Queued behind the jobs running. */
  waiting: Record<string, never>;
  /** Its worker is starting. */
  starting: Record<string, never>;
  /** The export: `done` rows written of `total`, reading `table`. */
  "export-rows": { table: string; done: number; total: number };
  /** The export: every row written, the document being closed. */
  "export-finishing": Record<string, never>;
  /** The books check's steps, in order (src/lib/books-check.ts STEPS). */
  "books-balances": Record<string, never>;
  "books-bets": Record<string, never>;
  "books-ledger-rows": Record<string, never>;
  "books-reversals": Record<string, never>;
  done: Record<string, never>;
  failed: Record<string, never>;
  cancelled: Record<string, never>;
}

export type JobStepCode = keyof JobStepParams;

/** One step: its code and params. */
export type JobStep = {
  [C in JobStepCode]: JobStepParams[C] extends Record<string, never>
    ? { code: C; params?: JobStepParams[C] }
    : { code: C; params: JobStepParams[C] };
}[JobStepCode];
