/**
 * The descriptions the server writes on its own ledger rows are one list of templates
 * (src/domain/ledger-descriptions.ts, decision 081): the server builds the stored English
 * from it and the web reads a stored description back by it and writes it in the reader's
 * language (web/i18n/ledger-descriptions.ts). This holds, for every template: the English
 * the server stores word for word (written out here by hand), the web reading it back, the
 * web's English equal to the stored, and a German text with each value in its place; and,
 * through the HTTP API, that the rows real requests write are all read, while the API and
 * the CSV still carry the stored English.
 *
 * A new template fails here (or in tsc) until it has a fixture, English and German: FIXTURES
 * is typed over every kind, the catalogue's `descriptions` must have each (`satisfies`), and
 * the German catalogue the same keys. A service that writes a description by hand, outside
 * the list, fails the scan below.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BetDto, TransactionDto } from "../src/domain/dto";
import {
  LEDGER_DESCRIPTION_KINDS,
  type LedgerDescriptionKind,
  type LedgerDescriptionParams,
  ledgerDescription,
  readLedgerDescription,
} from "../src/domain/ledger-descriptions";
import { i18n } from "../web/i18n";
import { en } from "../web/i18n/areas/transactions";
import { de } from "../web/i18n/de";
import { ledgerDescriptionText } from "../web/i18n/ledger-descriptions";
import { csvObjects } from "./helpers/csv";
import { createTestApp, seedTwoShops, type TestApp, type TwoShops } from "./helpers/test-app";

i18n.addResourceBundle("de", "translation", de, true, true);
const inEnglish = i18n.getFixedT("en");
const inGerman = i18n.getFixedT("de");

interface Fixture<K extends LedgerDescriptionKind> {
  params: LedgerDescriptionParams[K];
  /** The row it is written on: its bet and the row it corrects. */
  row: { betId: number | null; reversalOf: number | null };
  english: string;
  german: string;
}

const FIXTURES: { [K in LedgerDescriptionKind]: Fixture<K> } = {
  REVERSAL: {
    params: { originalId: 12 },
    row: { betId: null, reversalOf: 12 },
    english: "Reversal of #12",
    german: "Storno von #12",
  },
  CORRECTION: {
    params: { originalId: 5, betId: 7, from: "WON", to: "LOST" },
    row: { betId: 7, reversalOf: 5 },
    english: "Correction of #5: bet #7 re-settled WON to LOST",
    german: "Korrektur von #5: Wette #7 neu abgerechnet von Gewonnen auf Verloren",
  },
  CORRECTION_TERMS: {
    params: { originalId: 5, betId: 7, from: "WON" },
    row: { betId: 7, reversalOf: 5 },
    english: "Correction of #5: bet #7 re-settled WON on new terms",
    german: "Korrektur von #5: Wette #7 neu abgerechnet, Gewonnen mit neuen Bedingungen",
  },
  PAYOUT_TERMS: {
    params: { betId: 8, from: "WON" },
    row: { betId: 8, reversalOf: null },
    english: "Payout for bet #8 (WON on new terms)",
    german: "Gewinn für Wette #8 (Gewonnen mit neuen Bedingungen)",
  },
  PAYOUT: {
    params: { betId: 1234 },
    row: { betId: 1234, reversalOf: null },
    english: "Payout for bet #1234",
    german: "Gewinn für Wette #1234",
  },
  PAYOUT_RESETTLED: {
    params: { betId: 8, from: "VOID" },
    row: { betId: 8, reversalOf: null },
    english: "Payout for bet #8 (re-settled from VOID)",
    german: "Gewinn für Wette #8 (neu abgerechnet, vorher Storno)",
  },
  REFUND: {
    params: { betId: 9 },
    row: { betId: 9, reversalOf: null },
    english: "Refund for void bet #9",
    german: "Erstattung für stornierte Wette #9",
  },
  REFUND_RESETTLED: {
    params: { betId: 9, from: "PLACED" },
    row: { betId: 9, reversalOf: null },
    english: "Refund for void bet #9 (re-settled from PLACED)",
    german: "Erstattung für stornierte Wette #9 (neu abgerechnet, vorher Platziert)",
  },
  STAKE: {
    // The bet's own text, kept as written: markup, braces, a colon and a template's words.
    params: { betId: 3, betDescription: "Tom & Jerry: {{x}} <b>2:30</b> (re-settled from WON)" },
    row: { betId: 3, reversalOf: null },
    english: "Stake for bet #3: Tom & Jerry: {{x}} <b>2:30</b> (re-settled from WON)",
    german: "Einsatz für Wette #3: Tom & Jerry: {{x}} <b>2:30</b> (re-settled from WON)",
  },
  SLIP_PAID: {
    params: { betId: 41 },
    row: { betId: 41, reversalOf: null },
    english: "Paid on the slip of bet #41",
    german: "Wettschein von Wette #41 ausgezahlt",
  },
  SLIP_STAKE_RETURNED: {
    params: { betId: 42 },
    row: { betId: 42, reversalOf: null },
    english: "Stake returned on the slip of bet #42",
    german: "Einsatz auf den Wettschein von Wette #42 zurückgezahlt",
  },
};

