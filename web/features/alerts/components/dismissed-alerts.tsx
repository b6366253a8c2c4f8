import { createColumnHelper } from "@tanstack/react-table";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { UserLink } from "../../../components/ui/links";
import { DateCell } from "../../../components/ui/truncate";
import { type Alert, useDismissedAlerts } from "../api/get-alerts";
import { CategoryBadge } from "./alert-item";

const col = createColumnHelper<Alert>();

const columns = [
  col.display({
    id: "alert",
    header: "Alert",
    cell: (c) => (
      <div className="whitespace-normal">
        <div className="font-semibold">{c.row.original.title}</div>
        <div className="text-sm">{c.row.original.description}</div>
      </div>
    ),
  }),
  col.display({
    id: "category",
    header: "Category",
    cell: (c) => <CategoryBadge alert={c.row.original} />,
  }),
  col.accessor("createdAt", { header: "Raised", cell: (c) => <DateCell value={c.getValue()} /> }),
  col.accessor("dismissedAt", {
    header: "Dismissed",
    cell: (c) => <DateCell value={c.getValue()} />,
  }),
  col.display({
    id: "dismissedBy",
    header: "By",
    cell: (c) => <UserLink user={c.row.original.dismissedBy} fallback="Unknown" />,
  }),
  col.accessor("dismissNote", {
    header: "Note",
    enableSorting: false,
    cell: (c) => <span className="whitespace-pre-line">{c.getValue() ?? ""}</span>,
  }),
];

/**
 * The admins' view of dismissed alerts (issue 25): who dismissed each, when, and the note
 * they gave, newest dismissal first; the search reaches the title, description and note.
 */
export function DismissedAlerts() {
  const state = useTableState([{ id: "dismissedAt", desc: true }]);
  const query = useDismissedAlerts(state.params);
  return (
    <DataTable
      columns={columns}
      state={state}
      query={query}
      loadingText="Loading dismissed alerts..."
      emptyText="No dismissed alerts"
      searchLabel="Search dismissed alerts"
      getRowId={(row) => String(row.id)}
    />
  );
}
