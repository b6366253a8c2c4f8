import { createColumnHelper } from "@tanstack/react-table";
import { useLocation } from "wouter";
import { ActiveBadge } from "../../../components/ui/badges";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { euro } from "../../../lib/format";
import { useShops } from "../api/get-shops";
import type { Shop } from "../api/types";

const col = createColumnHelper<Shop>();

const columns = [
  col.accessor("name", { header: "Shop Name" }),
  col.accessor("location", { header: "Location" }),
  col.accessor("address", { header: "Address", cell: (c) => c.getValue() || "N/A" }),
  col.accessor("phone", { header: "Phone", cell: (c) => c.getValue() || "N/A" }),
  col.accessor("balance", { header: "Balance", cell: (c) => euro(c.getValue()) }),
  col.accessor("isActive", {
    header: "Status",
    cell: (c) => <ActiveBadge active={c.getValue()} />,
  }),
];

export default function ShopsTable() {
  const state = useTableState();
  const query = useShops(state.params);
  const [, navigate] = useLocation();
  return (
    <DataTable
      columns={columns}
      state={state}
      query={query}
      loadingText="Loading shops..."
      emptyText="No shops found"
      onRowClick={(shop) => navigate(`/shops/${shop.id}`)}
    />
  );
}
