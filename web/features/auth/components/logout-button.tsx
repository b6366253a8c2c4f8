import { useAuth } from "./auth-provider";

export function LogoutButton() {
  const { logoutMutation } = useAuth();
  return (
    <button
      type="button"
      className="btn btn-outline w-full"
      disabled={logoutMutation.isPending}
      onClick={() => logoutMutation.mutate()}
    >
      Logout
    </button>
  );
}
