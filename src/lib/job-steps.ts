/**
 * The English of each job step (src/domain/job-steps.ts): what GET /api/admin/jobs answers as
 * a job's `phrase`. The web writes the same words from the step's code and params
 * (web/i18n/areas/jobs.ts `steps`); tests/job-step-texts.test.ts holds the two equal.
 */
import type { JobStep, JobStepCode, JobStepParams } from "../domain/job-steps";

/** Counts as the server writes them: "12,345". */
const count = (n: number) => n.toLocaleString("en");

export const JOB_STEP_TEXTS: { [C in JobStepCode]: (params: JobStepParams[C]) => string } = {
  waiting: () => "Waiting for a free slot",
  starting: () => "Starting",
  "export-rows": ({ table, done, total }) =>
    `Exporting ${table.replaceAll("_", " ")}: ${count(done)} of ${count(total)} rows`,
  "export-finishing": () => "Finishing",
  "books-balances": () => "Comparing stored balances with the ledger",
  "books-bets": () => "Checking each bet against its ledger rows",
  "books-ledger-rows": () => "Checking the shape of every ledger row",
  "books-reversals": () => "Checking reversals",
  done: () => "Done",
  failed: () => "Failed",
  cancelled: () => "Cancelled",
};

/** A step's English. */
export function jobStepPhrase(step: JobStep): string {
  const write = JOB_STEP_TEXTS[step.code] as (params: unknown) => string;
  return write(step.params ?? {});
}
