import { createColumnHelper } from "@tanstack/react-table";
import { useLocation } from "wouter";
import { ActiveBadge } from "../../../components/ui/badges";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { UserLink } from "../../../components/ui/links";
import { euro } from "../../../lib/format";
import { useCustomers } from "../api/get-customers";
import type { Customer } from "../api/types";

const col = createColumnHelper<Customer>();

const columns = [
  col.accessor("firstName", { header: "First Name" }),
  col.accessor("lastName", { header: "Last Name" }),
  col.accessor("email", { header: "Email", cell: (c) => c.getValue() || "N/A" }),
  col.accessor("phone", { header: "Phone", cell: (c) => c.getValue() || "N/A" }),
  col.accessor("balance", { header: "Balance", cell: (c) => euro(c.getValue()) }),
  col.accessor("creditLimit", { header: "Credit Limit", cell: (c) => euro(c.getValue()) }),
  col.accessor("allowOverdraft", {
    header: "Overdraft",
    cell: (c) => (c.getValue() ? "Allowed" : "Not Allowed"),
  }),
  col.accessor("isActive", {
    header: "Status",
    cell: (c) => <ActiveBadge active={c.getValue()} />,
  }),
  col.accessor("createdBy", {
    header: "Created By",
    cell: (c) => <UserLink user={c.row.original.createdByUser} fallback="Unknown" />,
  }),
];

export default function CustomersTable() {
  const state = useTableState();
  const query = useCustomers(state.params);
  const [, navigate] = useLocation();
  return (
    <DataTable
      columns={columns}
      state={state}
      query={query}
      loadingText="Loading customers..."
      emptyText="No customers found"
      onRowClick={(customer) => navigate(`/customers/${customer.id}`)}
    />
  );
}
