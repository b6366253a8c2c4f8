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