const fixtures = () =>
  LEDGER_DESCRIPTION_KINDS.map((kind) => [kind, FIXTURES[kind] as Fixture<typeof kind>] as const);

describe("the server's ledger descriptions, read by the web", () => {
  test("every template has a fixture and an English and a German template, and no more", () => {
    const kinds = [...LEDGER_DESCRIPTION_KINDS].sort();
    expect(Object.keys(FIXTURES).sort()).toEqual(kinds);
    expect(Object.keys(en.descriptions).sort()).toEqual(kinds);
    expect(Object.keys(de.transactions.descriptions).sort()).toEqual(kinds);
  });

  test.each(fixtures())("%s: the server stores the English as it always has", (kind, f) => {
    expect(ledgerDescription(kind, f.params)).toBe(f.english);
  });

  test.each(fixtures())("%s: the web reads the kind and values back", (kind, f) => {
    expect(readLedgerDescription(ledgerDescription(kind, f.params), f.row)).toEqual({
      kind,
      params: f.params,
    } as never);
  });

  test.each(fixtures())("%s: the web's English is the stored English word for word", (kind, f) => {
    const stored = ledgerDescription(kind, f.params);
    expect(ledgerDescriptionText({ description: stored, ...f.row }, inEnglish)).toBe(stored);
  });

  test.each(fixtures())("%s: German, with each value in its place", (kind, f) => {
    const stored = ledgerDescription(kind, f.params);
    const german = ledgerDescriptionText({ description: stored, ...f.row }, inGerman);
    expect(german).not.toBe(stored);
    expect(german).not.toContain("{{originalId}}");
    expect(german).not.toContain("{{betId}}");
    expect(german).toBe(f.german);
  });

  test("a stake's free text cut at 500 characters is still read, the cut text kept", () => {
    const long = "x".repeat(600);
    const stored = ledgerDescription("STAKE", { betId: 77, betDescription: long });
    expect(stored).toHaveLength(500);
    const german = ledgerDescriptionText(
      { description: stored, betId: 77, reversalOf: null },
      inGerman,
    );
    expect(german).toBe(`Einsatz für Wette #77: ${"x".repeat(500 - "Stake for bet #77: ".length)}`);
  });

  test("a description the server did not write shows as stored, in any language", () => {
    const asStored = [
      // A cashier's own words on a deposit.
      { description: "Float from the safe", betId: null, reversalOf: null },
      // A template's words typed on a row they do not describe.
      { description: "Reversal of #3", betId: null, reversalOf: null },
      { description: "Payout for bet #9", betId: 8, reversalOf: null },
      { description: "Correction of #5: bet #7 re-settled WON to LOST", betId: 7, reversalOf: 6 },
      // Near a template, not one.
      { description: "Payout for bet #9 ", betId: 9, reversalOf: null },
      { description: "Correction of #5: bet #7 re-settled WON to MAYBE", betId: 7, reversalOf: 5 },
      { description: "", betId: null, reversalOf: null },
    ];
    for (const row of asStored) {
      expect(ledgerDescriptionText(row, inGerman)).toBe(row.description);
      expect(ledgerDescriptionText(row, inEnglish)).toBe(row.description);
    }
    expect(ledgerDescriptionText({ description: null, betId: null, reversalOf: null })).toBe("");
  });

  test("no service writes a ledger description by hand, outside the shared templates", () => {
    const root = join(import.meta.dir, "..", "src");
    const offenders: string[] = [];
    for (const path of new Bun.Glob("**/*.ts").scanSync(root)) {
      if (path.endsWith(".test.ts")) continue;
      const source = readFileSync(join(root, path), "utf8");
      // The files that write ledger rows: through postLedgerEntry or a correction's log.
      if (!/postLedgerEntry\(|\bLedgerEntry\b|CorrectionLog\b/.test(source)) continue;
      source.split("\n").forEach((line, i) => {
        if (/\bdescription:\s*\(?\s*[`'"]/.test(line))
          offenders.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});

describe("rows written through the HTTP API", () => {
  let t: TestApp;
  let ids: TwoShops;
  let rows: TransactionDto[];
  const bet = (body: Record<string, unknown>, as: "admin" | "user" = "admin") =>
    t.json<BetDto>("POST", "/api/bets", {
      as,
      body: { shopId: ids.shopId, odds: "2.50", ...body },
    });
  const settle = (id: number, status: string) =>
    t.json("PATCH", `/api/bets/${id}/resolve`, {
      body: { status, voidReason: status === "VOID" ? "Abandoned" : undefined },
    });
  const resettle = (id: number, status: string, terms: Record<string, unknown> = {}) =>
    t.json("POST", `/api/admin/bets/${id}/resettle`, {
      expect: 200,
      body: {
        status,
        reason: "Wrong result entered",
        voidReason: status === "VOID" ? "Abandoned" : undefined,
        ...terms,
      },
    });
  const ids_ = { won: 0, voided: 0, reterm: 0, cashWon: 0, cashVoid: 0, small: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    ids = await seedTwoShops(t);
    const customer = { customerId: ids.customerId, shopId: ids.shopId };
    await t.json("POST", "/api/deposits", {
      body: { ...customer, amount: "100.00", description: "Float from the safe" },
    });
    const small = await t.json<TransactionDto>("POST", "/api/deposits", {
      body: { ...customer, amount: "5.00" },
    });
    ids_.small = small.id;
    await t.json("POST", "/api/admin/reverse-transaction", {
      body: { transactionId: small.id, reason: "Typed twice" },
    });
    const won = await bet({
      customerId: ids.customerId,
      description: "Derby & Oaks",
      stakeAmount: "10",
    });
    await settle(won.id, "WON");
    await resettle(won.id, "VOID");
    const voided = await bet({
      customerId: ids.customerId,
      description: "Arkle",
      stakeAmount: "4",
    });
    await settle(voided.id, "VOID");
    await resettle(voided.id, "WON");
    // A Rule 4 declared after the winner was paid: Won again, on new terms (decision 084).
    const reterm = await bet({
      customerId: ids.customerId,
      description: "Champion Chase",
      stakeAmount: "2",
    });
    await settle(reterm.id, "WON");
    await resettle(reterm.id, "WON", { rule4Deduction: 25 });
    ids_.won = won.id;
    ids_.voided = voided.id;
    ids_.reterm = reterm.id;
    // Cash bets at the cashier's till, their slips paid there (decision 051).
    await t.json("POST", "/api/shifts", {
      as: "user",
      body: { shopId: ids.shopId, openingFloat: "100.00" },
    });
    const cash = { payment: "cash", stakeAmount: "8.00" };
    const cashWon = await bet({ ...cash, description: "Red Rum 3:15" }, "user");
    const cashVoid = await bet({ ...cash, description: "Shergar 4:00" }, "user");
    await settle(cashWon.id, "WON");
    await settle(cashVoid.id, "VOID");
    for (const b of [cashWon, cashVoid]) {
      const slip = await t.json<{ code: string }>("GET", `/api/bets/${b.id}/slip`);
      await t.json("POST", `/api/slips/${slip.code}/pay`, { as: "user", body: {}, expect: 200 });
    }
    ids_.cashWon = cashWon.id;
    ids_.cashVoid = cashVoid.id;
    rows = await t.json<TransactionDto[]>("GET", "/api/transactions?limit=100");
  });
  afterAll(() => t.close());

  test("the API answers each row's English as the server always wrote it", () => {
    const { won, voided, reterm, cashWon, cashVoid, small } = ids_;
    const payoutOf = (betId: number, type: string) =>
      rows.find((r) => r.betId === betId && r.type === type && r.reversalOf === null);
    const wonPayout = payoutOf(won, "PAYOUT");
    const voidedRefund = payoutOf(voided, "REFUND");
    // Its first payout (the one corrected), not the one on the new terms.
    const retermPayout = rows
      .filter((r) => r.betId === reterm && r.type === "PAYOUT" && r.reversalOf === null)
      .sort((a, b) => a.id - b.id)[0];
    // Written out by hand: the record's words, not the builder's.
    expect(rows.map((r) => r.description).sort()).toEqual(
      [
        "Float from the safe",
        null,
        `Reversal of #${small}`,
        `Stake for bet #${won}: Derby & Oaks`,
        `Payout for bet #${won}`,
        `Correction of #${wonPayout?.id}: bet #${won} re-settled WON to VOID`,
        `Refund for void bet #${won} (re-settled from WON)`,
        `Stake for bet #${voided}: Arkle`,
        `Refund for void bet #${voided}`,
        `Correction of #${voidedRefund?.id}: bet #${voided} re-settled VOID to WON`,
        `Payout for bet #${voided} (re-settled from VOID)`,
        `Stake for bet #${reterm}: Champion Chase`,
        `Payout for bet #${reterm}`,
        `Correction of #${retermPayout?.id}: bet #${reterm} re-settled WON on new terms`,
        `Payout for bet #${reterm} (WON on new terms)`,
        `Stake for bet #${cashWon}: Red Rum 3:15`,
        `Stake for bet #${cashVoid}: Shergar 4:00`,
        `Paid on the slip of bet #${cashWon}`,
        `Stake returned on the slip of bet #${cashVoid}`,
      ].sort() as string[],
    );
  });

  test("the web reads every row the server described, of every kind, and no cashier's words", () => {
    const read = rows.map((r) => ({ r, d: readLedgerDescription(r.description, r) }));
    const server = read.filter(({ r }) => r.betId !== null || r.reversalOf !== null);
    expect(server.filter(({ d }) => d === null).map(({ r }) => r.description)).toEqual([]);
    expect(new Set(server.map(({ d }) => d?.kind))).toEqual(new Set(LEDGER_DESCRIPTION_KINDS));
    expect(read.find(({ r }) => r.description === "Float from the safe")?.d).toBeNull();
    for (const { r } of server) {
      const german = ledgerDescriptionText(r, inGerman);
      expect(german).not.toBe(r.description);
      expect(ledgerDescriptionText(r, inEnglish)).toBe(r.description ?? "");
    }
  });

  test("the CSV carries the stored English", async () => {
    const res = await t.request("GET", "/api/transactions?format=csv");
    expect(res.status).toBe(200);
    const file = csvObjects((await res.text()).replace(/^\uFEFF/, ""), ",");
    const byId = new Map(rows.map((r) => [String(r.id), r.description ?? ""]));
    expect(file.rows.length).toBe(rows.length);
    for (const line of file.rows) {
      expect(line.description).toBe(byId.get(line.id ?? "") ?? "missing");
    }
    expect(file.rows.map((line) => line.description)).toContain(
      `Paid on the slip of bet #${ids_.cashWon}`,
    );
  });
});
