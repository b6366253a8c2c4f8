/**
 * The "users" part of the catalogues (decision 065): English (the source; the SPEC's English
 * texts verbatim) and German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts). Keys are used as t("users.<key>").
 */
import type { Shape } from "../shape";

export const en = {
  roles: {
    admin: "Admin",
    user: "User",
    customer: "Customer",
  },
  access: {
    admin: "Full system administration access",
    user: "Standard user access to betting operations",
    customer: "Customer access only",
  },
  status: {
    active: "Active",
    disabled: "Disabled",
    mustChangePassword: "Must change password",
    locked: "Locked",
    never: "Never",
  },
  detail: {
    loading: "Loading user...",
    notFound: "User Not Found",
    backToDashboard: "Back to Dashboard",
    information: "User Information",
    username: "Username",
    role: "Role",
    created: "Created",
    unknown: "Unknown",
    status: "Status",
    lastSignIn: "Last sign-in",
    systemAccess: "System Access",
    userId: "User ID",
  },
  sessions: {
    title: "Your sessions",
    intro:
      "Where you are signed in. End a session you do not recognise, then change your password.",
    loading: "Loading sessions...",
    loadFailed: "Could not load your sessions.",
    browser: "Browser",
    address: "Address",
    signedIn: "Signed in",
    lastSeen: "Last seen",
    action: "Action",
    unknownAddress: "Unknown address",
    unknown: "Unknown",
    anUnknownAddress: "an unknown address",
    addressLastSeen: "{{address}}, last seen {{time}}",
    thisSession: "This session",
    end: "End",
    endLabel: "End the session on {{browser}} from {{address}}, signed in {{time}}",
    endTitle: "End the session on {{browser}}?",
    endText:
      "Signed in {{time}} from {{address}}. That browser is signed out at once. Confirm with your password.",
    yourPassword: "Your password",
    endSession: "End session",
    ending: "Ending...",
    ended: "The session on {{browser}} is signed out.",
    endAll: "End all sessions",
    endAllTitle: "End all sessions of {{username}}?",
    endAllSelf: "You are signed out everywhere else; this session stays.",
    endAllOther:
      "{{username}} is signed out on every device now and has to sign in again. The account stays enabled and its password unchanged.",
    endedAll_one: "1 session of {{username}} ended.",
    endedAll_other: "{{count}} sessions of {{username}} ended.",
  },
} as const;

export const de: Shape<typeof en> = {
  roles: {
    admin: "Admin",
    user: "Mitarbeiter",
    customer: "Kunde",
  },
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
