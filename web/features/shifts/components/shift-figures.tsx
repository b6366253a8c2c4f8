import { centsOf, formatEuro } from "../../../../src/domain/money";
import type { Shift } from "../api/get-shifts";

/** "€2.50 short", "€1.00 over", "none" for a discrepancy (counted - expected). */
export function discrepancyText(discrepancy: string): string {
  const cents = centsOf(discrepancy);
  if (cents === 0) return "None";
  return `${formatEuro(Math.abs(cents))} ${cents < 0 ? "short" : "over"}`;
}

/**
 * A shift's cash-up, line by line: float, deposits, withdrawals, cash bets taken, slips
 * paid, top-ups, pick-ups, expected, and once closed the count and discrepancy.
 */
export function ShiftFigures({ shift }: { shift: Shift }) {
  const rows: [string, string, string?][] = [
    ["Opening float", formatEuro(centsOf(shift.openingFloat))],
    [`Deposits (${shift.depositCount})`, `+ ${formatEuro(centsOf(shift.deposits))}`],
    [`Withdrawals (${shift.withdrawalCount})`, `- ${formatEuro(centsOf(shift.withdrawals))}`],
    // Cash bets' stakes into the till and slips paid out of it (issue 21, decision 051).
    [`Cash bets (${shift.cashStakeCount})`, `+ ${formatEuro(centsOf(shift.cashStakes))}`],
    [`Slips paid (${shift.cashPayoutCount})`, `- ${formatEuro(centsOf(shift.cashPayouts))}`],
    [`Top-ups (${shift.topupCount})`, `+ ${formatEuro(centsOf(shift.topups))}`],
    [`Pick-ups (${shift.pickupCount})`, `- ${formatEuro(centsOf(shift.pickups))}`],
    ["Expected cash", formatEuro(centsOf(shift.expectedCash)), "font-semibold"],
  ];
  if (shift.countedCash !== null)
    rows.push(["Counted cash", formatEuro(centsOf(shift.countedCash))]);
  if (shift.discrepancy !== null) {
    const cents = centsOf(shift.discrepancy);
    rows.push([
      "Discrepancy",
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
