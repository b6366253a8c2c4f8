/**
 * The "books" part of the catalogues (decision 065): English, the source (the SPEC's English
 * texts verbatim). Its German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts), is ./books.de.ts. Keys are used as t("books.<key>").
 */

import { addEnglishArea } from "../instance";

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

addEnglishArea("books", en);
