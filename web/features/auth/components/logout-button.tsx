import { useT } from "../../../i18n";
import { useAuth } from "./auth-provider";
import "../../../i18n/areas/auth";

export function LogoutButton() {
  const { logoutMutation } = useAuth();
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn-outline w-full"
      disabled={logoutMutation.isPending}
      onClick={() => logoutMutation.mutate()}
    >
      {t("auth.logout")}
    </button>
  );
}
