/**
 * Finding the right customer (issue 20, item 7): by customer number in its three forms, and
 * by phone however it is written, through the list's search (FTS, or the row test).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import {
  customerNumber,
  parseCustomerNumber,
  phoneDigits,
  phoneSearchForms,
} from "../../domain/customer-number";
import { phoneDigitsSql } from "./customers.service";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const add = (firstName: string, lastName: string, extra: Record<string, unknown> = {}) =>
  t.json<{ id: number }>("POST", "/api/customers", {
    body: { firstName, lastName, creditLimit: "0", ...extra },
  });

/** The ids GET /api/customers?q= answers, in id order. */
async function found(q: string): Promise<number[]> {
  const rows = await t.json<{ id: number }[]>(
    "GET",
    `/api/customers?q=${encodeURIComponent(q)}&sort=id`,
  );
  return rows.map((r) => r.id);
}

describe("customer number", () => {
  test("shown as C-000123, read back from 123, C123 and C-000123 in any case", () => {
    expect(customerNumber(123)).toBe("C-000123");
    expect(customerNumber(1234567)).toBe("C-1234567");
    for (const q of ["123", "C123", "c123", "C-000123", "c-000123", " C-123 "]) {
      expect({ q, id: parseCustomerNumber(q) }).toEqual({ q, id: 123 });
    }
    for (const q of ["", "C", "C-", "12a", "0", "D123"]) {
      expect({ q, id: parseCustomerNumber(q) }).toEqual({ q, id: null });
    }
  });

  test("the list finds a customer by its number in each form, among namesakes", async () => {
    const ids = [];
    // Namesakes: the number tells them apart.
    for (let i = 0; i < 12; i++) ids.push((await add("Liam", "McLoughlin")).id);
    const twelfth = ids[11] as number;
    for (const q of [String(twelfth), `C${twelfth}`, `c-${String(twelfth).padStart(6, "0")}`]) {
      expect({ q, ids: await found(q) }).toEqual({ q, ids: [twelfth] });
    }
    // One digit (a prefix query) finds number 3 and no one else by number.
    expect(await found("3")).toEqual([ids[2] as number]);
    // A name still finds all of them.
    expect((await found("mcloughlin")).length).toBe(12);
  });
});

describe("phone search", () => {
  const FORMS = [
    "0853401590",
    "085 340 1590",
    "085-340-1590",
    "+353 85 340 1590",
    "00353853401590",
  ];

  test("phoneDigits keeps the digits as written; each form is searched as every other (decision 083)", () => {
    expect(phoneDigits("085 3401590")).toBe("0853401590");
    expect(phoneDigits("(085) 340.1590")).toBe("0853401590");
    expect(phoneDigits("+353 85 340 1590")).toBe("00353853401590");
    expect(phoneDigits("+353 (0)85 340 1590")).toBe("003530853401590");
    expect(phoneDigits("+44 20 7946 0958")).toBe("00442079460958");
    const every = ["0853401590", "00353853401590", "003530853401590"];
    for (const form of [...FORMS, "085 3401590", "+353 (0)85 340 1590", "(085) 340.1590"]) {
      expect({ form, forms: phoneSearchForms(form) }).toEqual({ form, forms: every });
    }
    // Another country's number, or a part without its leading 0: its digits alone.
    expect(phoneSearchForms("+44 20 7946 0958")).toEqual(["00442079460958"]);
    expect(phoneSearchForms("340 1590")).toEqual(["3401590"]);
    // In Germany (49) the same reading with its code; the Irish +353 is then foreign.
    expect(phoneSearchForms("0171 1234567", "49")).toEqual([
      "01711234567",
      "00491711234567",
      "004901711234567",
    ]);
    expect(phoneSearchForms("+49 171 1234567", "49")).toEqual(
      phoneSearchForms("0171 1234567", "49"),
    );
    expect(phoneSearchForms("+353 85 340 1590", "49")).toEqual(["00353853401590"]);
  });

  test("the SQL reading (index and row test) equals phoneDigits", () => {
    const inputs = [...FORMS, "+353 (0)85 340 1590", "+44 20 7946 0958", "01 234 5678", "x"];
    for (const input of inputs) {
      const row = t.handle.db.get<[string]>(sql`select ${phoneDigitsSql(sql`${input}`)}`);
      expect({ input, sql: row?.[0] }).toEqual({ input, sql: phoneDigits(input) });
    }
  });

  test("every form finds a customer stored as 085 3401590, and the other way round", async () => {
    const { id } = await add("Sarah", "Quinn", { phone: "085 3401590" });
    const other = await add("Sean", "Quinn", { phone: "+353 87 111 2222" });
    await add("Noise", "Only", { phone: "01 555 0000" });
    for (const q of [...FORMS, "3401590", "340-1590"]) {
      expect({ q, ids: await found(q) }).toEqual({ q, ids: [id] });
    }
    for (const q of ["0871112222", "087 111 2222", "00353871112222"]) {
      expect({ q, ids: await found(q) }).toEqual({ q, ids: [other.id] });
    }
  });

  test("with PHONE_CALLING_CODE=49 a German shop finds +49 and 0 forms both ways", async () => {
    t.deps.phoneCallingCode = "49";
    const stored = await add("Jonas", "Weber", { phone: "+49 171 1234567" });
    const national = await add("Lena", "Weber", { phone: "0170 7654321" });
    const bracket = await add("Mia", "Weber", { phone: "+49 (0)160 1112223" });
    const irish = await add("Sarah", "Quinn", { phone: "+353 85 340 1590" });
    for (const q of ["0171 1234567", "01711234567", "+49 171 1234567", "0049 171 1234567"]) {
      expect({ q, ids: await found(q) }).toEqual({ q, ids: [stored.id] });
    }
    for (const q of ["+49 170 7654321", "0170/7654321"]) {
      expect({ q, ids: await found(q) }).toEqual({ q, ids: [national.id] });
    }
    for (const q of ["0160 1112223", "+49 160 1112223"]) {
      expect({ q, ids: await found(q) }).toEqual({ q, ids: [bracket.id] });
    }
    // The Irish customer by the digits as written; her national form is not German.
    expect(await found("+353 85 340 1590")).toEqual([irish.id]);
    expect(await found("085 340 1590")).toEqual([]);
  });

  test("an edited phone is found by its new digits only", async () => {
    const { id } = await add("Sarah", "Quinn", { phone: "085 3401590" });
    await t.json("PATCH", `/api/customers/${id}`, { body: { phone: "+353 86 999 0000" } });
    expect(await found("0853401590")).toEqual([]);
    expect(await found("086 9990000")).toEqual([id]);
  });
});
