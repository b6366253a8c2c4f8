import { useAtomValue } from "jotai";
import { useDocumentTitle } from "../../../components/layouts/use-page-heading";
import { useT } from "../../../i18n";
import { currentUserAtom } from "../../../lib/session";
import { useAuth } from "./auth-provider";
import { PasswordForm } from "./password-form";
import "../../../i18n/areas/auth";

/**
 * After an admin created the account or reset its password (issue 10), or the server generated
 * the first admin's (decision 046), the server answers every call but this one with 403 until
 * the user chooses a new password: this page stands in for the whole app, and the app opens
 * once the current user comes back without `mustChangePassword`.
 */
export default function ForcedPasswordChange() {
  const t = useT();
  useDocumentTitle(t("auth.forced.title"));
  const user = useAtomValue(currentUserAtom);
  const { logoutMutation } = useAuth();
  return (
    <main className="flex min-h-screen items-center justify-center p-4 sm:p-8">
      <div className="card w-full max-w-sm bg-base-100 shadow">
        <div className="card-body">
          <h1 className="card-title text-2xl">{t("auth.forced.title")}</h1>
          <p className="mb-2 text-sm text-base-content/70">
            {t("auth.forced.text", { username: user?.username ?? t("auth.forced.yourAccount") })}
          </p>
          {/* After sign-in the cashier types straight into the first field. */}
          <PasswordForm
            focusFirst
            currentLabel={t("auth.forced.currentLabel")}
            actions={(pending) => (
              <div className="mt-2 flex flex-col gap-2">
                <button type="submit" className="btn btn-primary" disabled={pending}>
                  {pending ? t("auth.forced.saving") : t("auth.forced.save")}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={logoutMutation.isPending}
                  onClick={() => logoutMutation.mutate()}
                >
                  {t("auth.forced.signOut")}
                </button>
              </div>
            )}
          />
        </div>
      </div>
    </main>
  );
}
