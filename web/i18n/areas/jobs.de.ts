/** The German "jobs" part of the catalogue (decision 065): loaded only when German is shown. */
import type { Shape } from "../shape";
import type { en } from "./jobs";

export const de: Shape<typeof en> = {
  progressLabel: "Fortschritt: {{label}}",
  waiting: "Wartet auf einen freien Platz",
  progress: "{{percent}} · {{phrase}}",
  cancel: "Abbrechen",
  cancelLabel: {
    export: "Export abbrechen",
    "ledger-check": "Buchprüfung abbrechen",
  },
  cancelled: "Abgebrochen {{time}}.",
  failed: "Fehlgeschlagen: {{error}}",
  unknownError: "unbekannter Fehler",
  recalculated: "Kontostand neu berechnet. Neuer Kontostand: {{balance}}",
  steps: {
    waiting: "Wartet auf einen freien Platz",
    starting: "Starte",
    "export-rows": "Exportiere {{table}}: {{done}} von {{total}} Zeilen",
    "export-finishing": "Schließe ab",
    "books-balances": "Vergleiche gespeicherte Kontostände mit den Buchungen",
    "books-bets": "Prüfe jede Wette gegen ihre Buchungen",
    "books-ledger-rows": "Prüfe die Form jeder Buchung",
    "books-reversals": "Prüfe Stornos",
    done: "Fertig",
    failed: "Fehlgeschlagen",
    cancelled: "Abgebrochen",
  },
  table: {
    users: "Benutzer",
    customers: "Kunden",
    shops: "Filialen",
    bets: "Wetten",
    bet_settlements: "Wettabrechnungen",
    transactions: "Buchungen",
    shifts: "Schichten",
    shift_movements: "Kassenbewegungen",
    alerts: "Meldungen",
    audit_log: "Prüfprotokoll",
    backups: "Sicherungen",
  },
};
