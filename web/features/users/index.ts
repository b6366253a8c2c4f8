/** The users feature's public entry: what other features and the app use of it. */
export type { User } from "./api/get-user-by-id";
export { UserDetail } from "./components/user-detail";
export { lastSignInText, UserStatusBadges } from "./components/user-status";
