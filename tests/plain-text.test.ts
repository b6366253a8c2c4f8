/**
 * Issue 25 item 11, "names keep NUL characters and bidi overrides": every free-text field of
 * the request schemas refuses control characters (C0, DEL, C1) and the bidi overrides and
 * isolates with a 400 whose message and `fields` name the field; multi-line fields keep
 * newline and tab; accented and Irish names pass untouched (decision 047).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { plainTextProblem } from "../src/domain/schemas";
import { createTestApp, seedBasics, type TestApp } from "./helpers/test-app";

let t: TestApp;
let shopId: number;
let customerId: number;

beforeEach(async () => {
  t = await createTestApp();
  ({ shopId, customerId } = await seedBasics(t, { creditLimit: "100" }));
  await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "50.00" } });
});
afterEach(() => t.close());

/** The three the issue names: a right-to-left override, a NUL and another control character. */
const BAD = [
  ["a right-to-left override", "\u202Egnp.exe", "a text-direction control (U+202E)"],
  ["a NUL", "Ann\u0000e", "a control character (U+0000)"],
  ["an escape", "Ann\u001B[31me", "a control character (U+001B)"],
] as const;

async function refused(
  method: string,
  path: string,
  body: Record<string, unknown>,
  field: string,
  label: string,
  why: string,
) {
  const res = await t.request(method, path, { body });
  const answer = (await res.json()) as { message: string; fields?: Record<string, string> };
  expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 400`);
  expect(answer.message).toBe(`${label} must not contain ${why}`);
  expect(answer.fields?.[field]).toBe(answer.message);
}

async function placeBet(extra: Record<string, unknown> = {}) {
  return t.json<{ id: number }>("POST", "/api/bets", {
    body: { customerId, shopId, description: "Derby", stakeAmount: "5", odds: "2", ...extra },
  });
}

describe.each(BAD)("%s is a 400 naming the field", (_name, bad, why) => {
  test("customer names, on create and on edit", async () => {
    await refused(
      "POST",
      "/api/customers",
      { firstName: bad, lastName: "Byrne", creditLimit: "0" },
      "firstName",
      "First name",
      why,
    );
    await refused(
      "PATCH",
      `/api/customers/${customerId}`,
      { lastName: bad },
      "lastName",
      "Last name",
      why,
    );
    await refused(
      "PATCH",
      `/api/customers/${customerId}`,
      { address: bad },
      "address",
      "Address",
      why,
    );
  });

  test("shop name and location", async () => {
    await refused("POST", "/api/shops", { name: bad, location: "Cork" }, "name", "Shop name", why);
    await refused("PATCH", `/api/shops/${shopId}`, { location: bad }, "location", "Location", why);
  });

  test("a bet's description, settlement result and void reason", async () => {
    await refused(
      "POST",
      "/api/bets",
      { customerId, shopId, description: bad, stakeAmount: "5", odds: "2" },
      "description",
      "Description",
      why,
    );
    const bet = await placeBet();
    await refused(
      "PATCH",
      `/api/bets/${bet.id}/resolve`,
      { status: "WON", result: bad },
      "result",
      "Result",
      why,
    );
    await refused(
      "PATCH",
      `/api/bets/${bet.id}/resolve`,
      { status: "VOID", voidReason: bad },
      "voidReason",
      "Void reason",
      why,
    );
  });

  test("a deposit's description and a transfer's", async () => {
    await refused(
      "POST",
      "/api/deposits",
      { customerId, shopId, amount: "1", description: bad },
      "description",
      "Description",
      why,
    );
    await refused(
      "POST",
      "/api/transactions",
      {
        amount: "1",
        fromEntityType: "SHOP",
        fromEntityId: shopId,
        toEntityType: "USER",
        toEntityId: t.ids.user,
        description: bad,
      },
      "description",
      "Description",
      why,
    );
  });

  test("the reasons of a correction: reversal and re-settlement", async () => {
    const rows = await t.json<{ id: number }[]>(
      "GET",
      `/api/transactions?customerId=${customerId}`,
    );
    await refused(
      "POST",
      "/api/admin/reverse-transaction",
      { transactionId: rows[0]?.id, reason: `Keyed ${bad}` },
      "reason",
      "Reason",
      why,
    );
    const bet = await placeBet();
    await t.json("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: "LOST" }, expect: 200 });
    await refused(
      "POST",
      `/api/admin/bets/${bet.id}/resettle`,
      { status: "WON", reason: `Wrong ${bad}` },
      "reason",
      "Reason",
      why,
    );
  });

  test("nothing refused was stored", async () => {
    await t.request("POST", "/api/customers", {
      body: { firstName: bad, lastName: "Byrne", creditLimit: "0" },
    });
    const names = t.handle.sqlite.query("SELECT first_name AS n FROM customers").all();
    expect(names).toEqual([{ n: "Ada" }]);
  });
});

describe("what free text still takes", () => {
  test("accented and Irish names pass untouched", async () => {
    const created = await t.json<{ id: number; firstName: string; lastName: string }>(
      "POST",
      "/api/customers",
      { body: { firstName: "Zoë", lastName: "Ó Súilleabháin", creditLimit: "0" } },
    );
    expect(created).toMatchObject({ firstName: "Zoë", lastName: "Ó Súilleabháin" });
    const shop = await t.json<{ name: string }>("POST", "/api/shops", {
      body: { name: "Siopa Geall Ní Bhriain", location: "Baile Átha Cliath" },
    });
    expect(shop.name).toBe("Siopa Geall Ní Bhriain");
    const bet = await t.json<{ description: string }>("POST", "/api/bets", {
      body: { customerId, shopId, description: "Zoë's pick — 2/1 ★", stakeAmount: "1", odds: "3" },
    });
    expect(bet.description).toBe("Zoë's pick — 2/1 ★");
  });

  test("a multi-line field keeps newline and tab and reads CRLF as a newline", async () => {
    const edited = await t.json<{ address: string }>("PATCH", `/api/customers/${customerId}`, {
      body: { address: "1 Main Street\r\nDublin\t2" },
      expect: 200,
    });
    expect(edited.address).toBe("1 Main Street\nDublin\t2");
  });

  test("a one-line field refuses a newline", async () => {
    await refused(
      "POST",
      "/api/shops",
      { name: "Main\nStreet", location: "Cork" },
      "name",
      "Shop name",
      "a control character (U+000A)",
    );
  });

  test("a C1 control and an isolate are refused too", async () => {
    await refused(
      "PATCH",
      `/api/shops/${shopId}`,
      { name: "Main\u0085" },
      "name",
      "Shop name",
      "a control character (U+0085)",
    );
    await refused(
      "PATCH",
      `/api/shops/${shopId}`,
      { name: "Main \u2066x\u2069" },
      "name",
      "Shop name",
      "a text-direction control (U+2066)",
    );
  });
});

describe("the rule itself, over generated text", () => {
  const UNSAFE = [
    ...Array.from({ length: 0x20 }, (_, i) => i),
    ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
    ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069],
  ].map((code) => String.fromCodePoint(code));

  test("any text holding one refused character is refused, naming it", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...UNSAFE), fc.string(), (before, bad, after) => {
        const text = `${before}${bad}${after}`;
        const problem = plainTextProblem("Name", text);
        expect(problem).not.toBeNull();
        // A multi-line field refuses it too, unless it is a newline or a tab.
        expect(plainTextProblem("Name", text, { multiline: true }) === null).toBe(
          [...text].every((ch) => !UNSAFE.includes(ch) || ch === "\n" || ch === "\t"),
        );
      }),
    );
  });

  test("text of letters, marks, digits, punctuation, symbols and spaces passes", () => {
    const plain = fc
      .string({ unit: "grapheme" })
      .filter((text) => ![...text].some((ch) => UNSAFE.includes(ch)));
    fc.assert(
      fc.property(plain, (text) => {
        expect(plainTextProblem("Name", text)).toBeNull();
      }),
    );
  });
});
