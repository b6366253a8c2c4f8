/**
 * The "jobs" part of the catalogues (decision 065): English, the source. A background job's
 * progress, cancel and end, and a recalculated balance: what the dashboard's books indicator
 * shows of the admin tools, apart so that the first screen does not carry the admin screen's
 * texts. Its German, which must have every key, is ./jobs.de.ts. Keys: t("jobs.<key>").
 */

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
} as const;

addEnglishArea("jobs", en);
