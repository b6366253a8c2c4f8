import { lazy, Suspense, useState } from "react";
import { Panel } from "../../../components/ui/page-header";

const DeleteAllDialog = lazy(() => import("./delete-all-dialog"));

// Export All Data is a background job now: ExportDataPanel in ./jobs.tsx.

/**
 * Two browser confirmations, then the admin's password in a dialog (issue 10); the server
 * writes a checked backup before it deletes, and the panel names that file afterwards.
 */
export function DeleteDataPanel() {
  const [asking, setAsking] = useState(false);
  const [backupFile, setBackupFile] = useState<string | null>(null);
  const onDelete = () => {
    if (!window.confirm("Delete ALL data? This cannot be undone.")) return;
    if (
      !window.confirm(
        "Are you absolutely sure? Every customer, shop, bet and transaction will be deleted.",
      )
    )
      return;
    setAsking(true);
  };
  return (
    <Panel title="Delete All Data">
      <div role="alert" className="alert alert-error mb-3 text-sm">
        Deletes every customer, shop, bet, transaction and user except your own account.
      </div>
      <button type="button" className="btn btn-error" onClick={onDelete}>
        Delete All Data
      </button>
      {backupFile && (
        <p className="mt-3 break-all text-sm">
          The data as it was is kept in the backup <code>{backupFile}</code>.
        </p>
      )}
      {asking && (
        <Suspense fallback={null}>
          <DeleteAllDialog
            onClose={() => setAsking(false)}
            onDeleted={(result) => setBackupFile(result.backupFile)}
          />
        </Suspense>
      )}
    </Panel>
  );
}
