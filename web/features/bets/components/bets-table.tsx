import { createColumnHelper } from "@tanstack/react-table";
import { useAtomValue } from "jotai";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { BetStatusBadge } from "../../../components/ui/badges";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { CustomerLink, ShopLink, UserLink } from "../../../components/ui/links";
import { euro, formatDateTime } from "../../../lib/format";
import { canMutateAtom } from "../../../lib/session";
import { useBets } from "../api/get-bets";
import { useResolveBet } from "../api/resolve-bet";
import type { Bet } from "../api/types";

const VoidBetDialog = lazy(() => import("./void-bet-dialog"));

const col = createColumnHelper<Bet>();

function BetActions({ bet, onVoid }: { bet: Bet; onVoid: (bet: Bet) => void }) {
  const resolve = useResolveBet();
  if (bet.status !== "PENDING") return null;
  return (
    <div className="flex gap-1">
      <button
        type="button"
        className="btn btn-success btn-xs"
        disabled={resolve.isPending}
        onClick={() => resolve.mutate({ id: bet.id, status: "WON" })}
      >
        Won
      </button>
      <button
        type="button"
        className="btn btn-error btn-xs"
        disabled={resolve.isPending}
        onClick={() => resolve.mutate({ id: bet.id, status: "LOST" })}
      >
        Lost
      </button>
      <button type="button" className="btn btn-xs" onClick={() => onVoid(bet)}>
        Void
      </button>
    </div>
  );
}

function buildColumns(onVoid: ((bet: Bet) => void) | null) {
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
  if (!onVoid) return columns;
  return [
    ...columns,
    col.display({
      id: "actions",
      header: "Actions",
      // Pinned to the right edge so Won/Lost/Void stay in reach on narrow screens.
      meta: { className: "sticky right-0 z-10 bg-base-100" },
      cell: (c) => <BetActions bet={c.row.original} onVoid={onVoid} />,
    }),
  ];
}

const readOnlyColumns = buildColumns(null);

export default function BetsTable() {
  const state = useTableState();
  const query = useBets(state.params);
  const canMutate = useAtomValue(canMutateAtom);
  const [voiding, setVoiding] = useState<Bet | null>(null);
  const [actionColumns] = useState(() => buildColumns(setVoiding));
  return (
    <>
      <DataTable
        columns={canMutate ? actionColumns : readOnlyColumns}
        state={state}
        query={query}
        loadingText="Loading bets..."
        emptyText="No bets found"
      />
      {voiding && (
        <Suspense fallback={null}>
          <VoidBetDialog bet={voiding} onClose={() => setVoiding(null)} />
        </Suspense>
      )}
    </>
  );
}
