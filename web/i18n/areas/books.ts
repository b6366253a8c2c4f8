/**
 * The "books" part of the catalogues (decision 065): English (the source; the SPEC's English
 * texts verbatim) and German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts). Keys are used as t("books.<key>").
 */
import type { Shape } from "../shape";

export const en = {
  title: "Books",
  loading: "Loading the books status",
  loadFailed: "The books status could not be loaded.",
  notChecked: "Not yet checked",
  balance: "Books balance",
  discrepancies_one: "{{count}}{{more}} discrepancy",
  discrepancies_other: "{{count}}{{more}} discrepancies",
  discrepanciesList: "Discrepancies",
  checked: "Checked {{age}} (<time/>) on schedule",
  checkedBy: "Checked {{age}} (<time/>) by {{user}}",
  showingFirst: "Showing the first {{count}}; more were found.",
  open: "Open",
  openEntity: "Open {{name}}",
  recalculate: "Recalculate",
  recalculateEntity: "Recalculate the balance of {{name}}",
  checkNow: "Check now",
  check: "Books check",
  entity: {
    CUSTOMER: "customer #{{id}}",
    SHOP: "shop #{{id}}",
    BET: "bet #{{id}}",
    TRANSACTION: "transaction #{{id}}",
  },
} as const;

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
