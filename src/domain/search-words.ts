/**
 * A search finds a status or a type by its code ("won", "deposit") and, since decision 085,
 * by the word the screens show it by in German ("gewonnen", "einzahlung"): a German cashier
 * types what the list shows. These ARE the web's German labels: web/i18n/areas/ui.de.ts,
 * transactions.de.ts and audit.de.ts take them from here, so a screen and a search cannot
 * drift apart. English shows the codes' own words.
 */
import type { AuditEntityType } from "./audit-actions";
import type { BetStatus, TransactionStatus, TransactionType } from "./enums";

const GERMAN: {
  bet: Record<BetStatus, string>;
  transactionStatus: Record<TransactionStatus, string>;
  transactionType: Record<TransactionType, string>;
  auditEntity: Record<AuditEntityType, string>;
} = {
  bet: {
    PENDING: "Offen",
    WON: "Gewonnen",
    PLACED: "Platziert",
    LOST: "Verloren",
    VOID: "Storno",
  },
  transactionStatus: { COMPLETED: "Gebucht", PENDING: "Offen", FAILED: "Fehlgeschlagen" },
  transactionType: {
    DEPOSIT: "Einzahlung",
    WITHDRAWAL: "Auszahlung",
    TRANSFER: "Umbuchung",
    BETTING: "Einsatz",
    PAYOUT: "Gewinn",
    REFUND: "Erstattung",
  },
  auditEntity: {
    CUSTOMER: "Kunde",
    SHOP: "Filiale",
    BET: "Wette",
    TRANSACTION: "Buchung",
    USER: "Benutzer",
    SHIFT: "Schicht",
    ALERT: "Warnung",
    SYSTEM: "System",
    API_TOKEN: "API-Token",
  },
};

export const SEARCH_WORDS_DE = GERMAN;

/**
 * The codes whose code (also with spaces for its underscores, as the English screen writes
 * it: "API token" finds API_TOKEN) or German word holds `q` (`prefix`: starts with it, as a
 * one- or two-character search reads), case-insensitively: "plat" finds PLACED, "gewinn"
 * PAYOUT.
 */
export function codesMatching<C extends string>(
  codes: readonly C[],
  words: Record<C, string>,
  q: string,
  how: "contains" | "prefix" = "contains",
): C[] {
  const lower = q.toLocaleLowerCase("de");
  const hit = (text: string) =>
    how === "prefix"
      ? text.toLocaleLowerCase("de").startsWith(lower)
      : text.toLocaleLowerCase("de").includes(lower);
  return codes.filter((code) => hit(code) || hit(code.replaceAll("_", " ")) || hit(words[code]));
}
