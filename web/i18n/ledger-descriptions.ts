/**
 * A ledger row's description in the reader's language (decision 081). The server writes its
 * own rows' descriptions in English from src/domain/ledger-descriptions.ts, and they stay so
 * in the ledger, the API and the CSV (the record); the web recognises one by the same
 * templates and writes it from the catalogue (transactions.descriptions), the bet's own free
 * text kept as written. A description it does not recognise (a cashier's words on a
 * deposit, an older wording) shows as stored, never half translated.
 */
import type { TFunction } from "i18next";
import type { BetStatus } from "../../src/domain/enums";
import { readLedgerDescription } from "../../src/domain/ledger-descriptions";
import { i18n } from "./instance";
import "./areas/transactions";
import "./areas/ui";

/** The row a description belongs to: its bet and the row it corrects, to tell a template from a cashier's words. */
export interface DescribedRow {
  description: string | null;
  betId: number | null;
  reversalOf: number | null;
}

/** `row`'s description in the language `t` speaks (default: the app's), or as stored. */
export function ledgerDescriptionText(
  row: DescribedRow,
  t: TFunction = i18n.t.bind(i18n) as TFunction,
): string {
  const stored = row.description ?? "";
  const read = readLedgerDescription(stored, row);
  if (read === null) return stored;
  // A status is the screens' word for it (WON in English, as stored; Gewonnen in German).
  const status = (s: BetStatus) => t(`ui.betStatus.${s}`);
  const values: Record<string, string | number> = { ...read.params };
  if ("from" in read.params) values.from = status(read.params.from);
  if ("to" in read.params) values.to = status(read.params.to);
  // A key made of a kind: the catalogue's `satisfies` holds every kind to a template.
  const text = t as unknown as (key: string, options: typeof values) => string;
  return text(`transactions.descriptions.${read.kind}`, values);
}
