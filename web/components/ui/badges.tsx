import type { BetStatus, TransactionStatus } from "../../../src/domain/enums";
import { useT } from "../../i18n";
import "../../i18n/areas/ui";

const BET_STATUS_CLASS: Record<BetStatus, string> = {
  PENDING: "badge-warning",
  WON: "badge-success",
  // An each-way bet's place part won (decision 052).
  PLACED: "badge-info",
  LOST: "badge-error",
  VOID: "badge-neutral",
};

/** A bet's status: the code itself in English (PENDING), the language's word otherwise. */
export function BetStatusBadge({ status, className }: { status: BetStatus; className?: string }) {
  const t = useT();
  return (
    <span className={`badge ${BET_STATUS_CLASS[status] ?? ""} ${className ?? ""}`}>
      {t(`ui.betStatus.${status}`)}
    </span>
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
  const t = useT();
  return (
    <span
      className={`badge ${status === "COMPLETED" ? "badge-primary" : "badge-outline"} ${className ?? ""}`}
    >
      {t(`ui.transactionStatus.${status}`)}
    </span>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  const t = useT();
  return (
    <span className={`badge ${active ? "badge-success" : "badge-ghost"}`}>
      {active ? t("ui.active") : t("ui.inactive")}
    </span>
  );
}
