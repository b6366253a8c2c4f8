import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { resetPasswordSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, InputField } from "../../../components/ui/field";
import { useResetUserPassword } from "../api/manage-user";

/**
 * An admin sets a temporary password (issue 10): the user's sessions end, and at their next
 * sign-in they must choose a new one before anything else.
 */
export default function ResetPasswordDialog({
  user,
  onClose,
}: {
  user: { id: number; username: string };
  onClose: () => void;
}) {
  const mutation = useResetUserPassword();
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof resetPasswordSchema>,
    unknown,
    z.output<typeof resetPasswordSchema>
  >({ resolver: zodResolver(resetPasswordSchema), defaultValues: { newPassword: "" } });
  return (
    <Dialog title={`Reset password of ${user.username}`} onClose={onClose}>
      <form
        noValidate
        onSubmit={handleSubmit((values) =>
          mutation.mutate({ userId: user.id, ...values }, { onSuccess: onClose }),
        )}
      >
        <p className="mb-4 text-sm">
          {user.username} is signed out everywhere now. They sign in with this temporary password
          and must choose a new one before they can continue.
        </p>
        <InputField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.newPassword?.message}
          {...register("newPassword")}
        />
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label="Reset password"
          pendingLabel="Resetting..."
        />
      </form>
    </Dialog>
  );
}
