import { Link } from "wouter";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { Detail, PageHeader, Panel } from "../../../components/ui/page-header";
import { errorMessage, isNotFound } from "../../../lib/api-client";
import { euro, formatDateTime, fullName } from "../../../lib/format";
import { type Shift, useShift, useShiftMovements } from "../api/get-shifts";
import { ShiftFigures } from "./shift-figures";

type Row = NonNullable<ReturnType<typeof useShiftMovements>["data"]>["items"][number];

/**
 * What a ledger row of a shift is at the till (issue 21, decision 051): a deposit or a
 * withdrawal, a cash bet's stake into the till (from CASH) or a slip paid out of it (to CASH),
 * with its sign there and whose it is ("Cash" for the bearer of a slip).
 */
export function tillLine(t: Row): { kind: string; sign: "+" | "-"; who: string } {
  if (t.type === "DEPOSIT")
    return { kind: "Deposit", sign: "+", who: t.fromCustomer ? fullName(t.fromCustomer) : "" };
  if (t.type === "WITHDRAWAL")
    return { kind: "Withdrawal", sign: "-", who: t.toCustomer ? fullName(t.toCustomer) : "" };
  const bet = t.betId === null ? "" : ` #${t.betId}`;
  if (t.fromEntityType === "CASH") return { kind: `Cash bet${bet}`, sign: "+", who: "Cash" };
  return {
    kind: t.type === "REFUND" ? `Stake returned${bet}` : `Slip paid${bet}`,
    sign: "-",
    who: "Cash",
  };
}

/** The cash taken and paid in the shift, row by row, oldest first. */
function Movements({ shiftId }: { shiftId: number }) {
  const { data, isLoading } = useShiftMovements(shiftId);
  if (isLoading || !data) return <LoadingText text="Loading the shift's movements..." />;
  if (!data.items.length)
    return (
      <p className="text-base-content/70">No deposits, withdrawals, cash bets or slips paid.</p>
    );
  return (
    <>
      <table
        className="table table-sm"
        aria-label="Deposits, withdrawals, cash bets and slips paid"
      >
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">#</th>
            <th scope="col">Type</th>
            <th scope="col">Customer</th>
            <th scope="col" className="text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((t) => {
            const line = tillLine(t);
            return (
              <tr key={t.id} className={t.archived ? "italic text-base-content/75" : ""}>
                <td>{formatDateTime(t.createdAt)}</td>
                <td>{t.id}</td>
                <td>{line.kind}</td>
                <td>{line.who}</td>
                <td className="text-right tabular-nums">
                  {line.sign} {euro(t.amount)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {data.total > data.items.length && (
        <p className="mt-2 text-sm">
          The first {data.items.length} of {data.total} movements are shown.
        </p>
      )}
    </>
  );
}

/** The cash lifted to the safe or brought into the till, with who and why, oldest first. */
function TillMovements({ shift }: { shift: Shift }) {
  if (!shift.tillMovements.length) return <p className="text-base-content/70">None.</p>;
  return (
    <table className="table table-sm" aria-label="Pick-ups and top-ups">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Type</th>
          <th scope="col">By</th>
          <th scope="col">Reason</th>
          <th scope="col" className="text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {shift.tillMovements.map((m) => (
          <tr key={m.id}>
            <td>{formatDateTime(m.createdAt)}</td>
            <td>{m.kind === "pickup" ? "Pick-up" : "Top-up"}</td>
            <td>{m.createdBy?.username ?? ""}</td>
            <td className="whitespace-pre-line break-words">{m.reason}</td>
            <td className="text-right tabular-nums">
              {m.kind === "topup" ? "+ " : "- "}
              {euro(m.amount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The shift report (Z report): who, where and when, the cash-up figures and every deposit
 * and withdrawal, pick-up and top-up of the shift, with a Print button; printing leaves out the app's chrome.
 */
export default function ShiftReport({ id }: { id: number }) {
  const { data: shift, isLoading, error } = useShift(id);
  if (isLoading) return <LoadingText text="Loading shift..." />;
  if (isNotFound(error) || (!error && !shift)) {
    return <StateCard title="Shift not found" backHref="/shifts" backLabel="Back to Shifts" />;
  }
  if (error || !shift) {
    return (
      <StateCard
        title="Error Loading Shift"
        text={error ? errorMessage(error) : undefined}
        backHref="/shifts"
        backLabel="Back to Shifts"
      />
    );
  }
  return (
    <article className="max-w-3xl print:max-w-none">
      <PageHeader
        title={`Shift report #${shift.id}`}
        subtitle={shift.status === "OPEN" ? "Open: figures so far" : "Closed (Z report)"}
        actions={
          <div className="flex gap-2 print:hidden">
            <Link href="/shifts" className="btn btn-ghost btn-sm">
              All shifts
            </Link>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
              Print
            </button>
          </div>
        }
      />
      <div className="flex flex-col gap-4">
        <Panel title="Shift">
          <dl>
            <Detail label="Cashier">{shift.user?.username ?? `User #${shift.userId}`}</Detail>
            <Detail label="Shop">{shift.shop?.name ?? `Shop #${shift.shopId}`}</Detail>
            <Detail label="Opened">{formatDateTime(shift.openedAt)}</Detail>
            {shift.closedAt && <Detail label="Closed">{formatDateTime(shift.closedAt)}</Detail>}
            {shift.closedBy && <Detail label="Closed by">{shift.closedBy.username}</Detail>}
          </dl>
        </Panel>
        <Panel title="Cash-up">
          <ShiftFigures shift={shift} />
        </Panel>
        <Panel title="Deposits, withdrawals, cash bets and slips paid">
          <Movements shiftId={shift.id} />
        </Panel>
        <Panel title="Pick-ups and top-ups">
          <TillMovements shift={shift} />
        </Panel>
      </div>
    </article>
  );
}
