import { createColumnHelper } from "@tanstack/react-table";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { Link, useLocation } from "wouter";
import { ActiveBadge } from "../../../components/ui/badges";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { ACTIVE_OPTIONS, ClearFilters, FilterSelect } from "../../../components/ui/table-filters";
import { Truncate } from "../../../components/ui/truncate";
import { useT } from "../../../i18n";
import { euro } from "../../../lib/format";
import { useShops } from "../api/get-shops";
import type { Shop } from "../api/types";
import "../../../i18n/areas/shops";

const col = createColumnHelper<Shop>();

/** null: the caller may not see the till (a customer login). */
function tillBalance(balance: string | null, t: TFunction): string {
  return balance === null ? t("shops.table.notShown") : euro(balance);
}

function shopColumns(t: TFunction) {
  return [
    col.accessor("name", {
      header: t("shops.table.name"),
      cell: (c) => <Truncate text={c.getValue()} className="max-w-48" />,
    }),
    col.accessor("location", {
      header: t("shops.table.location"),
      cell: (c) => <Truncate text={c.getValue()} className="max-w-40" />,
    }),
    col.accessor("address", {
      header: t("shops.table.address"),
      meta: { grow: true },
      cell: (c) => <Truncate text={c.getValue() || t("shops.notAvailable")} className="" />,
    }),
    col.accessor("phone", {
      header: t("shops.table.phone"),
      cell: (c) => <Truncate text={c.getValue() || t("shops.notAvailable")} className="max-w-32" />,
    }),
    col.accessor("balance", {
      header: t("shops.table.balance"),
      meta: { numeric: true },
      // A customer login is not shown the tills (issue 10).
      cell: (c) => tillBalance(c.getValue(), t),
    }),
    col.accessor("isActive", {
      header: t("shops.table.status"),
      cell: (c) => <ActiveBadge active={c.getValue()} />,
    }),
  ];
}

/** A shop on a phone: name and status, where it is, its balance. */
function ShopCard({ shop }: { shop: Shop }) {
  const t = useT();
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
        <span className="text-base-content/70">{t("shops.table.balance")}</span>{" "}
        {tillBalance(shop.balance, t)}
      </p>
    </article>
  );
}

export default function ShopsTable() {
  const state = useTableState([], ["status"]);
  const query = useShops(state.params);
  const [, navigate] = useLocation();
  const t = useT();
  const columns = useMemo(() => shopColumns(t), [t]);
  return (
    <DataTable
      columns={columns}
      state={state}
      query={query}
      csvExport="listShops"
      loadingText={t("shops.table.loading")}
      emptyText={t("shops.table.empty")}
      onRowClick={(shop) => navigate(`/shops/${shop.id}`)}
      renderCard={(shop) => <ShopCard shop={shop} />}
      filters={
        <>
          <FilterSelect
            state={state}
            name="status"
            label={t("shops.table.status")}
            options={ACTIVE_OPTIONS}
          />
          <ClearFilters state={state} />
        </>
      }
    />
  );
}
