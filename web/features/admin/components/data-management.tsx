import { Panel } from "../../../components/ui/page-header";
import { useDeleteAllData } from "../api/delete-all-data";
import { useExportAllData } from "../api/export-all-data";

export function ExportDataPanel() {
  const mutation = useExportAllData();
  return (
    <Panel title="Export All Data">
      <p className="mb-3 text-sm text-base-content/70">
        Downloads every table (without passwords or sessions) as one JSON file.
      </p>
      <button
        type="button"
        className="btn btn-outline"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        {mutation.isPending ? "Exporting..." : "Export All Data"}
      </button>
    </Panel>
  );
}

/** Needs two browser confirmations; keeps the acting admin's account. */
export function DeleteDataPanel() {
  const mutation = useDeleteAllData();
  const onDelete = () => {
    if (!window.confirm("Delete ALL data? This cannot be undone.")) return;
    if (
      !window.confirm(
        "Are you absolutely sure? Every customer, shop, bet and transaction will be deleted.",
      )
    )
      return;
    mutation.mutate();
  };
  return (
    <Panel title="Delete All Data">
      <div role="alert" className="alert alert-error mb-3 text-sm">
        Deletes every customer, shop, bet, transaction and user except your own account.
      </div>
      <button
        type="button"
        className="btn btn-error"
        disabled={mutation.isPending}
        onClick={onDelete}
      >
        {mutation.isPending ? "Deleting..." : "Delete All Data"}
      </button>
    </Panel>
  );
}
