import { createColumnHelper } from "@tanstack/react-table";
import { useAtomValue } from "jotai";
import { Link } from "wouter";
import { BetStatusBadge } from "../../../components/ui/badges";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { CustomerLink, ShopLink, UserLink } from "../../../components/ui/links";
import { euro, formatDateTime } from "../../../lib/format";
import { canMutateAtom } from "../../../lib/session";
import { useBets } from "../api/get-bets";
import type { Bet } from "../api/types";
import { BetActions } from "./bet-actions";

const col = createColumnHelper<Bet>();

function buildColumns(withActions: boolean) {
  const columns = [
    col.accessor("description", {
      header: "Desc",
      cell: (c) => (
        <Link href={`/bets/${c.row.original.id}`} className="link">
          {c.getValue()}
        </Link>
      ),
    }),
    col.accessor("customerId", {
      id: "customer",
      header: "Customer",
      cell: (c) => <CustomerLink id={c.getValue()} customer={c.row.original.customer} />,
    }),
    col.accessor("shopId", {
      id: "shop",
      header: "Shop",
      cell: (c) => <ShopLink id={c.getValue()} shop={c.row.original.shop} />,
    }),
    col.accessor("placedBy", {
      header: "Placed",
      cell: (c) => <UserLink user={c.row.original.placedByUser} fallback="Unknown" />,
    }),
    col.accessor("stakeAmount", { header: "Stake", cell: (c) => euro(c.getValue()) }),
    col.accessor("odds", { header: "Odds" }),
    col.accessor("potentialPayout", { header: "Payout", cell: (c) => euro(c.getValue()) }),
    col.accessor("status", {
      header: "Status",
      cell: (c) => <BetStatusBadge status={c.getValue()} />,
    }),
    col.accessor("resolvedBy", {
      header: "Resolved by",
      cell: (c) => <UserLink user={c.row.original.resolvedByUser} fallback="" />,
    }),
    col.accessor("createdAt", { header: "Created", cell: (c) => formatDateTime(c.getValue()) }),
    col.accessor("resolvedAt", {
      header: "Resolved at",
      cell: (c) => formatDateTime(c.getValue()),
    }),
  ];
  if (!withActions) return columns;
  return [
    ...columns,
    col.display({
      id: "actions",
      header: "Actions",
      // Pinned to the right edge so Won/Lost/Void stay in reach on narrow screens.
      meta: { className: "sticky right-0 z-10 bg-base-100" },
      cell: (c) => <BetActions bet={c.row.original} />,
    }),
  ];
}

const readOnlyColumns = buildColumns(false);
const actionColumns = buildColumns(true);

export default function BetsTable() {
  const state = useTableState();
  const query = useBets(state.params);
  const canMutate = useAtomValue(canMutateAtom);
  return (
    <DataTable
      columns={canMutate ? actionColumns : readOnlyColumns}
      state={state}
      query={query}
      loadingText="Loading bets..."
      emptyText="No bets found"
    />
  );
}
