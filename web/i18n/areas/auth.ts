/**
 * The "auth" part of the catalogues (decision 065): English, the source (the SPEC's English
 * texts verbatim). Its German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts), is ./auth.de.ts. Keys are used as t("auth.<key>").
 */

import { addEnglishArea } from "../instance";

export const en = {
  accountLink: "Your account and sessions",
  logout: "Logout",
  loginFailed: "Login failed",
  logoutFailed: "Logout failed",
  changePassword: "Change password",
  changing: "Changing...",
  changeRules:
    "At least 8 characters, not common and not easy to guess. You stay signed in here; your other sessions end.",
  passwordChanged: "Password changed",
  currentPassword: "Current password",
  newPassword: "New password",
  confirmPassword: "Confirm new password",
  passwordsDoNotMatch: "Passwords do not match",
  forced: {
    title: "Choose a new password",
    text: "The password of {{username}} was set for you (by an admin, or printed when the server first started). Choose your own to continue: at least 8 characters, not common and not easy to guess. A few unrelated words make a good one.",
    yourAccount: "your account",
    currentLabel: "Current (temporary) password",
    saving: "Saving...",
    save: "Save and continue",
    signOut: "Sign out",
  },
} as const;

addEnglishArea("auth", en);
