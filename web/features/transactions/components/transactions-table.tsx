import { createColumnHelper } from "@tanstack/react-table";
import { useAtomValue } from "jotai";
import { Suspense, useMemo, useState } from "react";
import { Link } from "wouter";
import { TRANSACTION_TYPES } from "../../../../src/domain/enums";
import { TransactionStatusBadge } from "../../../components/ui/badges";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { CustomerLink, ShopLink, UserLink } from "../../../components/ui/links";
import {
  ClearFilters,
  DateRangeFilter,
  enumOptions,
  FilterSelect,
} from "../../../components/ui/table-filters";
import { DateCell, Truncate } from "../../../components/ui/truncate";
import { euro } from "../../../lib/format";
import { isAdminAtom } from "../../../lib/session";
import { useTransactions } from "../api/get-transactions";
import type { Transaction } from "../api/types";
import { ReverseButton, ReverseTransactionDialog } from "./reverse-button";
import { typeColour } from "./transaction-amount";

const col = createColumnHelper<Transaction>();

interface Side {
  type: string;
  id: number;
  customer: { firstName: string; lastName: string } | null;
  shop: { name: string } | null;
}

function sidesOf(t: Transaction): { from: Side; to: Side } {
  const from: Side = {
    type: t.fromEntityType,
    id: t.fromEntityId,
    customer: t.fromCustomer,
    shop: t.fromShop,
  };
  const to: Side = {
    type: t.toEntityType,
    id: t.toEntityId,
    customer: t.toCustomer,
    shop: t.toShop,
  };
  // SPEC: withdrawal and deposit rows show the opposite side from the other types.
  return t.type === "WITHDRAWAL" || t.type === "DEPOSIT" ? { from: to, to: from } : { from, to };
}

function Party({ side }: { side: Side }) {
  if (side.type === "CUSTOMER" && side.customer) {
    return <CustomerLink id={side.id} customer={side.customer} />;
  }
  if (side.type === "SHOP" && side.shop) return <ShopLink id={side.id} shop={side.shop} />;
  return (
    <span>
      {side.type} ({side.id})
    </span>
  );
}

function sideName(side: Side): string {
  if (side.type === "CUSTOMER" && side.customer) {
    return `${side.customer.firstName} ${side.customer.lastName}`;
  }
  if (side.type === "SHOP" && side.shop) return side.shop.name;
  return `${side.type} (${side.id})`;
}

function PartyCell({ side }: { side: Side }) {
  return (
    <Truncate text={sideName(side)} className="max-w-24">
      <Party side={side} />
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
 * Columns shown from 1280 px (status, bet) and 1536 px (processed by), so the table fits
 * beside the sidebar and the description keeps room to be read.
 */
const LARGE_ONLY = "hidden xl:table-cell";
const WIDE_ONLY = "hidden 2xl:table-cell";

const columns = [
  col.accessor("id", { header: "Transaction ID", meta: { numeric: true } }),
  col.accessor("type", {
    header: "Type",
    cell: (c) => <span className={`font-medium ${typeColour(c.getValue())}`}>{c.getValue()}</span>,
  }),
  col.accessor("amount", {
    header: "Amount",
    meta: { numeric: true },
    cell: (c) => euro(c.getValue()),
  }),
  col.accessor("description", {
    header: "Description",
    meta: { grow: true },
    cell: (c) => <Truncate text={c.getValue() ?? ""} className="" />,
  }),
  col.display({
    id: "from",
    header: "From",
    cell: (c) => <PartyCell side={sidesOf(c.row.original).from} />,
  }),
  col.display({
    id: "to",
    header: "To",
    cell: (c) => <PartyCell side={sidesOf(c.row.original).to} />,
  }),
  col.accessor("status", {
    header: "Status",
    meta: { className: LARGE_ONLY },
    cell: (c) => <TransactionStatusBadge status={c.getValue()} className="badge-sm" />,
  }),
  col.accessor("betId", {
    header: "Bet",
    meta: { className: LARGE_ONLY },
    cell: (c) => <BetLink id={c.getValue()} />,
  }),
  col.accessor("processedBy", {
    header: "Processed By",
    meta: { className: WIDE_ONLY },
    cell: (c) => (
      <Truncate text={c.row.original.processedByUser?.username ?? "System"} className="max-w-24">
        <UserLink user={c.row.original.processedByUser} fallback="System" />
      </Truncate>
    ),
  }),
  col.accessor("createdAt", { header: "Created", cell: (c) => <DateCell value={c.getValue()} /> }),
];

/** Admins also get a "Reverse" action on each reversible row (issue 12). */
const adminColumns = (onReverse: (id: number) => void) => [
  ...columns,
  col.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    cell: (c) => <ReverseButton transaction={c.row.original} onReverse={onReverse} />,
  }),
];

/** A transaction on a phone: type and amount, between whom, its status and when. */
function TransactionCard({ t, onReverse }: { t: Transaction; onReverse?: (id: number) => void }) {
  const { from, to } = sidesOf(t);
  return (
    <article className="flex flex-col gap-1 text-sm" aria-label={`Transaction ${t.id}`}>
      <div className="flex items-center justify-between gap-2">
        <span className={`font-semibold ${typeColour(t.type)}`}>{t.type}</span>
        <span className="font-semibold tabular-nums">{euro(t.amount)}</span>
      </div>
      {t.description && <p className="break-words">{t.description}</p>}
      <p className="flex flex-wrap gap-1">
        <Party side={from} />
        <span aria-hidden="true">→</span>
        <span className="sr-only">to</span>
        <Party side={to} />
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

const TYPE_OPTIONS = enumOptions(TRANSACTION_TYPES);

/** Archived (reversed) rows are greyed; an admin can start a reversal from a row. */
export default function TransactionsTable() {
  const state = useTableState([], ["type", "from", "to"]);
  const query = useTransactions(state.params);
  const admin = useAtomValue(isAdminAtom);
  const [reversing, setReversing] = useState<number | null>(null);
  const shown = useMemo(() => (admin ? adminColumns(setReversing) : columns), [admin]);
  return (
    <>
      <DataTable
        columns={shown}
        state={state}
        query={query}
        csvExport="listTransactions"
        loadingText="Loading transactions..."
        emptyText="No transactions found"
        rowClassName={(t) => (t.archived ? "opacity-50" : "")}
        filters={
          <>
            <FilterSelect state={state} name="type" label="Type" options={TYPE_OPTIONS} />
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
