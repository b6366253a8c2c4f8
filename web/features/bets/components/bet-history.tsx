import type { TFunction } from "i18next";
import type { BetStatus } from "../../../../src/domain/enums";
import { useStaffName } from "../../../components/ui/links";
import { Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { euro, formatDateTime } from "../../../lib/format";
import { useBetSettlements } from "../api/resettle-bet";
import { termsText } from "./settlement-terms";
import "../../../i18n/areas/bets";

const outcome = (
  t: TFunction,
  status: BetStatus,
  payout: string | null,
  voidReason: string | null,
  reduced: string,
) => {
  const name = t(`bets.outcome.${status}`);
  // PLACED paid an each-way bet's place part (decision 052); a dead heat or Rule 4 reduced
  // what it paid (decision 084).
  if (status === "WON" || status === "PLACED") {
    return reduced
      ? t("bets.history.paidWithTerms", { name, amount: euro(payout), terms: reduced })
      : t("bets.history.paid", { name, amount: euro(payout) });
  }
  if (status === "VOID") {
    return t("bets.history.voided", { name, reason: voidReason ?? t("bets.history.noReason") });
  }
  return name;
};

/**
 * A bet's earlier outcomes (issue 12): each re-settlement with what it replaced, who had
 * settled that and when, who changed it, when and why. Nothing for a bet never re-settled.
 */
export function BetHistory({ betId }: { betId: number }) {
  const { data } = useBetSettlements(betId);
  const staffName = useStaffName();
  const t = useT();
  if (!data || data.length === 0) return null;
  return (
    <Panel title={t("bets.history.title")} className="mt-4 max-w-2xl">
      <ol className="space-y-3 text-sm" data-testid="settlement-history">
        {data.map((s) => (
          <li key={s.id} className="rounded-box bg-base-200 p-3">
            <p>
              <span className="font-medium">
                {outcome(
                  t,
                  s.fromStatus,
                  s.fromPayout,
                  s.fromVoidReason,
                  termsText({ deadHeat: s.fromDeadHeat, rule4Deduction: s.fromRule4Deduction }),
                )}
              </span>{" "}
              →{" "}
              <span className="font-medium">
                {outcome(
                  t,
                  s.toStatus,
                  s.toPayout,
                  s.toVoidReason,
                  termsText({ deadHeat: s.toDeadHeat, rule4Deduction: s.toRule4Deduction }),
                )}
              </span>
            </p>
            <p className="text-base-content/80">
              {t("bets.history.changedBy", {
                who: staffName(s.settledByUser?.username, t("bets.removedUser")),
                when: formatDateTime(s.createdAt),
                reason: s.reason,
              })}
            </p>
            <p className="text-base-content/70">
              {t("bets.history.settledBy", {
                who: staffName(s.fromResolvedByUser?.username, t("bets.removedUser")),
                when: formatDateTime(s.fromResolvedAt),
              })}
            </p>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
