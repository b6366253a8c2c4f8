import type { BetStatus, TransactionStatus } from "../../../src/domain/enums";

const BET_STATUS_CLASS: Record<BetStatus, string> = {
  PENDING: "badge-warning",
  WON: "badge-success",
  // An each-way bet's place part won (decision 052).
  PLACED: "badge-info",
  LOST: "badge-error",
  VOID: "badge-neutral",
};

export function BetStatusBadge({ status, className }: { status: BetStatus; className?: string }) {
  return (
    <span className={`badge ${BET_STATUS_CLASS[status] ?? ""} ${className ?? ""}`}>{status}</span>
  );
}

/** Default (filled) style only for COMPLETED; other statuses are outlined. */
export function TransactionStatusBadge({
  status,
  className,
}: {
  status: TransactionStatus;
  className?: string;
}) {
  return (
    <span
      className={`badge ${status === "COMPLETED" ? "badge-primary" : "badge-outline"} ${className ?? ""}`}
    >
      {status}
    </span>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={`badge ${active ? "badge-success" : "badge-ghost"}`}>
      {active ? "Active" : "Inactive"}
    </span>
  );
}
