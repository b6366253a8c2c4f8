import { useAtomValue } from "jotai";
import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { useT } from "../../../i18n";
import { isAdminAtom } from "../../../lib/session";
import type { Bet } from "../api/types";
import "../../../i18n/areas/bets";

const ResettleBetDialog = lazy(() => import("./resettle-bet-dialog"));

/**
 * "Re-settle" on a settled bet's page, for admins only (issue 12); not on a cash bet whose
 * slip is paid, whose outcome is final (decision 051): the page shows the payment instead.
 */
export function ResettleButton({ bet }: { bet: Bet }) {
  const isAdmin = useAtomValue(isAdminAtom);
  const t = useT();
  if (!isAdmin || bet.status === "PENDING" || bet.paid) return null;
  return (
    <DialogButton label={t("bets.resettle.button")} className="btn-sm btn-outline">
      {(close) => <ResettleBetDialog bet={bet} onClose={close} />}
    </DialogButton>
  );
}
