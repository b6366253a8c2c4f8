/**
 * An alert's English is written twice (decision 066): by the server (src/lib/alerts.ts
 * ALERT_TEXTS, stored as the title and description the API answers) and by the web from the
 * alert's code and params (web/i18n/areas/alerts.ts, web/features/alerts/alert-text.ts), so
 * that the web can write it in the reader's language. This holds the two to the same words
 * for every code, on representative params (amounts over a thousand and below zero, a cash
 * bet, the console, one and many, truncated), and every code to a German text.
 *
 * A new code fails here (or in tsc) until it has English on both sides, params below and
 * German: ALERT_TEXTS and FIXTURES are typed over every code of src/domain/alert-codes.ts,
 * the catalogue's `kinds` must have a title and a description for each (`satisfies`), and
 * the German catalogue the same keys (web/i18n/catalogue.test.ts).
 */
import { describe, expect, test } from "bun:test";
import type { AlertCode, AlertParams } from "../src/domain/alert-codes";
import type { AlertDto } from "../src/domain/dto";
import { ALERT_TEXTS } from "../src/lib/alerts";
import { alertText } from "../web/features/alerts/alert-text";
import { i18n } from "../web/i18n";
import { en } from "../web/i18n/areas/alerts";
import { de } from "../web/i18n/de";

i18n.addResourceBundle("de", "translation", de, true, true);

const FIXTURES: { [C in AlertCode]: AlertParams[C][] } = {
  CREDIT_LIMIT_EXCEEDED: [
    { customerId: 7, customer: "Ann Byrne", balanceCents: -150_050, creditLimitCents: 100_000 },
    { customerId: 8, customer: "Bo Li", balanceCents: -5, creditLimitCents: 0 },
  ],
  SHOP_BALANCE_NEGATIVE: [
    { shopId: 2, shop: "Main Street", balanceCents: -2_345 },
    { shopId: 3, shop: "Quay", balanceCents: -123_456_789 },
  ],
  LARGE_BET: [
    { betId: 41, customer: "Ann Byrne", stakeCents: 100_000, potentialPayoutCents: 250_000 },
    { betId: 42, customer: null, stakeCents: 5_000, potentialPayoutCents: 1_000_000 },
  ],
  BALANCE_DRIFT: [
    {
      entityType: "CUSTOMER",
      entityId: 5,
      name: "Ann Byrne",
      storedCents: 12_345,
      ledgerCents: 10_000,
      driftCents: -2_345,
    },
    {
      entityType: "SHOP",
      entityId: 1,
      name: "Main Street",
      storedCents: 0,
      ledgerCents: 700_000,
      driftCents: 700_000,
    },
  ],
  SIGN_IN_FAILURES: [
    { count: 10, username: '"admin"' },
    { count: 25, username: '"x\\"y…"' },
  ],
  TILL_DISCREPANCY: [
    {
      shiftId: 3,
      cashier: "user1",
      shop: "Main Street",
      discrepancyCents: -8_000,
      countedCents: 2_000,
      expectedCents: 10_000,
    },
    {
      shiftId: 4,
      cashier: "user #9",
      shop: "Quay",
      discrepancyCents: 510,
      countedCents: 252_510,
      expectedCents: 252_000,
    },
  ],
  USER_CREATED: [
    { actor: "admin1", userId: 4, username: "cashier2", role: "user" },
    { actor: null, userId: 1, username: "admin", role: "admin" },
  ],
  USER_ROLE_CHANGED: [
    { actor: "admin1", userId: 4, username: "cashier2", from: "user", to: "admin" },
    { actor: null, userId: 5, username: "ann", from: "customer", to: "user" },
  ],
  USER_DISABLED: [{ actor: "admin1", userId: 4, username: "cashier2" }],
  USER_ENABLED: [{ actor: "admin1", userId: 4, username: "cashier2" }],
  REPLICATION_RESTARTING: [
    { replica: "s3://bucket/db", reason: "Litestream exited with code 1", restartInSeconds: 1.5 },
    {
      replica: "file:///backup",
      reason: "Litestream could not start: ENOENT",
      restartInSeconds: 60,
    },
  ],
  REPLICATION_LAGGING: [
    {
      replica: "s3://bucket/db",
      detail: "the replica is 93 s behind (REPLICA_MAX_LAG_SECONDS is 60)",
    },
  ],
  INTEGRITY_CHECK_FAILED: [
    { check: "full", detail: "row 3 missing from index customers_last_name_idx" },
    { check: "quick", detail: "database disk image is malformed" },
  ],
  BOOKS_UNBALANCED: [
    { count: 1, truncated: false, first: "Customer #3: balance 10.00, ledger 12.00" },
    { count: 250, truncated: true, first: "Shop #1: balance 0.00, ledger 70.00" },
  ],
  BACKUP_FAILED: [{ file: "scheduled-2026-11-27.db", detail: "could not write the copy: ENOSPC" }],
};

