import { createColumnHelper } from "@tanstack/react-table";
import type { TFunction } from "i18next";
import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { Link } from "wouter";
import { centsOf } from "../../../../src/domain/money";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { ShopLink, UserLink } from "../../../components/ui/links";
import {
  CashierFilter,
  ClearFilters,
  DateRangeFilter,
  FilterSelect,
  ShopFilter,
} from "../../../components/ui/table-filters";
import { DateCell } from "../../../components/ui/truncate";
import { useT } from "../../../i18n";
import { euro } from "../../../lib/format";
import { isAdminAtom } from "../../../lib/session";
import { type Shift, useShifts } from "../api/get-shifts";
import { discrepancyText } from "./shift-figures";
import "../../../i18n/areas/shifts";

const col = createColumnHelper<Shift>();

function Discrepancy({ value }: { value: string | null }) {
  if (value === null) return null;
  return (
    <span className={centsOf(value) === 0 ? "text-success" : "font-semibold text-error"}>
      {discrepancyText(value)}
    </span>
  );
}

function shiftColumns(t: TFunction) {
  return [
    col.accessor("id", {
      header: t("shifts.table.shift"),
      meta: { numeric: true },
      cell: (c) => (
        <Link href={`/shifts/${c.getValue()}`} className="link link-primary">
          #{c.getValue()}
        </Link>
      ),
    }),
    col.display({
      id: "user",
      header: t("shifts.table.cashier"),
      cell: (c) => <UserLink user={c.row.original.user} fallback={t("shifts.table.unknown")} />,
    }),
    col.display({
      id: "shop",
      header: t("shifts.table.shop"),
      cell: (c) => <ShopLink id={c.row.original.shopId} shop={c.row.original.shop} />,
    }),
    // The status as every status code shows (decision 065): the code itself in English (OPEN,
    // CLOSED), the language's word otherwise (Offen, Geschlossen).
    col.accessor("status", {
      header: t("shifts.table.status"),
      enableSorting: false,
      cell: (c) => t(`shifts.table.statusCode.${c.getValue()}`),
    }),
    col.accessor("openedAt", {
      header: t("shifts.table.opened"),
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.accessor("closedAt", {
      header: t("shifts.table.closed"),
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.accessor("expectedCash", {
      header: t("shifts.table.expected"),
      enableSorting: false,
      meta: { numeric: true },
      cell: (c) => euro(c.getValue()),
    }),
    col.accessor("countedCash", {
      header: t("shifts.table.counted"),
      enableSorting: false,
      meta: { numeric: true },
      cell: (c) => (c.getValue() === null ? "" : euro(c.getValue())),
    }),
    col.accessor("discrepancy", {
      header: t("shifts.table.discrepancy"),
      meta: { numeric: true },
      cell: (c) => <Discrepancy value={c.getValue()} />,
    }),
  ];
}

/** Every shift (staff get their own only): who, where, when, and the cash-up. */
export default function ShiftsTable() {
  const state = useTableState(
    [{ id: "openedAt", desc: true }],
    ["status", "shopId", "userId", "from", "to"],
  );
  const query = useShifts(state.params);
  // Staff see only their own shifts: the cashier filter is the admins'.
  const isAdmin = useAtomValue(isAdminAtom);
  const t = useT();
  const columns = useMemo(() => shiftColumns(t), [t]);
  const statusOptions = [
    { value: "OPEN", label: t("shifts.table.statusOpen") },
    { value: "CLOSED", label: t("shifts.table.statusClosed") },
  ];
  return (
    <DataTable
      columns={columns}
      state={state}
      query={query}
      loadingText={t("shifts.table.loading")}
      emptyText={t("shifts.table.empty")}
      filters={
        <>
          <FilterSelect
            state={state}
            name="status"
            label={t("shifts.table.status")}
            options={statusOptions}
          />
          <ShopFilter state={state} />
          {isAdmin && <CashierFilter state={state} />}
          <DateRangeFilter state={state} />
          <ClearFilters state={state} />
        </>
      }
    />
  );
}
