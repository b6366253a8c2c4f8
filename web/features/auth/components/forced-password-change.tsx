import { useAtomValue } from "jotai";
import { useDocumentTitle } from "../../../components/layouts/use-page-heading";
import { currentUserAtom } from "../../../lib/session";
import { useAuth } from "./auth-provider";
import { PasswordForm } from "./password-form";

/**
 * After an admin created the account or reset its password (issue 10), or the server generated
 * the first admin's (decision 046), the server answers every call but this one with 403 until
 * the user chooses a new password: this page stands in for the whole app, and the app opens
 * once the current user comes back without `mustChangePassword`.
 */
export default function ForcedPasswordChange() {
  useDocumentTitle("Choose a new password");
  const user = useAtomValue(currentUserAtom);
  const { logoutMutation } = useAuth();
  return (
    <main className="flex min-h-screen items-center justify-center p-4 sm:p-8">
      <div className="card w-full max-w-sm bg-base-100 shadow">
        <div className="card-body">
          <h1 className="card-title text-2xl">Choose a new password</h1>
          <p className="mb-2 text-sm text-base-content/70">
            The password of {user?.username ?? "your account"} was set for you (by an admin, or
            printed when the server first started). Choose your own to continue: at least 8
            characters, not common and not easy to guess. A few unrelated words make a good one.
          </p>
          <PasswordForm
            currentLabel="Current (temporary) password"
            actions={(pending) => (
              <div className="mt-2 flex flex-col gap-2">
                <button type="submit" className="btn btn-primary" disabled={pending}>
                  {pending ? "Saving..." : "Save and continue"}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={logoutMutation.isPending}
                  onClick={() => logoutMutation.mutate()}
                >
                  Sign out
                </button>
              </div>
            )}
          />
        </div>
      </div>
    </main>
  );
}
