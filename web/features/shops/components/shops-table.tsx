import { createColumnHelper } from "@tanstack/react-table";
import { Link, useLocation } from "wouter";
import { ActiveBadge } from "../../../components/ui/badges";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { ACTIVE_OPTIONS, ClearFilters, FilterSelect } from "../../../components/ui/table-filters";
import { Truncate } from "../../../components/ui/truncate";
import { euro } from "../../../lib/format";
import { useShops } from "../api/get-shops";
import type { Shop } from "../api/types";

const col = createColumnHelper<Shop>();

/** null: the caller may not see the till (a customer login). */
function tillBalance(balance: string | null): string {
  return balance === null ? "Not shown" : euro(balance);
}

const columns = [
  col.accessor("name", {
    header: "Shop Name",
    cell: (c) => <Truncate text={c.getValue()} className="max-w-48" />,
  }),
  col.accessor("location", {
    header: "Location",
    cell: (c) => <Truncate text={c.getValue()} className="max-w-40" />,
  }),
  col.accessor("address", {
    header: "Address",
    meta: { grow: true },
    cell: (c) => <Truncate text={c.getValue() || "N/A"} className="" />,
  }),
  col.accessor("phone", {
    header: "Phone",
    cell: (c) => <Truncate text={c.getValue() || "N/A"} className="max-w-32" />,
  }),
  col.accessor("balance", {
    header: "Balance",
    meta: { numeric: true },
    // A customer login is not shown the tills (issue 10).
    cell: (c) => tillBalance(c.getValue()),
  }),
  col.accessor("isActive", {
    header: "Status",
    cell: (c) => <ActiveBadge active={c.getValue()} />,
  }),
];

/** A shop on a phone: name and status, where it is, its balance. */
function ShopCard({ shop }: { shop: Shop }) {
  return (
    <article className="flex flex-col gap-1 text-sm" aria-label={shop.name}>
      <div className="flex items-start justify-between gap-2">
        <Link href={`/shops/${shop.id}`} className="link min-w-0 font-semibold break-words">
          {shop.name}
        </Link>
        <ActiveBadge active={shop.isActive} />
      </div>
      <p className="break-words text-base-content/70">
        {[shop.location, shop.address, shop.phone].filter(Boolean).join(" · ")}
      </p>
      <p className="tabular-nums">
        <span className="text-base-content/70">Balance</span> {tillBalance(shop.balance)}
      </p>
    </article>
  );
}

export default function ShopsTable() {
  const state = useTableState([], ["status"]);
  const query = useShops(state.params);
  const [, navigate] = useLocation();
  return (
    <DataTable
      columns={columns}
      state={state}
      query={query}
      csvExport="listShops"
      loadingText="Loading shops..."
      emptyText="No shops found"
      onRowClick={(shop) => navigate(`/shops/${shop.id}`)}
      renderCard={(shop) => <ShopCard shop={shop} />}
      filters={
        <>
          <FilterSelect state={state} name="status" label="Status" options={ACTIVE_OPTIONS} />
          <ClearFilters state={state} />
        </>
      }
    />
  );
}
