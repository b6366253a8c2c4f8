/**
 * GET /api/admin/audit?format=csv: every matching audit entry (the screen's filters, search
 * and sort), walked in a worker that loads this module for its JOB_WORK (so it stays free of
 * side effects). See src/lib/csv-export.ts. `before` and `after` are JSON text in one cell
 * each, as the audit_log table stores them; a refused sign-in's typed username and reason
 * are in `after` (issue 25).
 */
import { auditEntryDto } from "../../domain/dto";
import { defineCsvList } from "../../lib/csv-export";
import { type AuditQuery, auditEntriesByIds, auditListSpec } from "./audit.service";

const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

const AUDIT_CSV = defineCsvList(import.meta.url, {
  name: "audit",
  spec: ({ query }) => auditListSpec(query as AuditQuery),
  load: (db, ids) =>
    auditEntriesByIds(db, ids).map((entry) => ({
      ...entry,
      before: json(entry.before),
      after: json(entry.after),
    })),
  dto: auditEntryDto,
  // The file keeps the ids as recorded; the screen's usernames beside them are the list's.
  omit: ["users"],
});

export const JOB_WORK = AUDIT_CSV.work;

/** The columns of the file (the tests read them). */
export const CSV_COLUMNS = AUDIT_CSV.columns;

export const auditCsv = AUDIT_CSV.download;
