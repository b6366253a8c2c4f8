import { createColumnHelper } from "@tanstack/react-table";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { UserLink } from "../../../components/ui/links";
import { DateCell } from "../../../components/ui/truncate";
import { useT } from "../../../i18n";
import { useAlertText } from "../alert-text";
import { type Alert, useDismissedAlerts } from "../api/get-alerts";
import { CategoryBadge } from "./alert-item";
import "../../../i18n/areas/alerts";

const col = createColumnHelper<Alert>();

function alertColumns(t: TFunction) {
  return [
    col.display({
      id: "alert",
      header: t("alerts.dismissed.alert"),
      cell: (c) => <AlertCell alert={c.row.original} />,
    }),
    col.display({
      id: "category",
      header: t("alerts.dismissed.category"),
      cell: (c) => <CategoryBadge alert={c.row.original} />,
    }),
    col.accessor("createdAt", {
      header: t("alerts.dismissed.raised"),
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.accessor("dismissedAt", {
      header: t("alerts.dismissed.dismissed"),
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.display({
      id: "dismissedBy",
      header: t("alerts.dismissed.by"),
      cell: (c) => (
        <UserLink user={c.row.original.dismissedBy} fallback={t("alerts.dismissed.unknown")} />
      ),
    }),
    col.accessor("dismissNote", {
      header: t("alerts.dismissed.note"),
      enableSorting: false,
      cell: (c) => <span className="whitespace-pre-line">{c.getValue() ?? ""}</span>,
    }),
  ];
}

/** A dismissed alert's title and description in the language shown. */
function AlertCell({ alert }: { alert: Alert }) {
  const text = useAlertText(alert);
  return (
    <div className="whitespace-normal">
      <div className="font-semibold">{text.title}</div>
      <div className="text-sm">{text.description}</div>
    </div>
  );
}

/**
 * The admins' view of dismissed alerts (issue 25): who dismissed each, when, and the note
 * they gave, newest dismissal first; the search reaches the title, description and note.
 */
export function DismissedAlerts() {
  const state = useTableState([{ id: "dismissedAt", desc: true }]);
  const query = useDismissedAlerts(state.params);
  const t = useT();
  const columns = useMemo(() => alertColumns(t), [t]);
  return (
    <DataTable
      columns={columns}
      state={state}
      query={query}
      loadingText={t("alerts.dismissed.loading")}
      emptyText={t("alerts.dismissed.empty")}
      searchLabel={t("alerts.dismissed.search")}
      getRowId={(row) => String(row.id)}
    />
  );
}
