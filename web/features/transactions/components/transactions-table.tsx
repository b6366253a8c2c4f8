import { createColumnHelper } from "@tanstack/react-table";
import type { TFunction } from "i18next";
import { useAtomValue } from "jotai";
import { Suspense, useMemo, useState } from "react";
import { Link } from "wouter";
import { TRANSACTION_TYPES } from "../../../../src/domain/enums";
import { TransactionStatusBadge } from "../../../components/ui/badges";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { UserCell } from "../../../components/ui/links";
import { ClearFilters, DateRangeFilter, FilterSelect } from "../../../components/ui/table-filters";
import { DateCell, Truncate } from "../../../components/ui/truncate";
import { useT } from "../../../i18n";
import { ledgerDescriptionText } from "../../../i18n/ledger-descriptions";
import { isAdminAtom } from "../../../lib/session";
import { useTransactions } from "../api/get-transactions";
import type { Transaction } from "../api/types";
import { CorrectionBadge, LedgerAmount, LedgerParty, partyName, typeColour } from "./ledger-line";
import { ReverseButton, ReverseTransactionDialog } from "./reverse-button";
import "../../../i18n/areas/transactions";
import "../../../i18n/areas/ui";

const col = createColumnHelper<Transaction>();

/**
 * From and To are the row's stored sides, the way the money moved, as in the reversal
 * preview and the CSV (decisions/039 departs here from the SPEC's "opposite side" rule for
 * deposits and withdrawals, which made the same row read two ways).
 */
function PartyCell({ t, side }: { t: Transaction; side: "from" | "to" }) {
  return (
    <Truncate text={partyName(t, side)} className="max-w-16 2xl:max-w-28">
      <LedgerParty t={t} side={side} />
    </Truncate>
  );
}

function BetLink({ id }: { id: number | null }) {
  if (id === null) return null;
  return (
    <Link href={`/bets/${id}`} className="link link-primary">
      #{id}
    </Link>
  );
}

/**
 * The description with a correction's badge before it ("Reversal of #12") and its reason
 * under it. The badge sits here, in the column that gives way, not beside the type, so a
 * correction on the page does not push the SPEC columns off a 1280 px screen.
 */
function DescriptionCell({ t }: { t: Transaction }) {
  const tr = useT();
  // The server's own wording in the reader's language (decision 081); the CSV keeps the stored.
  const description = ledgerDescriptionText(t, tr);
  const text = t.reason
    ? tr("transactions.withReason", { description, reason: t.reason })
    : description;
  return (
    <Truncate text={text} className="">
      <CorrectionBadge t={t} className="mr-1" />
      {description}
      {t.reason && (
        <span className="block text-xs" data-testid="ledger-reason">
          {tr("transactions.reason", { reason: t.reason })}
        </span>
      )}
    </Truncate>
  );
}

/**
 * Every SPEC column from 1280 px (issue 20, item 8): narrow cells truncate and the table
 * scrolls inside its card rather than dropping a column. Below 1280 px the status and bet
 * columns give their room to the description; phones get cards.
 */
const LARGE_ONLY = "hidden xl:table-cell";

