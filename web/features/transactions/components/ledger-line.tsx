/**
 * One ledger line, read the same way on every screen (issue 20): the dashboard's Recent
 * Transactions, a customer's, a shop's and a bet's page, and the Transactions list.
 *
 * - The amount is the row's signed effect on the party being viewed (the account whose page
 *   it is, else the customer, else the shop), from `lineEffect` in src/domain, the rule the
 *   server applies to balances: a reversed €10.50 deposit reads -€10.50 in red on the
 *   customer wherever it appears.
 * - A reversal is marked "Reversal of #12", a re-settlement's taking back of a payout or
 *   refund "Correction of #12", and a reversed original "Reversed".
 * - A description the server wrote ("Payout for bet #7") reads in the reader's language
 *   (decision 081); a cashier's own words as typed.
 * - From and To are the row's stored sides, as in the reversal preview and the CSV
 *   (docs/ledger.md, decisions/039): the way the money moved.
 */
import type { ReactNode } from "react";
import { CREDIT_TYPES, DEBIT_TYPES } from "../../../../src/domain/enums";
import {
  correctionKind,
  type LedgerRow,
  lineEffect,
  type ViewedParty,
} from "../../../../src/domain/ledger-effects";
import { centsOf } from "../../../../src/domain/money";
import { TransactionStatusBadge } from "../../../components/ui/badges";
import { CustomerLink, ShopLink, UserLink } from "../../../components/ui/links";
import { i18n, useT } from "../../../i18n";
import { ledgerDescriptionText } from "../../../i18n/ledger-descriptions";
import { richText } from "../../../i18n/rich-text";
import { euroCents, formatDateTime } from "../../../lib/format";
import type { Transaction } from "../api/types";
import "../../../i18n/areas/transactions";
import "../../../i18n/areas/ui";

/** The row as the domain functions take it (the API's decimal amount in cents). */
export function ledgerRowOf(t: Transaction): LedgerRow {
  return { ...t, amountCents: centsOf(t.amount) };
}

/** The signed effect of `t` on `party` (or the customer, else the shop). */
export function effectOf(t: Transaction, party?: ViewedParty) {
  return lineEffect(ledgerRowOf(t), party);
}

/**
 * The Type's colour: the SPEC's (green for DEPOSIT, PAYOUT, REFUND; red for WITHDRAWAL,
 * BETTING) for an ordinary row; a correction takes the colour of what it does, so a
 * reversed deposit is not a second green DEPOSIT.
 */
export function typeColour(t: Transaction, party?: ViewedParty): string {
  if (correctionKind(t) !== null) {
    const effect = effectOf(t, party);
    if (!effect.moves) return "";
    return effect.cents > 0 ? "text-success" : "text-error";
  }
  if (CREDIT_TYPES.includes(t.type)) return "text-success";
  if (DEBIT_TYPES.includes(t.type)) return "text-error";
  return "";
}

/** "+€10.50" green, "-€10.50" red, or the amount unsigned when the party's balance does not move. */
export function LedgerAmount({ t, party }: { t: Transaction; party?: ViewedParty }) {
  const effect = effectOf(t, party);
  const colour = !effect.moves ? "" : effect.cents > 0 ? "text-success" : "text-error";
  const tr = useT();
  return (
    <span
      className={`tabular-nums ${colour} ${t.archived ? "line-through" : ""}`}
      data-testid="ledger-effect"
    >
      {effect.moves && effect.cents > 0 ? "+" : ""}
      {euroCents(effect.cents)}
      {!effect.moves && <span className="ml-1 text-xs">{tr("transactions.noTillEffect")}</span>}
    </span>
  );
}

/**
 * "Reversal of #12", "Correction of #12" or "Reversed", as inline badges after the type (not
 * in a flex box, so a table cell's text still reads "DEPOSIT" on one line); nothing on an
 * ordinary row.
 */