const codes = Object.keys(ALERT_TEXTS) as AlertCode[];
const cases = codes.flatMap((code) =>
  (FIXTURES[code] as Record<string, string | number | boolean | null>[]).map((params) => ({
    code,
    params,
  })),
);
const english = i18n.getFixedT("en");
const german = i18n.getFixedT("de");
const serverEnglish = (code: AlertCode, params: unknown) =>
  (ALERT_TEXTS[code] as (params: unknown) => { title: string; description: string })(params);
/** Params that are codes or may be null: the German text has their word, not the value. */
const TRANSLATED = ["entityType", "role", "from", "to", "check", "actor", "customer"];
const stored = { title: "stored title", description: "stored description" };

describe("an alert's text", () => {
  test("the web's catalogue has a kind for every code the server raises, and no other", () => {
    expect(Object.keys(en.kinds).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(FIXTURES[code].length).toBeGreaterThan(0);
  });

  test.each(cases)(
    "$code in English is the server's English, word for word",
    ({ code, params }) => {
      const web = alertText({ ...stored, code, params }, english, "en-IE");
      expect(web).toEqual(serverEnglish(code, params));
    },
  );

  test.each(cases)("$code in German is German, every value in its place", ({ code, params }) => {
    const web = alertText({ ...stored, code, params }, german, "de-DE");
    const server = serverEnglish(code, params);
    expect(web.title).not.toBe(server.title);
    // A lagging replica's description is the replica and the tracker's English, no word of ours.
    if (code !== "REPLICATION_LAGGING") expect(web.description).not.toBe(server.description);
    expect(`${web.title} ${web.description}`).not.toMatch(/\{\{|\}\}|alerts\.|undefined|NaN/);
    // Names and free texts as they are; codes (a role, a check, an entity type) are words.
    for (const [key, value] of Object.entries(params)) {
      if (typeof value === "string" && !TRANSLATED.includes(key)) {
        expect(web.description).toContain(value);
      }
    }
  });

  test("amounts and numbers are written in the reader's locale, the sign kept", () => {
    const [drift] = FIXTURES.BALANCE_DRIFT;
    if (!drift) throw new Error("no drift fixture");
    const text = alertText({ ...stored, code: "BALANCE_DRIFT", params: drift }, german, "de-DE");
    expect(text.description).toBe(
      "Kunde Ann Byrne (#5) hatte einen gespeicherten Kontostand von 123,45\u00a0€, laut Buchungen aber 100,00\u00a0€ (Abweichung -23,45\u00a0€). Der Kontostand wurde auf die Buchungen zurückgesetzt.",
    );
    const books = FIXTURES.BOOKS_UNBALANCED;
    expect(
      books.map(
        (params) =>
          alertText({ ...stored, code: "BOOKS_UNBALANCED", params }, german, "de-DE").description,
      ),
    ).toEqual([
      "Die Prüfung der Bücher fand 1 Abweichung, die erste: Customer #3: balance 10.00, ledger 12.00. Siehe die Anzeige der Bücher auf der Admin-Seite.",
      "Die Prüfung der Bücher fand 250+ Abweichungen, die erste: Shop #1: balance 0.00, ledger 70.00. Siehe die Anzeige der Bücher auf der Admin-Seite.",
    ]);
    const [restarting] = FIXTURES.REPLICATION_RESTARTING;
    if (!restarting) throw new Error("no restart fixture");
    const restart = alertText(
      { ...stored, code: "REPLICATION_RESTARTING", params: restarting },
      german,
      "de-DE",
    );
    expect(restart.description).toEndWith("Neustart in 1,5 s.");
  });

  test("an unknown code, params missing or not fitting the code, or no code: the stored text", () => {
    const alerts: Pick<AlertDto, "code" | "params">[] = [
      { code: "NEWER_KIND", params: { betId: 1 } },
      { code: "LARGE_BET", params: null },
      { code: "LARGE_BET", params: { betId: 1 } },
      { code: "TILL_DISCREPANCY", params: { shiftId: 1, cashier: "u", shop: "s" } },
      { code: null, params: null },
    ];
    for (const alert of alerts) {
      expect(alertText({ ...stored, ...alert }, german, "de-DE")).toEqual(stored);
    }
  });
});
