/**
 * Stored codes in an audit entry's before and after read as the screens show them, in the
 * language shown: a bet's status and payment, a role, an odds format, a language, a
 * transaction's type and status, a shift's status, a till movement's kind; a code its field
 * does not know stays as it is.
 */
import { describe, expect, test } from "bun:test";
import { act, screen } from "@testing-library/react";
import { applyLanguage } from "../../../i18n";
import { englishAfterEach, renderWithProviders } from "../../../test/render";
import { auditDiff } from "./audit-diff";
import { AuditDifference } from "./audit-difference";

/** Each changed line as "Field: before -> after". */
const lines = (before: unknown, after: unknown) =>
  auditDiff(before, after).map((line) => `${line.field}: ${line.before} -> ${line.after}`);

// A re-settled bet (bet.resettle), a role change, a user's preferences, a ledger row.
const BET = [
  { outcome: "WON", status: "WON" },
  { outcome: "LOST", status: "LOST" },
] as const;
const ROLE = [{ role: "user" }, { role: "admin" }] as const;
const PREFERENCES = [
  { oddsFormat: "decimal", language: "en" },
  { oddsFormat: null, language: "de" },
] as const;
const TRANSACTION = [
  { type: "DEPOSIT", status: "PENDING", fromEntityType: "CASH" },
  { type: "WITHDRAWAL", status: "COMPLETED", fromEntityType: "CUSTOMER" },
] as const;
// A shift closed (shift.close), a till movement (shift.movement), a bet placed (bet.place).
const SHIFT = [{ status: "OPEN" }, { status: "CLOSED" }] as const;
const MOVEMENTS = [{ kind: "pickup" }, { kind: "topup" }] as const;
const PAYMENTS = [{ payment: "account" }, { payment: "cash" }] as const;

describe("stored codes in the before and after", () => {
  englishAfterEach();

  test("in English, by the words the screens use", () => {
    expect(lines(...BET)).toEqual(["Outcome: WON -> LOST", "Status: WON -> LOST"]);
    expect(lines(...ROLE)).toEqual(["Role: User -> Admin"]);
    expect(lines(...PREFERENCES)).toEqual([
      "Odds format: Decimal (3.50) -> ",
      "Language: English -> Deutsch",
    ]);
    expect(lines(...TRANSACTION)).toEqual([
      "Type: DEPOSIT -> WITHDRAWAL",
      "Status: PENDING -> COMPLETED",
      "From entity type: CASH -> CUSTOMER",
    ]);
    // The shift list's status codes, the till's and the bet dialog's words.
    expect(lines(...SHIFT)).toEqual(["Status: OPEN -> CLOSED"]);
    expect(lines(...MOVEMENTS)).toEqual(["Kind: Pick-up -> Top-up"]);
    expect(lines(...PAYMENTS)).toEqual(["Payment: Account -> Cash"]);
  });

  test("in German", () => {
    applyLanguage("de");
    expect(lines(...BET)).toEqual([
      "Ergebnis: Gewonnen -> Verloren",
      "Status: Gewonnen -> Verloren",
    ]);
    expect(lines(...ROLE)).toEqual(["Rolle: Mitarbeiter -> Admin"]);
    expect(lines(...PREFERENCES)).toEqual([
      "Quotenformat: Dezimal (3,50) -> ",
      "Sprache: English -> Deutsch",
    ]);
    expect(lines(...TRANSACTION)).toEqual([
      "Art: Einzahlung -> Auszahlung",
      "Status: Offen -> Gebucht",
      "Von (Art): Bar -> Kunde",
    ]);
    expect(lines(...SHIFT)).toEqual(["Status: Offen -> Geschlossen"]);
    expect(lines(...MOVEMENTS)).toEqual(["Art: Abschöpfung -> Auffüllung"]);
    expect(lines(...PAYMENTS)).toEqual(["Zahlung: Konto -> Bar"]);
  });

  test("a code its field does not know, or another field's, stays as it is", () => {
    applyLanguage("de");
    expect(
      lines(
        {
          status: "ARCHIVED",
          role: "owner",
          type: "warning",
          oddsFormat: "american",
          kind: "export",
          payment: "card",
        },
        {
          status: "open",
          role: "ADMIN",
          type: "info",
          oddsFormat: "Decimal",
          kind: "ledger-check",
          payment: "Cash",
        },
      ).map((line) => line.slice(line.indexOf(":") + 2)),
    ).toEqual([
      "ARCHIVED -> open",
      "owner -> ADMIN",
      "warning -> info",
      "american -> Decimal",
      "export -> ledger-check",
      "card -> Cash",
    ]);
    // A name or a description that happens to read like a code is not one.
    expect(lines({ name: "WON" }, { name: "admin" })).toEqual(["Name: WON -> admin"]);
  });

  test("the before/after table shows them, and follows a language change", () => {
    renderWithProviders(<AuditDifference before={ROLE[0]} after={ROLE[1]} />, "admin");
    // The old value struck through, the new one inserted.
    const values = () => {
      const row = screen.getByRole("row", { name: /Rol/ });
      return [row.querySelector("del")?.textContent, row.querySelector("ins")?.textContent];
    };
    expect(values()).toEqual(["User", "Admin"]);
    act(() => applyLanguage("de"));
    expect(values()).toEqual(["Mitarbeiter", "Admin"]);
  });
});
