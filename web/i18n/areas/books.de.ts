/** The German "books" part of the catalogue (decision 065): loaded only when German is shown. */
import type { Shape } from "../shape";
import type { en } from "./books";

export const de: Shape<typeof en> = {
  title: "Bücher",
  loading: "Status der Bücher wird geladen",
  loadFailed: "Der Status der Bücher konnte nicht geladen werden.",
  notChecked: "Noch nicht geprüft",
  balance: "Bücher stimmen",
  discrepancies_one: "{{count}}{{more}} Abweichung",
  discrepancies_other: "{{count}}{{more}} Abweichungen",
  discrepanciesList: "Abweichungen",
  checked: "Geprüft {{age}} (<time/>) planmäßig",
  checkedBy: "Geprüft {{age}} (<time/>) von {{user}}",
  showingFirst: "Die ersten {{count}} werden angezeigt; es wurden weitere gefunden.",
  open: "Öffnen",
  openEntity: "{{name}} öffnen",
  recalculate: "Neu berechnen",
  recalculateEntity: "Kontostand von {{name}} neu berechnen",
  checkNow: "Jetzt prüfen",
  check: "Prüfung der Bücher",
  entity: {
    CUSTOMER: "Kunde #{{id}}",
    SHOP: "Filiale #{{id}}",
    BET: "Wette #{{id}}",
    TRANSACTION: "Buchung #{{id}}",
  },
};
