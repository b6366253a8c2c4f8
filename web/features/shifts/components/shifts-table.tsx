import { createColumnHelper } from "@tanstack/react-table";
import { useAtomValue } from "jotai";
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
import { euro } from "../../../lib/format";
import { isAdminAtom } from "../../../lib/session";
import { type Shift, useShifts } from "../api/get-shifts";
import { discrepancyText } from "./shift-figures";

const col = createColumnHelper<Shift>();

function Discrepancy({ value }: { value: string | null }) {
  if (value === null) return null;
  return (
    <span className={centsOf(value) === 0 ? "text-success" : "font-semibold text-error"}>
      {discrepancyText(value)}
    </span>
  );
}

const columns = [
  col.accessor("id", {
    header: "Shift",
    meta: { numeric: true },
    cell: (c) => (
      <Link href={`/shifts/${c.getValue()}`} className="link link-primary">
        #{c.getValue()}
      </Link>
    ),
  }),
  col.display({
    id: "user",
    header: "Cashier",
    cell: (c) => <UserLink user={c.row.original.user} fallback="Unknown" />,
  }),
  col.display({
    id: "shop",
    header: "Shop",
    cell: (c) => <ShopLink id={c.row.original.shopId} shop={c.row.original.shop} />,
  }),
  col.accessor("status", { header: "Status", enableSorting: false }),
  col.accessor("openedAt", { header: "Opened", cell: (c) => <DateCell value={c.getValue()} /> }),
  col.accessor("closedAt", { header: "Closed", cell: (c) => <DateCell value={c.getValue()} /> }),
  col.accessor("expectedCash", {
    header: "Expected",
    enableSorting: false,
    meta: { numeric: true },
    cell: (c) => euro(c.getValue()),
  }),
  col.accessor("countedCash", {
    header: "Counted",
    enableSorting: false,
    meta: { numeric: true },
    cell: (c) => (c.getValue() === null ? "" : euro(c.getValue())),
  }),
  col.accessor("discrepancy", {
    header: "Discrepancy",
    meta: { numeric: true },
    cell: (c) => <Discrepancy value={c.getValue()} />,
  }),
];

const STATUS_OPTIONS = [
  { value: "OPEN", label: "Open" },
  { value: "CLOSED", label: "Closed" },
];

/** Every shift (staff get their own only): who, where, when, and the cash-up. */
export default function ShiftsTable() {
  const state = useTableState(
    [{ id: "openedAt", desc: true }],
    ["status", "shopId", "userId", "from", "to"],
  );
  const query = useShifts(state.params);
  // Staff see only their own shifts: the cashier filter is the admins'.
  const isAdmin = useAtomValue(isAdminAtom);
  return (
    <DataTable
      columns={columns}
      state={state}
      query={query}
      loadingText="Loading shifts..."
      emptyText="No shifts found"
      filters={
        <>
          <FilterSelect state={state} name="status" label="Status" options={STATUS_OPTIONS} />
          <ShopFilter state={state} />
          {isAdmin && <CashierFilter state={state} />}
          <DateRangeFilter state={state} />
          <ClearFilters state={state} />
        </>
      }
    />
  );
}
