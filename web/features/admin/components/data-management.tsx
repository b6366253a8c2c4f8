import { lazy, Suspense, useState } from "react";
import { Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { richText } from "../../../i18n/rich-text";
import "../../../i18n/areas/admin";

const DeleteAllDialog = lazy(() => import("./delete-all-dialog"));

// Export All Data is a background job now: ExportDataPanel in ./export-data.tsx.

/**
 * Two browser confirmations, then the admin's password in a dialog (issue 10); the server
 * writes a checked backup before it deletes, and the panel names that file afterwards.
 */
export function DeleteDataPanel() {
  const [asking, setAsking] = useState(false);
  const [backupFile, setBackupFile] = useState<string | null>(null);
  const t = useT();
  const onDelete = () => {
    if (!window.confirm(t("admin.deleteAll.confirmFirst"))) return;
    if (!window.confirm(t("admin.deleteAll.confirmSecond"))) return;
    setAsking(true);
  };
  return (
    <Panel title={t("admin.deleteAll.title")}>
      <div role="alert" className="alert alert-error mb-3 text-sm">
        {t("admin.deleteAll.warning")}
      </div>
      <p className="mb-3 text-sm">{t("admin.deleteAll.backupFirst")}</p>
      <button type="button" className="btn btn-error" onClick={onDelete}>
        {t("admin.deleteAll.title")}
      </button>
      {backupFile && (
        <p className="mt-3 break-all text-sm">
          {richText(
            (places) => t("admin.deleteAll.keptIn", places),
            { code: <code /> },
            { file: backupFile },
          )}
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
