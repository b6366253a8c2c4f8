import { useAtomValue } from "jotai";
import { Link } from "wouter";
import { useT } from "../../i18n";
import { isAdminAtom } from "../../lib/session";
import "../../i18n/areas/ui";

/**
 * "History": the audit trail filtered to one entity (admins only; nothing for others).
 * `entityType` is the audit rows' own (CUSTOMER, SHOP, BET, USER).
 */
export function HistoryLink({
  entityType,
  entityId,
  className = "btn btn-sm",
  name,
}: {
  entityType: "CUSTOMER" | "SHOP" | "BET" | "USER";
  entityId: number;
  className?: string;
  /** The entity's name, for the link's accessible name when several share a page. */
  name?: string;
}) {
  const isAdmin = useAtomValue(isAdminAtom);
  const t = useT();
  if (!isAdmin) return null;
  return (
    <Link
      href={`/admin/audit?entityType=${entityType}&entityId=${entityId}`}
      className={className}
      aria-label={name ? t("ui.historyOf", { name }) : undefined}
    >
      {t("ui.history")}
    </Link>
  );
}
