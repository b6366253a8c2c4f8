/** The auth feature's public entry: the session provider, its hook and its screens' parts. */
import { lazy } from "react";

export { CURRENT_USER_KEY } from "./api/get-user";
export { AccountLink } from "./components/account-link";
export { AuthProvider, useAuth } from "./components/auth-provider";
export { ChangePasswordButton } from "./components/change-password-button";
export { LogoutButton } from "./components/logout-button";

// The sign-in form loads on first use, like dialogs. The bundler splits by module, so a
// static re-export here would put the form and its schema into the shell's chunk.
export const LoginForm = lazy(() => import("./components/login-form"));
/** The full page a user sees after an admin's reset, until they choose a new password. */
export const ForcedPasswordChange = lazy(() => import("./components/forced-password-change"));
