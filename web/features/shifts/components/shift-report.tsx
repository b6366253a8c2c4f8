import type { ReactNode } from "react";
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

/**
 * An amount is never broken or cut: it keeps one line, and the text cells beside it give way
 * (they wrap anywhere) so the table fits its card even at 390 px.
 */
const AMOUNT = "whitespace-nowrap text-right tabular-nums";

/**
 * A report's table, fitted to its card: on a phone the time (and the number or who) sit under
 * the type instead of in columns of their own, so the amount stays on screen; a text that
 * still does not fit scrolls inside the card, never the page.
 */
function FittingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm" aria-label={label}>
        {children}
      </table>
    </div>
  );
}

/** What a phone shows under a line's type in place of the columns it hides. */
function PhoneLine({ children }: { children: ReactNode }) {
  return (
    <span className="block text-xs text-base-content/70 sm:hidden" data-phone-line>
      {children}
    </span>
  );
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
      <FittingTable label={t("shifts.report.movements")}>
        <thead>
          <tr>
            <th scope="col" className="max-sm:hidden">
              {t("shifts.report.time")}
            </th>
            <th scope="col" className="max-sm:hidden">
              #
            </th>
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
            const time = formatDateTime(row.createdAt);
            return (
              <tr key={row.id} className={row.archived ? "italic text-base-content/75" : ""}>
                <td className="max-sm:hidden">{time}</td>
                <td className="max-sm:hidden">{row.id}</td>
                <td className="wrap-anywhere">
                  {line.kind}
                  <PhoneLine>{t("shifts.report.timeAndNumber", { time, id: row.id })}</PhoneLine>
                </td>
                <td className="wrap-anywhere">{line.who}</td>
                <td className={AMOUNT}>
                  {line.sign} {euro(row.amount)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </FittingTable>
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
    <FittingTable label={t("shifts.report.tillMovements")}>
      <thead>
        <tr>
          <th scope="col" className="max-sm:hidden">
            {t("shifts.report.time")}
          </th>
          <th scope="col">{t("shifts.report.type")}</th>
          <th scope="col" className="max-sm:hidden">
            {t("shifts.report.by")}
          </th>
          <th scope="col">{t("shifts.report.reason")}</th>
          <th scope="col" className="text-right">
            {t("shifts.report.amount")}
          </th>
        </tr>
      </thead>
      <tbody>
        {shift.tillMovements.map((m) => {
          const time = formatDateTime(m.createdAt);
          const by = m.createdBy?.username ?? "";
          return (
            <tr key={m.id}>
              <td className="max-sm:hidden">{time}</td>
              <td className="wrap-anywhere">
                {m.kind === "pickup" ? t("ui.shift.pickup") : t("ui.shift.topup")}
                <PhoneLine>{by ? t("shifts.report.timeBy", { time, by }) : time}</PhoneLine>
              </td>
              <td className="max-sm:hidden wrap-anywhere">{by}</td>
              <td className="whitespace-pre-line wrap-anywhere">{m.reason}</td>
              <td className={AMOUNT}>
                {m.kind === "topup" ? "+ " : "- "}
                {euro(m.amount)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </FittingTable>
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
