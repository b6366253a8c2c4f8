/**
 * Searching in the words the screens show (decision 085): a German cashier types "gewonnen"
 * or "einzahlung", the word the Bets and Transactions lists show, and finds the bets and rows
 * of that status or type, as "won" and "deposit" always did. Through the HTTP API on a real
 * database; the server's words are the web's German labels.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AUDIT_ENTITY_TYPES } from "../src/domain/audit-actions";
import type { BetDto, TransactionDto } from "../src/domain/dto";
import { BET_STATUSES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from "../src/domain/enums";
import { codesMatching, SEARCH_WORDS_DE } from "../src/domain/search-words";
import { de as auditDe } from "../web/i18n/areas/audit.de";
import { de } from "../web/i18n/areas/ui.de";
import { createTestApp, seedBasics, type TestApp } from "./helpers/test-app";

describe("the words", () => {
  test("are the web's German labels, every code (the catalogue takes them from here)", () => {
    for (const code of BET_STATUSES) expect(SEARCH_WORDS_DE.bet[code]).toBe(de.betStatus[code]);
    for (const code of TRANSACTION_TYPES) {
      expect(SEARCH_WORDS_DE.transactionType[code]).toBe(de.transactionType[code]);
    }
    for (const code of TRANSACTION_STATUSES) {
      expect(SEARCH_WORDS_DE.transactionStatus[code]).toBe(de.transactionStatus[code]);
    }
    for (const code of AUDIT_ENTITY_TYPES) {
      expect(SEARCH_WORDS_DE.auditEntity[code]).toBe(auditDe.entities[code]);
    }
  });

  test("a code is found by its code or its word, anywhere in it, or at its start", () => {
    const bet = SEARCH_WORDS_DE.bet;
    expect(codesMatching(BET_STATUSES, bet, "won")).toEqual(["WON"]);
    expect(codesMatching(BET_STATUSES, bet, "GEWONN")).toEqual(["WON"]);
    expect(codesMatching(BET_STATUSES, bet, "ziert")).toEqual(["PLACED"]);
    expect(codesMatching(BET_STATUSES, bet, "ziert", "prefix")).toEqual([]);
    expect(codesMatching(BET_STATUSES, bet, "st", "prefix")).toEqual(["VOID"]);
    expect(codesMatching(TRANSACTION_TYPES, SEARCH_WORDS_DE.transactionType, "ein")).toEqual([
      "DEPOSIT",
      "BETTING",
    ]);
    expect(codesMatching(BET_STATUSES, bet, "zzz")).toEqual([]);
  });
});

describe("searching the lists in German", () => {
  let t: TestApp;
  let won = 0;
  let lost = 0;
  let deposit = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const ids = await seedBasics(t, { creditLimit: "0" });
    deposit = (
      await t.json<TransactionDto>("POST", "/api/deposits", { body: { ...ids, amount: "50" } })
    ).id;
    const place = (description: string, outcome: string) =>
      t.json<BetDto>("POST", "/api/bets", {
        body: { ...ids, description, stakeAmount: "2", odds: "3/1", outcome },
        expect: 201,
      });
    won = (await place("Arkle", "WON")).id;
    lost = (await place("Champion Hurdle", "LOST")).id;
  });
  afterAll(() => t.close());

  const betIds = async (q: string) =>
    (await t.json<BetDto[]>("GET", `/api/bets?q=${encodeURIComponent(q)}`)).map((b) => b.id);
  const rowTypes = async (q: string) =>
    (await t.json<TransactionDto[]>("GET", `/api/transactions?q=${encodeURIComponent(q)}`)).map(
      (r) => r.type,
    );

  test("bets: 'gewonnen' finds the won bet, 'verl' the lost one, 'Ve' (two letters) too", async () => {
    expect(await betIds("gewonnen")).toEqual([won]);
    expect(await betIds("won")).toEqual([won]);
    expect(await betIds("verl")).toEqual([lost]);
    expect(await betIds("Ve")).toEqual([lost]);
  });

  test("audit trail: 'wette' finds the bets' rows, as 'bet' does", async () => {
    const entries = async (q: string) =>
      await t.json<{ entityType: string; action: string }[]>(
        "GET",
        `/api/admin/audit?q=${encodeURIComponent(q)}&limit=100`,
      );
    const german = await entries("wette");
    expect(german.length).toBeGreaterThanOrEqual(2);
    expect(new Set(german.map((e) => e.entityType))).toEqual(new Set(["BET"]));
    expect(german.length).toBe((await entries("bet")).filter((e) => e.entityType === "BET").length);
  });

  test("transactions: 'einzahlung' finds the deposit, 'gewinn' the payout, 'Ge' (two letters) the booked rows", async () => {
    const deposits = await t.json<TransactionDto[]>("GET", "/api/transactions?q=einzahlung");
    expect(deposits.map((r) => r.id)).toEqual([deposit]);
    expect(await rowTypes("gewinn")).toEqual(["PAYOUT"]);
    expect(await rowTypes("payout")).toEqual(["PAYOUT"]);
    // "Gebucht" (COMPLETED) and "Gewinn" (PAYOUT) start with "Ge": every row here is booked.
    const booked: TransactionDto["type"][] = ["BETTING", "BETTING", "DEPOSIT", "PAYOUT"];
    expect((await rowTypes("Ge")).sort()).toEqual(booked.sort());
  });
});
