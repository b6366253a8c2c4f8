import { type FormEvent, useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, TextareaField } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useAlertText } from "../alert-text";
import { useDismissAlert } from "../api/dismiss-alert";
import type { Alert } from "../api/get-alerts";
import { categoryInText, noteRequired } from "./category";
import { useDismissals } from "./dismissals";
import "../../../i18n/areas/alerts";

/**
 * Dismissing a cash or security alert (decisions/044): the admin says what was done about
 * it. The note is required (the server refuses a blank one too), kept with the alert and in
 * the audit trail, and shown in the dismissed view. The note box has the focus when the
 * dialog opens; Enter in it adds a line, the button (or Ctrl+Enter) dismisses.
 */
export default function DismissAlertDialog({
  alert,
  onClose,
}: {
  alert: Alert;
  onClose: () => void;
}) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const dismiss = useDismissAlert({ quiet: true });
  // When the alert leaves the list, the list moves the focus to the next one's Dismiss.
  const dismissals = useDismissals();
  const t = useT();
  const text = useAlertText(alert);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = note.trim();
    if (!text) {
      setError(noteRequired(alert.category));
      return;
    }
    setError(undefined);
    setFailure(undefined);
    dismissals.dismissing(alert.id, { viaDialog: true });
    dismiss.mutate(
      { id: alert.id, note: text },
      {
        onSuccess: onClose,
        onError: (err) => {
          dismissals.failed(alert.id);
          const field = err instanceof ApiError ? err.fields?.note : undefined;
          if (field) setError(field);
          else setFailure(errorMessage(err));
        },
      },
    );
  };
  return (
    <Dialog onClose={onClose} title={t("alerts.dismiss.title")}>
      <form noValidate onSubmit={submit}>
        <p className="mb-1 font-semibold">{text.title}</p>
        <p className="mb-3 text-sm">{text.description}</p>
        <p className="mb-3 text-sm">
          {t("alerts.dismiss.explain", { category: categoryInText(alert.category) })}
        </p>
        <TextareaField
          label={t("alerts.dismiss.note")}
          rows={3}
          value={note}
          error={error}
          maxLength={500}
          required
          autoFocus
          ref={(element) => element?.setAttribute("autofocus", "")}
          onChange={(event) => setNote(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit();
          }}
        />
        {failure && (
          <p role="alert" className="alert alert-error mb-2 text-sm">
            {failure}
          </p>
        )}
        <FormActions
          onCancel={onClose}
          pending={dismiss.isPending}
          label={t("alerts.dismiss.submit")}
          pendingLabel={t("alerts.dismiss.pending")}
        />
      </form>
    </Dialog>
  );
}