export function CorrectionBadge({ t, className = "ml-1" }: { t: Transaction; className?: string }) {
  const kind = correctionKind(t);
  const tr = useT();
  const badges: ReactNode[] = [];
  if (kind !== null) {
    badges.push(
      <span
        key="kind"
        className={`badge badge-outline badge-sm whitespace-nowrap ${className}`}
        data-testid="ledger-mark"
      >
        {tr(kind === "REVERSAL" ? "transactions.reversalOf" : "transactions.correctionOf", {
          id: t.reversalOf ?? "",
        })}
      </span>,
    );
  }
  if (t.archived) {
    badges.push(
      <span
        key="archived"
        className={`badge badge-outline badge-sm whitespace-nowrap ${className}`}
        data-testid="ledger-mark"
        title={tr("transactions.archivedTitle")}
      >
        {tr("transactions.reversed")}
      </span>,
    );
  }
  return badges.length ? badges : null;
}

/** One side of a row, as stored: a link to the customer or shop, else 'TYPE (id)' (SPEC). */
export function LedgerParty({ t, side }: { t: Transaction; side: "from" | "to" }) {
  const type = side === "from" ? t.fromEntityType : t.toEntityType;
  const id = side === "from" ? t.fromEntityId : t.toEntityId;
  const customer = side === "from" ? t.fromCustomer : t.toCustomer;
  const shop = side === "from" ? t.fromShop : t.toShop;
  const tr = useT();
  let party: ReactNode = (
    <span>
      {tr(`ui.entityType.${type}`)} ({id})
    </span>
  );
  if (type === "CUSTOMER" && customer) party = <CustomerLink id={id} customer={customer} />;
  else if (type === "SHOP" && shop) party = <ShopLink id={id} shop={shop} />;
  // Cash over the counter (decision 051): a cash bet's stake and a slip's payment.
  else if (type === "CASH") party = <span>{tr("transactions.cash")}</span>;
  return <span data-testid={`ledger-${side}`}>{party}</span>;
}

/** The plain-text name of a side (for truncation titles). */
export function partyName(t: Transaction, side: "from" | "to"): string {
  const type = side === "from" ? t.fromEntityType : t.toEntityType;
  const id = side === "from" ? t.fromEntityId : t.toEntityId;
  const customer = side === "from" ? t.fromCustomer : t.toCustomer;
  const shop = side === "from" ? t.fromShop : t.toShop;
  if (type === "CUSTOMER" && customer) return `${customer.firstName} ${customer.lastName}`;
  if (type === "SHOP" && shop) return shop.name;
  if (type === "CASH") return i18n.t("transactions.cash");
  return `${i18n.t(`ui.entityType.${type}`)} (${id})`;
}

/**
 * A ledger line in a short list: type and marks, description and reason, From and To,
 * when (or who processed it), and on the right the signed effect and the status.
 */
export function LedgerLine({
  t,
  party,
  showProcessedBy = false,
}: {
  t: Transaction;
  /** The account whose page this is; else the customer, else the shop. */
  party?: ViewedParty;
  showProcessedBy?: boolean;
}) {
  const tr = useT();
  return (
    <li
      className="flex items-center justify-between gap-3 border-b border-base-200 py-2"
      data-testid="ledger-line"
      aria-label={tr("transactions.transaction", { id: t.id })}
    >
      <div className="min-w-0">
        <div className="font-medium">
          <span className={typeColour(t, party)}>{tr(`ui.transactionType.${t.type}`)}</span>
          <CorrectionBadge t={t} />
        </div>
        <div className="truncate text-sm" data-testid="ledger-description">
          {ledgerDescriptionText(t, tr) || tr("transactions.noDescription")}
        </div>
        {t.reason && (
          <div className="truncate text-sm" data-testid="ledger-reason">
            {tr("transactions.reason", { reason: t.reason })}
          </div>
        )}
        <div className="text-xs">
          {richText(tr("transactions.fromTo"), {
            from: <LedgerParty t={t} side="from" />,
            to: <LedgerParty t={t} side="to" />,
          })}
        </div>
        <div className="text-xs text-base-content/70">
          {showProcessedBy
            ? richText(tr("transactions.processedByUser"), {
                user: <UserLink user={t.processedByUser} fallback={tr("transactions.system")} />,
              })
            : formatDateTime(t.createdAt)}
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <LedgerAmount t={t} party={party} />
        <TransactionStatusBadge status={t.status} />
      </div>
    </li>
  );
}
