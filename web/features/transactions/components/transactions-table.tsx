import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "wouter";
import { TransactionStatusBadge } from "../../../components/ui/badges";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { CustomerLink, ShopLink, UserLink } from "../../../components/ui/links";
import { euro, formatDateTime } from "../../../lib/format";
import { useTransactions } from "../api/get-transactions";
import type { Transaction } from "../api/types";
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

const columns = [
  col.accessor("id", { header: "Transaction ID" }),
  col.accessor("type", {
    header: "Type",
    cell: (c) => <span className={`font-medium ${typeColour(c.getValue())}`}>{c.getValue()}</span>,
  }),
  col.accessor("amount", { header: "Amount", cell: (c) => euro(c.getValue()) }),
  col.accessor("description", { header: "Description", cell: (c) => c.getValue() ?? "" }),
  col.display({
    id: "from",
    header: "From",
    cell: (c) => <Party side={sidesOf(c.row.original).from} />,
  }),
  col.display({ id: "to", header: "To", cell: (c) => <Party side={sidesOf(c.row.original).to} /> }),
  col.accessor("status", {
    header: "Status",
    cell: (c) => <TransactionStatusBadge status={c.getValue()} />,
  }),
  col.accessor("betId", {
    header: "Bet",
    cell: (c) => {
      const id = c.getValue();
      return id === null ? (
        ""
      ) : (
        <Link href={`/bets/${id}`} className="link link-primary">
          #{id}
        </Link>
      );
    },
  }),
  col.accessor("processedBy", {
    header: "Processed By",
    cell: (c) => <UserLink user={c.row.original.processedByUser} fallback="System" />,
  }),
  col.accessor("createdAt", { header: "Created", cell: (c) => formatDateTime(c.getValue()) }),
];

/** Read-only; archived (reversed) rows are greyed. */
export default function TransactionsTable() {
  const state = useTableState();
  const query = useTransactions(state.params);
  return (
    <DataTable
      columns={columns}
      state={state}
      query={query}
      loadingText="Loading transactions..."
      emptyText="No transactions found"
      rowClassName={(t) => (t.archived ? "opacity-50" : "")}
    />
  );
}
