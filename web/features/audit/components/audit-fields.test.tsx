/** An audit entry's field names as labels in the language shown (issue 23 follow-up). */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { act, screen } from "@testing-library/react";
import { getTableColumns, type Table } from "drizzle-orm";
import { bets } from "../../../../src/db/schema/bets";
import { customers, shops } from "../../../../src/db/schema/customers";
import { shiftMovements, shifts } from "../../../../src/db/schema/shifts";
import { alerts } from "../../../../src/db/schema/system";
import { apiTokens } from "../../../../src/db/schema/tokens";
import { transactions } from "../../../../src/db/schema/transactions";
import { users } from "../../../../src/db/schema/users";
import { applyLanguage } from "../../../i18n";
import { en } from "../../../i18n/areas/audit";
import { englishAfterEach, renderWithProviders } from "../../../test/render";
import { auditDiff } from "./audit-diff";
import { AuditDifference } from "./audit-difference";

const BEFORE = { balanceCents: 1250, creditLimitCents: 0, limits: { maxStake: "20.00" } };
const AFTER = { balanceCents: 300, creditLimitCents: 5000, limits: { maxStake: "50.00" } };

describe("audit field labels", () => {
  englishAfterEach();

  test("known fields by their catalogue label; an unknown name made readable", () => {
    expect(auditDiff(BEFORE, AFTER).map((line) => line.field)).toEqual([
      "Balance",
      "Credit limit",
      "Limits / Max stake",
    ]);
    applyLanguage("de");
    expect(auditDiff(BEFORE, AFTER).map((line) => line.field)).toEqual([
      "Kontostand",
      "Kreditlimit",
      "Limits / Max stake",
    ]);
  });

  test("the before/after table shows them, and follows a language change", () => {
    renderWithProviders(<AuditDifference before={BEFORE} after={AFTER} />, "admin");
    expect(screen.getByRole("rowheader", { name: /Credit limit/ })).toBeTruthy();
    act(() => applyLanguage("de"));
    expect(screen.getByRole("rowheader", { name: /Kreditlimit/ })).toBeTruthy();
    expect(screen.getByRole("rowheader", { name: /Kontostand/ })).toBeTruthy();
    expect(screen.queryByRole("rowheader", { name: /Credit limit/ })).toBeNull();
  });
});

describe("every recorded field has a label", () => {
  englishAfterEach();

  test("a dismissed alert's row reads German", () => {
    const before = {
      id: 4,
      title: "Large bet",
      dismissedAt: null,
      dismissedBy: null,
      dismissNote: null,
    };
    const after = {
      ...before,
      dismissedAt: 1_767_000_000_000,
      dismissedBy: 2,
      dismissNote: "Checked with the shop",
    };
    expect(auditDiff(before, after).map((line) => line.field)).toEqual([
      "Dismissed at",
      "Dismissed by",
      "Dismiss note",
    ]);
    applyLanguage("de");
    expect(auditDiff(before, after).map((line) => line.field)).toEqual([
      "Erledigt am",
      "Erledigt von",
      "Notiz zum Erledigen",
    ]);
  });

  test("delete-all's counts name each table in the language shown, one line each", () => {
    const after = { deletedRows: { bets: 12, shift_movements: 3 }, keptUserId: 1 };
    expect(auditDiff(null, after).map((line) => [line.field, line.after])).toEqual([
      ["Deleted rows / Bets", "12"],
      ["Deleted rows / Till movements", "3"],
      ["Kept user id", "#1"],
    ]);
    expect(auditDiff(null, after, { 1: "boss" }).at(-1)?.after).toBe("boss (#1)");
    applyLanguage("de");
    expect(auditDiff(null, after).map((line) => line.field)).toEqual([
      "Gelöschte Zeilen / Wetten",
      "Gelöschte Zeilen / Kassenbewegungen",
      "Behaltener Benutzer (ID)",
    ]);
  });

  /**
   * The rows an audit entry records whole (before and after a change). What else the server
   * writes is checked where it writes it: src/lib/audit.security.test.ts lists every name
   * its recipes' rows record. The secrets' hashes are never recorded.
   */
  const AUDITED: Record<string, Table> = {
    customers,
    shops,
    bets,
    transactions,
    users,
    alerts,
    apiTokens,
    shifts,
    shiftMovements,
  };
  const NEVER_RECORDED = new Set(["passwordHash", "secretHash"]);

  test("each column of a row the audit records", () => {
    const missing = Object.entries(AUDITED).flatMap(([table, columns]) =>
      Object.keys(getTableColumns(columns))
        .filter((key) => !NEVER_RECORDED.has(key) && !Object.hasOwn(en.fields, key))
        .map((key) => `${table}.${key}`),
    );
    expect(missing).toEqual([]);
  });

  test("each param of an alert (under Params in a dismissed alert's row)", async () => {
    // Read out of the source, as web/lib/validation.test.tsx reads the schemas' messages.
    const source = await Bun.file(
      join(import.meta.dir, "../../../../src/domain/alert-codes.ts"),
    ).text();
    const start = source.indexOf("export interface AlertParams");
    const body = source
      .slice(start, source.indexOf("\n}\n", start))
      .replace(/\/\*[\s\S]*?\*\//g, "");
    const keys = [...body.matchAll(/(\w+)\??:/g)]
      .map((m) => m[1] as string)
      .filter((key) => !/^[A-Z_]+$/.test(key));
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((key) => !Object.hasOwn(en.fields, key))).toEqual([]);
  });
});
