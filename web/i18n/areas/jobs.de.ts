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
};
