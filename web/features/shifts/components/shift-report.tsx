import { Link } from "wouter";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { Detail, PageHeader, Panel } from "../../../components/ui/page-header";
import { i18n, useT } from "../../../i18n";
import { errorMessage, isNotFound } from "../../../lib/api-client";
import { euro, formatDateTime, formatNumber, fullName } from "../../../lib/format";
import { type Shift, useShift, useShiftMovements } from "../api/get-shifts";
import { ShiftFigures } from "./shift-figures";
import "../../../i18n/areas/shifts";
import "../../../i18n/areas/ui";

type Row = NonNullable<ReturnType<typeof useShiftMovements>["data"]>["items"][number];

/**
 * What a ledger row of a shift is at the till (issue 21, decision 051): a deposit or a
 * withdrawal, a cash bet's stake into the till (from CASH) or a slip paid out of it (to CASH),
 * with its sign there and whose it is ("Cash" for the bearer of a slip). A deposit or
 * withdrawal reversed while the shift was open is a line of its own, the other way round
 * (decision 079).
 */
export function tillLine(row: Row): { kind: string; sign: "+" | "-"; who: string } {
  const customer = row.fromCustomer ?? row.toCustomer;
  if (row.reversalOf !== null && (row.type === "DEPOSIT" || row.type === "WITHDRAWAL")) {
    const deposit = row.type === "DEPOSIT";
    return {
      kind: i18n.t(deposit ? "shifts.line.depositReversed" : "shifts.line.withdrawalReversed", {
        id: row.reversalOf,
      }),
      sign: deposit ? "-" : "+",
      who: customer ? fullName(customer) : "",
    };
  }
  if (row.type === "DEPOSIT")
    return {
      kind: i18n.t("shifts.line.deposit"),
      sign: "+",
      who: row.fromCustomer ? fullName(row.fromCustomer) : "",
    };
  if (row.type === "WITHDRAWAL")
    return {
      kind: i18n.t("shifts.line.withdrawal"),
      sign: "-",
      who: row.toCustomer ? fullName(row.toCustomer) : "",
    };
  const bet = row.betId === null ? "" : ` #${row.betId}`;
  const cash = i18n.t("shifts.line.cash");
  if (row.fromEntityType === "CASH")
    return { kind: `${i18n.t("shifts.line.cashBet")}${bet}`, sign: "+", who: cash };
  return {
    kind: `${i18n.t(row.type === "REFUND" ? "shifts.line.stakeReturned" : "shifts.line.slipPaid")}${bet}`,
    sign: "-",
    who: cash,
  };
}

/** The cash taken and paid in the shift, row by row, oldest first. */
function Movements({ shiftId }: { shiftId: number }) {
  const { data, isLoading } = useShiftMovements(shiftId);
  const t = useT();
  if (isLoading || !data) return <LoadingText text={t("shifts.report.loadingMovements")} />;
  if (!data.items.length)
    return <p className="text-base-content/70">{t("shifts.report.noMovements")}</p>;
  return (
    <>
      <table className="table table-sm" aria-label={t("shifts.report.movements")}>
        <thead>
          <tr>
            <th scope="col">{t("shifts.report.time")}</th>
            <th scope="col">#</th>
            <th scope="col">{t("shifts.report.type")}</th>
            <th scope="col">{t("shifts.report.customer")}</th>
            <th scope="col" className="text-right">
              {t("shifts.report.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((row) => {
            const line = tillLine(row);
            return (
              <tr key={row.id} className={row.archived ? "italic text-base-content/75" : ""}>
                <td>{formatDateTime(row.createdAt)}</td>
                <td>{row.id}</td>
                <td>{line.kind}</td>
                <td>{line.who}</td>
                <td className="text-right tabular-nums">
                  {line.sign} {euro(row.amount)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {data.total > data.items.length && (
        <p className="mt-2 text-sm">
          {t("shifts.report.firstOf", {
            shown: formatNumber(data.items.length),
            total: formatNumber(data.total),
          })}
        </p>
      )}
    </>
  );
}

/** The cash lifted to the safe or brought into the till, with who and why, oldest first. */
function TillMovements({ shift }: { shift: Shift }) {
  const t = useT();
  if (!shift.tillMovements.length)
    return <p className="text-base-content/70">{t("shifts.report.noTillMovements")}</p>;
  return (
    <table className="table table-sm" aria-label={t("shifts.report.tillMovements")}>
      <thead>
        <tr>
          <th scope="col">{t("shifts.report.time")}</th>
          <th scope="col">{t("shifts.report.type")}</th>
          <th scope="col">{t("shifts.report.by")}</th>
          <th scope="col">{t("shifts.report.reason")}</th>
          <th scope="col" className="text-right">
            {t("shifts.report.amount")}
          </th>
        </tr>
      </thead>
      <tbody>
        {shift.tillMovements.map((m) => (
          <tr key={m.id}>
            <td>{formatDateTime(m.createdAt)}</td>
            <td>{m.kind === "pickup" ? t("ui.shift.pickup") : t("ui.shift.topup")}</td>
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
  const t = useT();
  if (isLoading) return <LoadingText text={t("shifts.report.loading")} />;
  if (isNotFound(error) || (!error && !shift)) {
    return (
      <StateCard
        title={t("shifts.report.notFound")}
        backHref="/shifts"
        backLabel={t("shifts.report.backToShifts")}
      />
    );
  }
  if (error || !shift) {
    return (
      <StateCard
        title={t("shifts.report.errorTitle")}
        text={error ? errorMessage(error) : undefined}
        backHref="/shifts"
        backLabel={t("shifts.report.backToShifts")}
      />
    );
  }
  return (
    <article className="max-w-3xl print:max-w-none">
      <PageHeader
        title={t("shifts.report.title", { id: shift.id })}
        subtitle={
          shift.status === "OPEN"
            ? t("shifts.report.subtitleOpen")
            : t("shifts.report.subtitleClosed")
        }
        actions={
          <div className="flex gap-2 print:hidden">
            <Link href="/shifts" className="btn btn-ghost btn-sm">
              {t("shifts.report.allShifts")}
            </Link>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
              {t("shifts.report.print")}
            </button>
          </div>
        }
      />
      <div className="flex flex-col gap-4">
        <Panel title={t("shifts.report.shift")}>
          <dl>
            <Detail label={t("shifts.report.cashier")}>
              {shift.user?.username ?? t("shifts.report.userNumber", { id: shift.userId })}
            </Detail>
            <Detail label={t("shifts.report.shop")}>
              {shift.shop?.name ?? t("shifts.report.shopNumber", { id: shift.shopId })}
            </Detail>
            <Detail label={t("shifts.report.opened")}>{formatDateTime(shift.openedAt)}</Detail>
            {shift.closedAt && (
              <Detail label={t("shifts.report.closed")}>{formatDateTime(shift.closedAt)}</Detail>
            )}
            {shift.closedBy && (
              <Detail label={t("shifts.report.closedBy")}>{shift.closedBy.username}</Detail>
            )}
          </dl>
        </Panel>
        <Panel title={t("shifts.report.cashUp")}>
          <ShiftFigures shift={shift} />
        </Panel>
        <Panel title={t("shifts.report.movements")}>
          <Movements shiftId={shift.id} />
        </Panel>
        <Panel title={t("shifts.report.tillMovements")}>
          <TillMovements shift={shift} />
        </Panel>
      </div>
    </article>
  );
}
