/** The audit trail feature's public entry (issue 13): the admins' audit screen. */
import { lazy } from "react";

// The screen loads on first use (see the shops feature's entry).
export const AuditTable = lazy(() => import("./components/audit-table"));
