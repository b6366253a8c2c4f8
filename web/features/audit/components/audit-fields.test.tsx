/** An audit entry's field names as labels in the language shown (issue 23 follow-up). */
import { describe, expect, test } from "bun:test";
import { act, screen } from "@testing-library/react";
import { applyLanguage } from "../../../i18n";
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
