import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { DeleteAllDto } from "../../../../src/domain/dto";
import { deleteAllSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, InputField } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useDeleteAllData } from "../api/delete-all-data";
import "../../../i18n/areas/admin";

/**
 * The last step of Delete All Data, after its two confirmations (issue 10): the acting
 * admin types their own password. A wrong one is shown under the field; a failed backup
 * (nothing deleted) above the buttons.
 */
export default function DeleteAllDialog({
  onClose,
  onDeleted,
}: {
  onClose: () => void;
  onDeleted: (result: DeleteAllDto) => void;
}) {
  const mutation = useDeleteAllData();
  const t = useT();
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof deleteAllSchema>,
    unknown,
    z.output<typeof deleteAllSchema>
  >({ resolver: zodResolver(deleteAllSchema), defaultValues: { password: "" } });
  const refusal = mutation.error instanceof ApiError ? mutation.error : null;
  // Under the field, translated there from the catalogue's templates (web/lib/validation.ts).
  const wrongPassword = refusal?.status === 403 ? refusal.serverMessage : undefined;
  return (
    <Dialog title={t("admin.deleteAll.dialogTitle")} onClose={onClose}>
      <form
        noValidate
        onSubmit={handleSubmit((values) =>
          mutation.mutate(values, {
            onSuccess: (result) => {
              onDeleted(result);
              onClose();
            },
          }),
        )}
      >
        <p className="mb-4 text-sm">{t("admin.deleteAll.dialogText")}</p>
        <InputField
          label={t("admin.deleteAll.yourPassword")}
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message ?? wrongPassword}
          {...register("password")}
        />
        {refusal && refusal.status !== 403 && (
          <div role="alert" className="alert alert-error mb-3 text-sm">
            {errorMessage(refusal)}
          </div>
        )}
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label={t("admin.deleteAll.title")}
          pendingLabel={t("admin.deleteAll.pending")}
          destructive
        />
      </form>
    </Dialog>
  );
}
