/** The German "alerts" part of the catalogue (decision 065): loaded only when German is shown. */
import type { Shape } from "../shape";
import type { en } from "./alerts";

export const de: Shape<typeof en> = {
  title: "Meldungen",
  subtitle: "Alles, was geprüft werden muss, neueste zuerst",
  staffOnly: "Meldungen sind nur für Mitarbeiter.",
  views: "Ansichten der Meldungen",
  openView: "Offen",
  dismissedView: "Erledigt",
  undismissed: "Offene Meldungen",
  systemAlerts: "Systemmeldungen",
  viewAll: "Alle anzeigen",
  loading: "Meldungen werden geladen...",
  empty: "Zurzeit keine Meldungen",
  bell: "Benachrichtigungen: {{n}} ungelesen",
  dismissNamed: "{{title}} erledigen",
  categoryPrefix: "Kategorie: ",
  category: {
    operations: "Betrieb",
    cash: "Kasse",
    security: "Sicherheit",
    system: "System",
  },
  categoryInText: {
    operations: "Betrieb",
    cash: "Kasse",
    security: "Sicherheit",
    system: "System",
  },
  dismiss: {
    title: "Meldung erledigen",
    explain:
      "Eine Meldung der Kategorie {{category}} wird mit einer Notiz erledigt, was unternommen wurde. Die Notiz bleibt bei der Meldung und im Prüfprotokoll.",
    note: "Notiz *",
    submit: "Meldung erledigen",
    pending: "Wird erledigt...",
    noteRequired: "Zum Erledigen einer Meldung der Kategorie {{category}} ist eine Notiz nötig",
  },
  kinds: {
    CREDIT_LIMIT_EXCEEDED: {
      title: "Kunde über dem Kreditlimit",
      description:
        "{{customer}} (#{{customerId}}) hat einen Kontostand von {{balance}} bei einem Kreditlimit von {{creditLimit}}.",
    },
    SHOP_BALANCE_NEGATIVE: {
      title: "Kassenbestand der Filiale negativ",
      description: "{{shop}} (#{{shopId}}) hat einen Kassenbestand von {{balance}}.",
    },
    LARGE_BET: {
      title: "Große Wette platziert",
      description:
        "Wette #{{betId}} für {{customer}}: Einsatz {{stake}}, mögliche Auszahlung {{potentialPayout}}.",
    },
    BALANCE_DRIFT: {
      title: "Abweichung im Kontostand korrigiert",
      description:
        "{{entity}} {{name}} (#{{entityId}}) hatte einen gespeicherten Kontostand von {{stored}}, laut Buchungen aber {{ledger}} (Abweichung {{drift}}). Der Kontostand wurde auf die Buchungen zurückgesetzt.",
    },
    SIGN_IN_FAILURES: {
      title: "Wiederholt fehlgeschlagene Anmeldungen",
      description:
        "{{count}} fehlgeschlagene Anmeldungen innerhalb von 15 Minuten für den Benutzernamen {{username}}.",
    },
    TILL_DISCREPANCY: {
      title: "Kassendifferenz beim Kassenabschluss",
      description:
        "Schicht #{{shiftId}} von {{cashier}} in {{shop}} mit {{discrepancy}} {{direction}} abgeschlossen: gezählt {{counted}}, erwartet {{expected}}.",
    },
    USER_CREATED: {
      title: "Neuer Benutzer angelegt",
      description: "{{actor}} hat den Benutzer „{{username}}“ mit der Rolle {{role}} angelegt.",
    },
    USER_ROLE_CHANGED: {
      title: "Benutzerrolle geändert",
      description: "{{actor}} hat die Rolle von „{{username}}“ von {{from}} auf {{to}} geändert.",
    },
    USER_DISABLED: {
      title: "Benutzer gesperrt",
      description: "{{actor}} hat den Benutzer „{{username}}“ gesperrt.",
    },
    USER_ENABLED: {
      // "Aktivieren" on the admin page; "Entsperren" is lifting a sign-in lock, another action.
      title: "Benutzer aktiviert",
      description: "{{actor}} hat den Benutzer „{{username}}“ wieder aktiviert.",
    },
    REPLICATION_RESTARTING: {
      title: "Replikation gestoppt",
      description: "{{replica}}: {{reason}}. Neustart in {{restartInSeconds}} s.",
    },
    REPLICATION_LAGGING: {
      title: "Replikation gestoppt",
      description: "{{replica}}: {{detail}}",
    },
    INTEGRITY_CHECK_FAILED: {
      title: "Integritätsprüfung der Datenbank fehlgeschlagen",
      description:
        "Die {{check}} der Datenbank hat gefunden: {{detail}}. Die letzte gute Sicherung wiederherstellen (docs/scripts.md).",
    },
    BOOKS_UNBALANCED: {
      title: "Die Bücher stimmen nicht",
      description_one:
        "Die Prüfung der Bücher fand {{count}}{{more}} Abweichung, die erste: {{first}}. Siehe die Anzeige der Bücher auf der Admin-Seite.",
      description_other:
        "Die Prüfung der Bücher fand {{count}}{{more}} Abweichungen, die erste: {{first}}. Siehe die Anzeige der Bücher auf der Admin-Seite.",
    },
    BACKUP_FAILED: {
      title: "Sicherung fehlgeschlagen",
      description: "Die geplante Sicherung nach {{file}} ist fehlgeschlagen: {{detail}}",
    },
  },
  cashCustomer: "einen Barkunden",
  console: "Die Konsole",
  role: { admin: "Admin", user: "Mitarbeiter", customer: "Kunde" },
  entity: { CUSTOMER: "Kunde", SHOP: "Filiale" },
  direction: { short: "zu wenig", over: "zu viel" },
  check: { full: "tägliche integrity_check-Prüfung", quick: "quick_check-Prüfung beim Start" },
  dismissed: {
    alert: "Meldung",
    category: "Kategorie",
    raised: "Ausgelöst",
    dismissed: "Erledigt",
    by: "Von",
    note: "Notiz",
    unknown: "Unbekannt",
    loading: "Erledigte Meldungen werden geladen...",
    empty: "Keine erledigten Meldungen",
    search: "Erledigte Meldungen durchsuchen",
  },
};
