/**
 * The descriptions the server writes on the ledger rows it makes itself (decision 081): one
 * list of templates, read both ways. The server builds a row's English from it
 * (`ledgerDescription`), and the web recognises a stored description by it
 * (`readLedgerDescription`) and writes it again in the reader's language
 * (web/i18n/ledger-descriptions.ts, templates `transactions.descriptions.<KIND>`).
 *
 * The stored English is the record: the ledger, the JSON API and the CSV keep it word for
 * word, and nothing here changes a byte of what the services wrote before. A placeholder's
 * kind comes from its name: `…Id` a whole number (#12), `from`/`to` a bet status as its code
 * (WON), `betDescription` the bet's own free text, always last, kept verbatim and possibly
 * cut where the row's description ends (500 characters).
 *
 * A new template is a new kind here; tsc then asks for its German and English in the
 * catalogue, and tests/ledger-descriptions.test.ts for a fixture. A service that writes a
 * description by hand instead fails the same test's scan of src/.
 */
import { BET_STATUSES, type BetStatus } from "./enums";

export const LEDGER_DESCRIPTION_TEMPLATES = {
  /** An admin's reversal of a row (issue 12). */
  REVERSAL: "Reversal of #{originalId}",
  /** A re-settlement taking back the old outcome's payout or refund. */
  CORRECTION: "Correction of #{originalId}: bet #{betId} re-settled {from} to {to}",
  /** ...keeping its outcome, with another dead heat or Rule 4 (decision 084). */
  CORRECTION_TERMS: "Correction of #{originalId}: bet #{betId} re-settled {from} on new terms",
  /** A won or placed account bet's return. */
  PAYOUT: "Payout for bet #{betId}",
  PAYOUT_RESETTLED: "Payout for bet #{betId} (re-settled from {from})",
  /** ...the same outcome on new terms (decision 084). */
  PAYOUT_TERMS: "Payout for bet #{betId} ({from} on new terms)",
  /** A void account bet's stake given back. */
  REFUND: "Refund for void bet #{betId}",
  REFUND_RESETTLED: "Refund for void bet #{betId} (re-settled from {from})",
  /** A bet's stake, followed by the bet's own description. */
  STAKE: "Stake for bet #{betId}: {betDescription}",
  /** A cash bet's slip paid at a till (decision 051), won or placed... */
  SLIP_PAID: "Paid on the slip of bet #{betId}",
  /** ...or void. */
  SLIP_STAKE_RETURNED: "Stake returned on the slip of bet #{betId}",
} as const;

export type LedgerDescriptionKind = keyof typeof LEDGER_DESCRIPTION_TEMPLATES;
export const LEDGER_DESCRIPTION_KINDS = Object.keys(
  LEDGER_DESCRIPTION_TEMPLATES,
) as LedgerDescriptionKind[];

/** The longest description a ledger row keeps (the stake's free text is cut to fit). */
export const LEDGER_DESCRIPTION_MAX_LENGTH = 500;

type PlaceholdersOf<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | PlaceholdersOf<Rest>
  : never;

type ValueOf<P extends string> = P extends "from" | "to"
  ? BetStatus
  : P extends "betDescription"
    ? string
    : number;

/** Each kind's values, named as its template names them. */
export type LedgerDescriptionParams = {
  [K in LedgerDescriptionKind]: {
    [P in PlaceholdersOf<(typeof LEDGER_DESCRIPTION_TEMPLATES)[K]>]: ValueOf<P>;
  };
};

/** A recognised description: its kind and its values. */
export type LedgerDescription = {
  [K in LedgerDescriptionKind]: { kind: K; params: LedgerDescriptionParams[K] };
}[LedgerDescriptionKind];

/** The English a ledger row stores, from its kind and values. */
export function ledgerDescription<K extends LedgerDescriptionKind>(
  kind: K,
  params: LedgerDescriptionParams[K],
): string {
  const values = params as Record<string, string | number>;
  const text = LEDGER_DESCRIPTION_TEMPLATES[kind].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`ledger description ${kind} lacks ${name}`);
    return String(value);
  });
  return text.slice(0, LEDGER_DESCRIPTION_MAX_LENGTH);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const isStatus = (name: string) => name === "from" || name === "to";
const isFreeText = (name: string) => name === "betDescription";

/** A placeholder's pattern: ids digits, statuses a status code, the free text anything. */
function patternOf(name: string): string {
  if (isStatus(name)) return `(${BET_STATUSES.join("|")})`;
  if (isFreeText(name)) return "([\\s\\S]*)";
  return "(\\d+)";
}

const READERS = LEDGER_DESCRIPTION_KINDS.map((kind) => {
  const template: string = LEDGER_DESCRIPTION_TEMPLATES[kind];
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
  const source = template
    .split(/\{\w+\}/)
    .map(escapeRegExp)
    .reduce((pattern, literal, i) => {
      const name = names[i - 1];
      return name === undefined ? literal : `${pattern}${patternOf(name)}${literal}`;
    }, "");
  return { kind, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * The kind and values of a description the server wrote, or null for any other text (a
 * cashier's own words on a deposit, a row from before a template changed). With `row`, a
 * description naming a bet or an original row that is not the row's own is not taken as
 * the server's (a cashier who typed "Reversal of #3" on a deposit reads it as typed).
 */
export function readLedgerDescription(
  text: string | null | undefined,
  row?: { betId: number | null; reversalOf: number | null },
): LedgerDescription | null {
  if (!text) return null;
  for (const { kind, names, pattern } of READERS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string | number> = {};
    names.forEach((name, i) => {
      const value = match[i + 1] ?? "";
      params[name] = isStatus(name) || isFreeText(name) ? value : Number(value);
    });
    if (row && "betId" in params && params.betId !== row.betId) return null;
    if (row && "originalId" in params && params.originalId !== row.reversalOf) return null;
    return { kind, params } as LedgerDescription;
  }
  return null;
}
