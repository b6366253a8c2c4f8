import { createColumnHelper } from "@tanstack/react-table";
import { useAtomValue } from "jotai";
import { Link } from "wouter";
import { BetStatusBadge } from "../../../components/ui/badges";
import { CardFacts, DataTable, useTableState } from "../../../components/ui/data-table";
import { CustomerLink, ShopLink, UserLink } from "../../../components/ui/links";
import { DateCell, Truncate } from "../../../components/ui/truncate";
import { euro, formatDateTime } from "../../../lib/format";
import { canMutateAtom } from "../../../lib/session";
import { useBets } from "../api/get-bets";
import type { Bet } from "../api/types";
import { BetActions } from "./bet-actions";
import { BET_FILTERS, BetFilters } from "./bet-filters";

const col = createColumnHelper<Bet>();

function customerName(bet: Bet): string {
  return bet.customer
    ? `${bet.customer.firstName} ${bet.customer.lastName}`
    : `Customer ID: ${bet.customerId}`;
}

function shopName(bet: Bet): string {
  return bet.shop ? bet.shop.name : `Shop ID: ${bet.shopId}`;
}

function buildColumns(withActions: boolean) {
  const columns = [
    col.accessor("description", {
      header: "Desc",
      meta: { grow: true },
      cell: (c) => (
        <Truncate text={c.getValue()} className="">
          <Link href={`/bets/${c.row.original.id}`} className="link">
            {c.getValue()}
          </Link>
        </Truncate>
      ),
    }),
    col.accessor("customerId", {
      id: "customer",
      header: "Customer",
      cell: (c) => (
        <Truncate text={customerName(c.row.original)} className="max-w-24">
          <CustomerLink id={c.getValue()} customer={c.row.original.customer} />
        </Truncate>
      ),
    }),
    col.accessor("shopId", {
      id: "shop",
      header: "Shop",
      meta: { className: LARGE_ONLY },
      cell: (c) => (
        <Truncate text={shopName(c.row.original)} className="max-w-24">
          <ShopLink id={c.getValue()} shop={c.row.original.shop} />
        </Truncate>
      ),
    }),
    col.accessor("placedBy", {
      header: "Placed",
      meta: { className: WIDE_ONLY },
      cell: (c) => (
        <Truncate text={c.row.original.placedByUser?.username ?? "Unknown"} className="max-w-24">
          <UserLink user={c.row.original.placedByUser} fallback="Unknown" />
        </Truncate>
      ),
    }),
    col.accessor("stakeAmount", {
      header: "Stake",
      meta: { numeric: true },
      cell: (c) => euro(c.getValue()),
    }),
    col.accessor("odds", { header: "Odds", meta: { numeric: true } }),
    col.accessor("potentialPayout", {
      header: "Payout",
      meta: { numeric: true, className: LARGE_ONLY },
      cell: (c) => euro(c.getValue()),
    }),
    col.accessor("status", {
      header: "Status",
      cell: (c) => <StatusCell bet={c.row.original} />,
    }),
    col.accessor("resolvedBy", {
      header: "Resolved by",
      meta: { className: WIDE_ONLY },
      cell: (c) => (
        <Truncate text={c.row.original.resolvedByUser?.username ?? ""} className="max-w-24">
          <UserLink user={c.row.original.resolvedByUser} fallback="" />
        </Truncate>
      ),
    }),
    col.accessor("createdAt", {
      header: "Created",
      meta: { className: LARGE_ONLY },
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.accessor("resolvedAt", {
      header: "Resolved at",
      meta: { className: WIDE_ONLY },
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
  ];
  if (!withActions) return columns;
  return [
    ...columns,
    col.display({
      id: "actions",
      header: "Actions",
      // Pinned to the right edge so Won/Lost/Void stay in reach if the table must scroll.
      meta: { className: "sticky right-0 z-10 bg-base-100" },
      cell: (c) => <BetActions bet={c.row.original} />,
    }),
  ];
}

/**
 * Who placed and settled a bet and when it was settled show as columns from 1536 px (and
 * always on the bet's page); narrower, the status's title tells them. Shop, payout and
 * the date placed show from 1280 px, leaving the description room at 1024 px. So the
 * table fits beside the sidebar without scrolling sideways.
 */
const WIDE_ONLY = "hidden 2xl:table-cell";
const LARGE_ONLY = "hidden xl:table-cell";

function StatusCell({ bet }: { bet: Bet }) {
  const placed = `Placed by ${bet.placedByUser?.username ?? "Unknown"} on ${formatDateTime(bet.createdAt)}`;
  const resolved = bet.resolvedAt
    ? `, settled by ${bet.resolvedByUser?.username ?? "Unknown"} on ${formatDateTime(bet.resolvedAt)}`
    : "";
  return (
    <span title={`${placed}${resolved}`}>
      <BetStatusBadge status={bet.status} className="badge-sm" />
    </span>
  );
}

const readOnlyColumns = buildColumns(false);
const actionColumns = buildColumns(true);

/** A bet on a phone: what it is, who and where, the money, its status and its actions. */
function BetCard({ bet, canMutate }: { bet: Bet; canMutate: boolean }) {
  return (
    <article className="flex flex-col gap-2" aria-label={bet.description}>
      <div className="flex items-start justify-between gap-2">
        <Link href={`/bets/${bet.id}`} className="link min-w-0 font-semibold break-words">
          {bet.description}
        </Link>
        <BetStatusBadge status={bet.status} />
      </div>
      <div className="flex flex-wrap gap-x-3 text-sm">
        <CustomerLink id={bet.customerId} customer={bet.customer} />
        <ShopLink id={bet.shopId} shop={bet.shop} />
        <DateCell value={bet.createdAt} />
      </div>
      <CardFacts
        className="text-sm"
        facts={[
          ["Stake", euro(bet.stakeAmount)],
          ["Odds", bet.odds],
          ["Payout", euro(bet.potentialPayout)],
        ]}
      />
      {canMutate && <BetActions bet={bet} />}
    </article>
  );
}

export default function BetsTable() {
  const state = useTableState([], BET_FILTERS);
  const query = useBets(state.params);
  const canMutate = useAtomValue(canMutateAtom);
  return (
    <DataTable
      columns={canMutate ? actionColumns : readOnlyColumns}
      state={state}
      query={query}
      csvExport="listBets"
      loadingText="Loading bets..."
      emptyText="No bets found"
      filters={<BetFilters state={state} />}
      renderCard={(bet) => <BetCard bet={bet} canMutate={canMutate} />}
    />
  );
}
