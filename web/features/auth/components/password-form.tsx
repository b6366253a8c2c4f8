import { zodResolver } from "@hookform/resolvers/zod";
import { useAtomValue } from "jotai";
import { type ReactNode, useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { changePasswordSchema } from "../../../../src/domain/schemas";
import { InputField } from "../../../components/ui/field";
import { NewPasswordField, usePasswordVerdict } from "../../../components/ui/new-password-field";
import { i18n, useT } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { currentUserAtom } from "../../../lib/session";
import { useChangePassword } from "../api/change-password";
import "../../../i18n/areas/auth";

/** The server's rules plus a second typing of the new password, which must match. */
const passwordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.confirmPassword === value.newPassword, {
    path: ["confirmPassword"],
    // Read when the form is checked, so in the language showing then.
    error: () => i18n.t("auth.passwordsDoNotMatch"),
  });

type PasswordValues = z.input<typeof passwordFormSchema>;

const FIELDS = ["currentPassword", "newPassword"] as const;

/**
 * Current, new and confirm: the change-password dialog and the forced change after an admin's
 * reset. The new password's strength shows as it is typed, and one the server's rules refuse
 * is not sent (decision 046). Field errors from the server (a wrong current password) show
 * under their field. `actions(pending)` renders the submit button and whatever goes beside it.
 * With `focusFirst` (a page of its own, not a dialog, which focuses its first field itself)
 * the current password's field takes the focus when the form shows.
 */
export function PasswordForm({
  currentLabel,
  onDone,
  actions,
  focusFirst = false,
}: {
  currentLabel?: string;
  onDone?: () => void;
  actions: (pending: boolean) => ReactNode;
  focusFirst?: boolean;
}) {
  const mutation = useChangePassword();
  const t = useT();
  const username = useAtomValue(currentUserAtom)?.username ?? "";
  const { register, handleSubmit, formState, setError, watch, setFocus } = useForm<
    PasswordValues,
    unknown,
    z.output<typeof passwordFormSchema>
  >({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  useEffect(() => {
    if (focusFirst) setFocus("currentPassword");
  }, [focusFirst, setFocus]);
  const errors = formState.errors;
  const typed = watch("newPassword") ?? "";
  const verdict = usePasswordVerdict(typed, username);
  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ currentPassword, newPassword }) => {
        if (verdict?.problem) {
          setError("newPassword", { message: verdict.problem }, { shouldFocus: true });
          return;
        }
        mutation.mutate(
          { currentPassword, newPassword },
          {
            onSuccess: () => onDone?.(),
            onError: (error) => {
              if (!(error instanceof ApiError) || !error.fields) return;
              for (const name of FIELDS) {
                const message = error.fields[name];
                if (message) setError(name, { message }, { shouldFocus: true });
              }
            },
          },
        );
      })}
    >
      <InputField
        label={currentLabel ?? t("auth.currentPassword")}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <NewPasswordField
        label={t("auth.newPassword")}
        typed={typed}
        verdict={verdict}
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <InputField
        label={t("auth.confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      {actions(mutation.isPending)}
    </form>
  );
}
