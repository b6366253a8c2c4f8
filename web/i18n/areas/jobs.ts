/**
 * The "jobs" part of the catalogues (decision 065): English, the source. A background job's
 * progress, cancel and end, and a recalculated balance: what the dashboard's books indicator
 * shows of the admin tools, apart so that the first screen does not carry the admin screen's
 * texts. Its German, which must have every key, is ./jobs.de.ts. Keys: t("jobs.<key>").
 */

import type { JobStepCode } from "../../../src/domain/job-steps";
import { addEnglishArea } from "../instance";

export const en = {
  progressLabel: "{{label}} progress",
  waiting: "Waiting for a free slot",
  progress: "{{percent}} · {{phrase}}",
  cancel: "Cancel",
  cancelLabel: {
    export: "Cancel the export",
    "ledger-check": "Cancel the books check",
  },
  cancelled: "Cancelled {{time}}.",
  failed: "Failed: {{error}}",
  unknownError: "unknown error",
  recalculated: "Balance recalculated. New balance: {{balance}}",
  /**
   * What a job is doing, by its step code (src/domain/job-steps.ts), word for word the
   * server's phrase in English (src/lib/job-steps.ts; tests/job-step-texts.test.ts).
   */
  steps: {
    waiting: "Waiting for a free slot",
    starting: "Starting",
    "export-rows": "Exporting {{table}}: {{done}} of {{total}} rows",
    "export-finishing": "Finishing",
    "books-balances": "Comparing stored balances with the ledger",
    "books-bets": "Checking each bet against its ledger rows",
    "books-ledger-rows": "Checking the shape of every ledger row",
    "books-reversals": "Checking reversals",
    done: "Done",
    failed: "Failed",
    cancelled: "Cancelled",
  } satisfies Record<JobStepCode, string>,
  /** The export's tables as the export-rows step names them (EXPORTED_TABLES). */
  table: {
    users: "users",
    customers: "customers",
    shops: "shops",
    bets: "bets",
    bet_settlements: "bet settlements",
    transactions: "transactions",
    shifts: "shifts",
    shift_movements: "shift movements",
    alerts: "alerts",
    audit_log: "audit log",
    backups: "backups",
  },
} as const;

addEnglishArea("jobs", en);
