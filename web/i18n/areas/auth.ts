/**
 * The "auth" part of the catalogues (decision 065): English (the source; the SPEC's English
 * texts verbatim) and German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts). Keys are used as t("auth.<key>").
 */
import type { Shape } from "../shape";

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

export const de: Shape<typeof en> = {
  accountLink: "Ihr Konto und Sitzungen",
  logout: "Abmelden",
  loginFailed: "Anmeldung fehlgeschlagen",
  logoutFailed: "Abmelden fehlgeschlagen",
  changePassword: "Passwort ändern",
  changing: "Wird geändert...",
  changeRules:
    "Mindestens 8 Zeichen, nicht verbreitet und nicht leicht zu erraten. Hier bleiben Sie angemeldet; Ihre anderen Sitzungen enden.",
  passwordChanged: "Passwort geändert",
  currentPassword: "Aktuelles Passwort",
  newPassword: "Neues Passwort",
  confirmPassword: "Neues Passwort bestätigen",
  passwordsDoNotMatch: "Die Passwörter stimmen nicht überein",
  forced: {
    title: "Neues Passwort wählen",
    text: "Das Passwort für {{username}} wurde für Sie festgelegt (von einem Administrator oder beim ersten Start des Servers ausgegeben). Wählen Sie Ihr eigenes, um fortzufahren: mindestens 8 Zeichen, nicht verbreitet und nicht leicht zu erraten. Ein paar Wörter ohne Zusammenhang ergeben ein gutes.",
    yourAccount: "Ihr Konto",
    currentLabel: "Aktuelles (vorläufiges) Passwort",
    saving: "Wird gespeichert...",
    save: "Speichern und weiter",
    signOut: "Abmelden",
  },
};
