/** The German "users" part of the catalogue (decision 065): loaded only when German is shown. */
import type { Shape } from "../shape";
import type { en } from "./users";

export const de: Shape<typeof en> = {
  access: {
    admin: "Voller Zugriff auf die Systemverwaltung",
    user: "Normaler Zugriff auf den Wettbetrieb",
    customer: "Nur Kundenzugang",
  },
  status: {
    active: "Aktiv",
    disabled: "Gesperrt",
    mustChangePassword: "Muss Passwort ändern",
    locked: "Blockiert",
    never: "Nie",
  },
  detail: {
    loading: "Benutzer wird geladen...",
    notFound: "Benutzer nicht gefunden",
    backToDashboard: "Zurück zur Übersicht",
    loadError: "Fehler beim Laden des Benutzers",
    loadErrorText: "Die Benutzerdaten konnten nicht geladen werden. Bitte erneut versuchen.",
    information: "Benutzerdaten",
    username: "Benutzername",
    role: "Rolle",
    created: "Angelegt",
    unknown: "Unbekannt",
    status: "Status",
    lastSignIn: "Letzte Anmeldung",
    systemAccess: "Systemzugriff",
    userId: "Benutzer-ID",
  },
  sessions: {
    title: "Ihre Sitzungen",
    intro:
      "Wo Sie angemeldet sind. Beenden Sie eine Sitzung, die Sie nicht kennen, und ändern Sie dann Ihr Passwort.",
    loading: "Sitzungen werden geladen...",
    loadFailed: "Ihre Sitzungen konnten nicht geladen werden.",
    browser: "Browser",
    device: "{{browser}} auf {{system}}",
    unknownBrowser: "Unbekannter Browser",
    address: "Adresse",
    signedIn: "Angemeldet",
    lastSeen: "Zuletzt aktiv",
    action: "Aktion",
    unknownAddress: "Unbekannte Adresse",
    unknown: "Unbekannt",
    anUnknownAddress: "einer unbekannten Adresse",
    addressLastSeen: "{{address}}, zuletzt aktiv {{time}}",
    thisSession: "Diese Sitzung",
    end: "Beenden",
    endLabel: "Sitzung in {{browser}} von {{address}} beenden, angemeldet {{time}}",
    endTitle: "Sitzung in {{browser}} beenden?",
    endText:
      "Angemeldet {{time}} von {{address}}. Dieser Browser wird sofort abgemeldet. Bestätigen Sie mit Ihrem Passwort.",
    yourPassword: "Ihr Passwort",
    endSession: "Sitzung beenden",
    ending: "Wird beendet...",
    ended: "Die Sitzung in {{browser}} ist abgemeldet.",
    endAll: "Alle Sitzungen beenden",
    endAllTitle: "Alle Sitzungen von {{username}} beenden?",
    endAllSelf: "Sie werden überall sonst abgemeldet; diese Sitzung bleibt.",
    endAllOther:
      "{{username}} wird jetzt auf allen Geräten abgemeldet und muss sich neu anmelden. Das Konto bleibt aktiv und das Passwort unverändert.",
    endedAll_one: "1 Sitzung von {{username}} beendet.",
    endedAll_other: "{{count}} Sitzungen von {{username}} beendet.",
  },
};
