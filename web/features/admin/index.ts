/** The admin feature's public entry: the panels the System Administration screen composes. */

export { jobsQuery, useLatestJob } from "./api/jobs";
export { useRecalculateBalance } from "./api/recalculate-balance";
export { RecalculateBalancePanel, ReverseTransactionPanel } from "./components/balance-tools";
export { DeleteDataPanel } from "./components/data-management";
export { ExportDataPanel } from "./components/export-data";
export { JobEnded, JobProgress } from "./components/jobs";
export { ReplicationPanel } from "./components/replication";
export { SecurityNotice, SystemInformation, SystemStatusCards } from "./components/system-status";
export { ApiTokensPanel } from "./components/tokens";
export { CreateUserPanel, UserRolesPanel } from "./components/user-management";