/** The columns, headers in the language showing (rebuilt when it changes). */
function transactionColumns(tr: TFunction) {
  return [
    col.accessor("id", { header: tr("transactions.id"), meta: { numeric: true } }),
    col.accessor("type", {
      header: tr("transactions.type"),
      cell: (c) => (
        <span className={`font-medium ${typeColour(c.row.original)}`}>
          {tr(`ui.transactionType.${c.getValue()}`)}
        </span>
      ),
    }),
    col.accessor("amount", {
      header: tr("transactions.amount"),
      meta: { numeric: true },
      cell: (c) => <LedgerAmount t={c.row.original} />,
    }),
    col.accessor("description", {
      header: tr("transactions.description"),
      meta: { grow: true },
      cell: (c) => <DescriptionCell t={c.row.original} />,
    }),
    col.display({
      id: "from",
      header: tr("transactions.from"),
      cell: (c) => <PartyCell t={c.row.original} side="from" />,
    }),
    col.display({
      id: "to",
      header: tr("transactions.to"),
      cell: (c) => <PartyCell t={c.row.original} side="to" />,
    }),
    col.accessor("status", {
      header: tr("transactions.status"),
      meta: { className: LARGE_ONLY },
      // The smallest badge: at 1280 px every SPEC column has to fit beside the sidebar.
      cell: (c) => <TransactionStatusBadge status={c.getValue()} className="badge-xs" />,
    }),
    col.accessor("betId", {
      header: tr("transactions.bet"),
      meta: { className: LARGE_ONLY },
      cell: (c) => <BetLink id={c.getValue()} />,
    }),
    col.accessor("processedBy", {
      header: tr("transactions.processedBy"),
      meta: { className: LARGE_ONLY },
      cell: (c) => (
        <UserCell
          user={c.row.original.processedByUser}
          fallback={tr("transactions.system")}
          className="max-w-16"
        />
      ),
    }),
    col.accessor("createdAt", {
      header: tr("transactions.created"),
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
  ];
}

/** Admins also get a "Reverse" action on each reversible row (issue 12). */
const adminColumns = (tr: TFunction, onReverse: (id: number) => void) => [
  ...transactionColumns(tr),
  col.display({
    id: "actions",
    header: () => <span className="sr-only">{tr("transactions.actions")}</span>,
    cell: (c) => <ReverseButton transaction={c.row.original} onReverse={onReverse} />,
  }),
];

/** A transaction on a phone: type and effect, between whom, its status and when. */
function TransactionCard({ t, onReverse }: { t: Transaction; onReverse?: (id: number) => void }) {
  const tr = useT();
  return (
    <article
      className="flex flex-col gap-1 text-sm"
      aria-label={tr("transactions.transaction", { id: t.id })}
    >
      <div className="flex items-center justify-between gap-2">
        <span>
          <span className={`font-semibold ${typeColour(t)}`}>
            {tr(`ui.transactionType.${t.type}`)}
          </span>
          <CorrectionBadge t={t} />
        </span>
        <span className="font-semibold">
          <LedgerAmount t={t} />
        </span>
      </div>
      {t.description && <p className="break-words">{ledgerDescriptionText(t, tr)}</p>}
      {t.reason && <p className="break-words">{tr("transactions.reason", { reason: t.reason })}</p>}
      <p className="flex flex-wrap gap-1">
        <LedgerParty t={t} side="from" />
        <span aria-hidden="true">→</span>
        <span className="sr-only">{tr("transactions.toWord")}</span>
        <LedgerParty t={t} side="to" />
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <TransactionStatusBadge status={t.status} className="badge-sm" />
        <span className="text-base-content/70">#{t.id}</span>
        <BetLink id={t.betId} />
        <DateCell value={t.createdAt} />
        {onReverse && <ReverseButton transaction={t} onReverse={onReverse} />}
      </div>
    </article>
  );
}

/**
 * The ledger, each amount signed on the row's customer, else its shop (issue 20). An archived
 * (reversed) row is marked "Reversed" with its amount struck through, not faded: faded text
 * failed axe's contrast check. An admin can start a reversal from a row.
 */
export default function TransactionsTable() {
  const state = useTableState([], ["type", "from", "to"]);
  const query = useTransactions(state.params);
  const admin = useAtomValue(isAdminAtom);
  const [reversing, setReversing] = useState<number | null>(null);
  const tr = useT();
  const shown = useMemo(
    () => (admin ? adminColumns(tr, setReversing) : transactionColumns(tr)),
    [admin, tr],
  );
  return (
    <>
      <DataTable
        columns={shown}
        state={state}
        query={query}
        csvExport="listTransactions"
        loadingText={tr("transactions.loading")}
        emptyText={tr("transactions.empty")}
        filters={
          <>
            <FilterSelect
              state={state}
              name="type"
              label={tr("transactions.type")}
              options={TRANSACTION_TYPES.map((value) => ({
                value,
                label: tr(`transactions.typeOption.${value}`),
              }))}
            />
            <DateRangeFilter state={state} />
            <ClearFilters state={state} />
          </>
        }
        renderCard={(t) => <TransactionCard t={t} onReverse={admin ? setReversing : undefined} />}
      />
      {reversing !== null && (
        <Suspense fallback={null}>
          <ReverseTransactionDialog transactionId={reversing} onClose={() => setReversing(null)} />
        </Suspense>
      )}
    </>
  );
}
