/** The German "auth" part of the catalogue (decision 065): loaded only when German is shown. */
import type { Shape } from "../shape";
import type { en } from "./auth";

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
