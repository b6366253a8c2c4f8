/** Cash toasts name whom, how much and the balance after (issue 20, item 7). */
import { describe, expect, test } from "bun:test";
import { customer } from "../../../test/fixtures";
import { cashMovementText } from "./cash-movement-toast";

describe("cash toasts", () => {
  test("name the customer, the amount and the balance", () => {
    const sarah = customer({ id: 231, firstName: "Sarah", lastName: "Quinn", balance: "262.54" });
    expect(cashMovementText("deposit", 1050, sarah)).toBe(
      "€10.50 deposited for Sarah Quinn (C-000231); balance €262.54",
    );
    expect(cashMovementText("withdrawal", 2000, sarah)).toBe(
      "€20.00 withdrawn from Sarah Quinn (C-000231); balance €262.54",
    );
  });
});
