import { centsOf } from "../../../../src/domain/money";
import { i18n, useT } from "../../../i18n";
import { euroCents, formatNumber } from "../../../lib/format";
import type { Shift } from "../api/get-shifts";
import "../../../i18n/areas/shifts";

/** "€2.50 short", "€1.00 over", "None" for a discrepancy (counted - expected). */
export function discrepancyText(discrepancy: string): string {
  const cents = centsOf(discrepancy);
  if (cents === 0) return i18n.t("shifts.figures.none");
  const amount = euroCents(Math.abs(cents));
  return cents < 0
    ? i18n.t("shifts.figures.short", { amount })
    : i18n.t("shifts.figures.over", { amount });
}

/**
 * A shift's cash-up, line by line: float, deposits, withdrawals, cash bets taken, slips
 * paid, the deposits and withdrawals reversed while it was open (if any), top-ups,
 * pick-ups, expected, and once closed the count and discrepancy.
 */
export function ShiftFigures({ shift }: { shift: Shift }) {
  const t = useT();
  const money = (value: string) => euroCents(centsOf(value));
  const rows: [string, string, string?][] = [
    [t("shifts.figures.openingFloat"), money(shift.openingFloat)],
    [
      t("shifts.figures.deposits", { n: formatNumber(shift.depositCount) }),
      `+ ${money(shift.deposits)}`,
    ],
    [
      t("shifts.figures.withdrawals", { n: formatNumber(shift.withdrawalCount) }),
      `- ${money(shift.withdrawals)}`,
    ],
    // Cash bets' stakes into the till and slips paid out of it (issue 21, decision 051).
    [
      t("shifts.figures.cashBets", { n: formatNumber(shift.cashStakeCount) }),
      `+ ${money(shift.cashStakes)}`,
    ],
    [
      t("shifts.figures.slipsPaid", { n: formatNumber(shift.cashPayoutCount) }),
      `- ${money(shift.cashPayouts)}`,
    ],
    // Reversals made while the shift was open (decision 079): only when there are any.
    ...(shift.reversedDepositCount > 0
      ? [
          [
            t("shifts.figures.reversedDeposits", { n: formatNumber(shift.reversedDepositCount) }),
            `- ${money(shift.reversedDeposits)}`,
          ] as [string, string],
        ]
      : []),
    ...(shift.reversedWithdrawalCount > 0
      ? [
          [
            t("shifts.figures.reversedWithdrawals", {
              n: formatNumber(shift.reversedWithdrawalCount),
            }),
            `+ ${money(shift.reversedWithdrawals)}`,
          ] as [string, string],
        ]
      : []),
    [t("shifts.figures.topups", { n: formatNumber(shift.topupCount) }), `+ ${money(shift.topups)}`],
    [
      t("shifts.figures.pickups", { n: formatNumber(shift.pickupCount) }),
      `- ${money(shift.pickups)}`,
    ],
    [t("shifts.figures.expectedCash"), money(shift.expectedCash), "font-semibold"],
  ];
  if (shift.countedCash !== null)
    rows.push([t("shifts.figures.countedCash"), money(shift.countedCash)]);
  if (shift.discrepancy !== null) {
    const cents = centsOf(shift.discrepancy);
    rows.push([
      t("shifts.figures.discrepancy"),
      discrepancyText(shift.discrepancy),
      `font-semibold ${cents === 0 ? "text-success" : "text-error"}`,
    ]);
  }
  return (
    <dl
      className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 tabular-nums"
      data-testid="shift-figures"
    >
      {rows.map(([label, value, className]) => (
        <div key={label} className={`contents ${className ?? ""}`}>
          <dt>{label}</dt>
          <dd className="text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
