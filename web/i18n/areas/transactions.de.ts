/** The German "transactions" part of the catalogue (decision 065): loaded only when German is shown. */
import { SEARCH_WORDS_DE } from "../../../src/domain/search-words";
import type { Shape } from "../shape";
import type { en } from "./transactions";

export const de: Shape<typeof en> = {
  title: "Buchungen",
  id: "Buchungs-Nr.",
  type: "Art",
  typeOption: SEARCH_WORDS_DE.transactionType,
  amount: "Betrag",
  description: "Beschreibung",
  from: "Von",
  to: "An",
  status: "Status",
  bet: "Wette",
  processedBy: "Bearbeitet von",
  created: "Erstellt",
  actions: "Aktionen",
  transaction: "Buchung {{id}}",
  toWord: "an",
  reason: "Grund: {{reason}}",
  withReason: "{{description}} (Grund: {{reason}})",
  system: "System",
  loading: "Buchungen werden geladen...",
  empty: "Keine Buchungen gefunden",
  recent: "Letzte Buchungen",
  descriptions: {
    REVERSAL: "Storno von #{{originalId}}",
    CORRECTION:
      "Korrektur von #{{originalId}}: Wette #{{betId}} neu abgerechnet von {{from}} auf {{to}}",
    CORRECTION_TERMS:
      "Korrektur von #{{originalId}}: Wette #{{betId}} neu abgerechnet, {{from}} mit neuen Bedingungen",
    PAYOUT: "Gewinn für Wette #{{betId}}",
    PAYOUT_RESETTLED: "Gewinn für Wette #{{betId}} (neu abgerechnet, vorher {{from}})",
    PAYOUT_TERMS: "Gewinn für Wette #{{betId}} ({{from}} mit neuen Bedingungen)",
    REFUND: "Erstattung für stornierte Wette #{{betId}}",
    REFUND_RESETTLED:
      "Erstattung für stornierte Wette #{{betId}} (neu abgerechnet, vorher {{from}})",
    STAKE: "Einsatz für Wette #{{betId}}: {{betDescription}}",
    SLIP_PAID: "Wettschein von Wette #{{betId}} ausgezahlt",
    SLIP_STAKE_RETURNED: "Einsatz auf den Wettschein von Wette #{{betId}} zurückgezahlt",
  },
  noDescription: "Keine Beschreibung",
  fromTo: "Von <from/> an <to/>",
  processedByUser: "Bearbeitet von <user/>",
  noTillEffect: "(ohne Kassenwirkung)",
  reversalOf: "Storno von #{{id}}",
  correctionOf: "Korrektur von #{{id}}",
  reversed: "Storniert",
  archivedTitle: "Archiviert: ein Storno hat diese Zeile aufgehoben",
  cash: "Bar",
  reverse: "Stornieren",
  reverseLabel: "Buchung {{id}} stornieren",
  reverseTitle: "Buchung #{{id}} stornieren",
  reverseIntro:
    "Das Original bleibt archiviert im Journal, und seine genaue Gegenbuchung wird geschrieben. Geben Sie den Grund an: Er wird mit dem Storno gespeichert und überall angezeigt.",
  reverseReason: "Grund für das Storno *",
  preview: "Vorschau",
  previewing: "Die Wirkung des Stornos wird berechnet...",
  reverseWrites:
    "Das Original bleibt archiviert im Journal, und seine genaue Gegenbuchung wird geschrieben:",
  back: "Zurück",
  confirmReversal: "Storno bestätigen",
  reversing: "Wird storniert...",
  reversedDone: "Buchung erfolgreich storniert",
  noPreview: "Der Server hat keine Vorschau geliefert",
  withdrawalCheck: {
    noBalanceTitle: "Auszahlung nicht möglich",
    noBalance: "Der Kunde hat kein positives Guthaben für eine Auszahlung.",
    noBalanceInline: "Dieser Kunde hat kein positives Guthaben für eine Auszahlung.",
    exceedsTitle: "Guthaben reicht nicht",
    exceeds:
      "Der Kunde hat {{balance}} verfügbar. Die Auszahlung von {{amount}} übersteigt diesen Betrag.",
    exceedsInline: "Der Auszahlungsbetrag übersteigt das verfügbare Guthaben des Kunden.",
  },
};
