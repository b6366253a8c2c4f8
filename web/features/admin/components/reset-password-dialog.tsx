import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { resetPasswordSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions } from "../../../components/ui/field";
import { NewPasswordField, usePasswordVerdict } from "../../../components/ui/new-password-field";
import { useT } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useResetUserPassword } from "../api/manage-user";
import "../../../i18n/areas/admin";

/**
 * An admin sets a temporary password (issue 10): the user's sessions end, and at their next
 * sign-in they must choose a new one before anything else. The temporary one passes the same
 * rules as any password, judged against the user's name, with the meter as it is typed.
 */
export default function ResetPasswordDialog({
  user,
  onClose,
}: {
  user: { id: number; username: string };
  onClose: () => void;
}) {
  const mutation = useResetUserPassword();
  const t = useT();
  const { register, handleSubmit, formState, setError, watch } = useForm<
    z.input<typeof resetPasswordSchema>,
    unknown,
    z.output<typeof resetPasswordSchema>
  >({ resolver: zodResolver(resetPasswordSchema), defaultValues: { newPassword: "" } });
  const typed = watch("newPassword") ?? "";
  const verdict = usePasswordVerdict(typed, user.username);
  return (
    <Dialog
      title={t("admin.userActions.resetTitle", { username: user.username })}
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          if (verdict?.problem) {
            setError("newPassword", { message: verdict.problem }, { shouldFocus: true });
            return;
          }
          mutation.mutate(
            { userId: user.id, ...values },
            {
              onSuccess: onClose,
              onError: (error) => {
                const message = error instanceof ApiError ? error.fields?.newPassword : undefined;
                if (message) setError("newPassword", { message }, { shouldFocus: true });
              },
            },
          );
        })}
      >
        <p className="mb-4 text-sm">
          {t("admin.userActions.resetText", { username: user.username })}
        </p>
        <NewPasswordField
          label={t("admin.userActions.newPassword")}
          typed={typed}
          verdict={verdict}
          error={formState.errors.newPassword?.message}
          {...register("newPassword")}
        />
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label={t("admin.userActions.resetPassword")}
          pendingLabel={t("admin.userActions.resetting")}
        />
      </form>
    </Dialog>
  );
}
