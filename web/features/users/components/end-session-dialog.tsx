import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { endSessionSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, InputField } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { type Session, sessionDevice, useEndOwnSession } from "../api/sessions";
import "../../../i18n/areas/users";

/**
 * Ending another of one's sessions asks for the password (ASVS 5.0 7.5.2): whoever holds a
 * borrowed session cannot sign its owner out everywhere else. A wrong password shows under
 * the field; any other refusal above the buttons.
 */
export default function EndSessionDialog({
  session,
  onClose,
}: {
  session: Session;
  onClose: () => void;
}) {
  const mutation = useEndOwnSession();
  const t = useT();
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof endSessionSchema>,
    unknown,
    z.output<typeof endSessionSchema>
  >({ resolver: zodResolver(endSessionSchema), defaultValues: { password: "" } });
  const refusal = mutation.error instanceof ApiError ? mutation.error : null;
  const wrongPassword = refusal?.fields?.password;
  return (
    <Dialog
      title={t("users.sessions.endTitle", { browser: sessionDevice(t, session, true) })}
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={handleSubmit(({ password }) =>
          mutation.mutate({ session, password }, { onSuccess: onClose }),
        )}
      >
        <p className="mb-4 text-sm">
          {t("users.sessions.endText", {
            time: formatDateTime(session.createdAt),
            address: session.ip ?? t("users.sessions.anUnknownAddress"),
          })}
        </p>
        <InputField
          label={t("users.sessions.yourPassword")}
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message ?? wrongPassword}
          {...register("password")}
        />
        {refusal && !wrongPassword && (
          <div role="alert" className="alert alert-error mb-3 text-sm">
            {errorMessage(refusal)}
          </div>
        )}
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label={t("users.sessions.endSession")}
          pendingLabel={t("users.sessions.ending")}
          destructive
        />
      </form>
    </Dialog>
  );
}
