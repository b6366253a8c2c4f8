/**
 * Literal money at the API (issue 20, decision 038), generated from the endpoint declarations:
 * every money and odds field of every body and query in src/domain/contracts.ts (found by the
 * MONEY_INPUT / ODDS_INPUT meta it carries, through amountFieldsOf) refuses what a person
 * might type but the API never reads as typed: three decimals, a comma, grouping, an exponent.
 * Each is sent as an admin through the real app, with the fields before it valid, and must be
 * a 400 whose message names the field.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { z } from "zod";
import type { Contract } from "../src/domain/contract";
import { contracts } from "../src/domain/contracts";
import { amountFieldsOf } from "../src/domain/schemas";
import { createTestApp, seedBasics, type TestApp } from "./helpers/test-app";

/** A JSON number token sent exactly as written (`1e3`, not the 1000 JSON.stringify would send). */
class Token {
  constructor(readonly source: string) {}
  toJSON() {
    return `\u0000${this.source}\u0000`;
  }
  toString() {
    return this.source;
  }
}

/** The body as JSON text, each Token written as its bare number token. */
const bodyText = (fields: Record<string, unknown>) =>
  JSON.stringify(fields).replace(/"\\u0000([^"\\]*)\\u0000"/g, "$1");

/**
 * JSON number 1.005 and the strings the issue found booked as other amounts; and the number
 * tokens JSON.parse would read as plain values (1000, 10.5) though written with an exponent or
 * a third decimal (decision 071).
 */
const REFUSED: readonly unknown[] = [
  1.005,
  "1.005",
  "0,001",
  "1.000.000",
  "1e3",
  new Token("1e3"),
  new Token("1E2"),
  new Token("10.500"),
];

type Def = { type?: string; innerType?: z.ZodType; in?: z.ZodType; shape?: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  let s = schema;
  while (defOf(s).type === "pipe") s = defOf(s).in as z.ZodType;
  return (defOf(s).shape as Record<string, z.ZodType> | undefined) ?? {};
}

/** Values that some field accepts; the first its own schema takes fills it. */
const CANDIDATES: readonly unknown[] = [undefined, 1, "10.00", "Valid text", true];

function acceptedValue(field: z.ZodType): unknown {
  let inner = field;
  while (defOf(inner).innerType) inner = defOf(inner).innerType as z.ZodType;
  const options = (inner as { options?: unknown[] }).options ?? [];
  const found = [...CANDIDATES, ...options].find((v) => field.safeParse(v).success);
  if (found === undefined && !field.safeParse(undefined).success) {
    throw new Error("no candidate value fits this field: add one to CANDIDATES");
  }
  return found;
}

/** The fields before `name`, each with a value it accepts: `name`'s issue comes first. */
function validBefore(schema: z.ZodType, name: string): Record<string, unknown> {
  const shape = shapeOf(schema);
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    if (key === name) break;
    const value = acceptedValue(shape[key] as z.ZodType);
    if (value !== undefined) values[key] = value;
  }
  return values;
}

const pathOf = (c: Contract) => c.path.replace(/\{[^}]+\}/g, "1");

interface Case {
  endpoint: string;
  c: Contract;
  where: "body" | "query";
  field: string;
}

const cases: Case[] = Object.entries(contracts as Record<string, Contract>).flatMap(
  ([endpoint, c]) =>
    (["query", "body"] as const).flatMap((where) => {
      const schema = c[where];
      return schema
        ? Object.keys(amountFieldsOf(schema)).map((field) => ({ endpoint, c, where, field }))
        : [];
    }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test("the walk finds the money and odds fields (a guard on the walk itself)", () => {
  const found = new Set(cases.map((k) => `${k.endpoint}.${k.field}`));
  for (const known of [
    "deposit.amount",
    "withdraw.amount",
    "createTransfer.amount",
    "placeBet.stakeAmount",
    "placeBet.odds",
    "placeBet.potentialPayout",
    "createCustomer.creditLimit",
    "updateCustomer.maxStake",
    "openShift.openingFloat",
    "closeShift.countedCash",
  ]) {
    expect(found).toContain(known);
  }
});

describe("every money and odds field refuses anything but a literal", () => {
  for (const { endpoint, c, where, field } of cases) {
    for (const value of REFUSED) {
      // A query string has no numbers: there the number is sent as its text.
      if (where === "query" && typeof value !== "string") continue;
      const shown = value instanceof Token ? value.source : JSON.stringify(value);
      test(`${endpoint} ${where}.${field} = ${shown}: 400 naming ${field}`, async () => {
        const schema = c[where] as z.ZodType;
        const fields = { ...validBefore(schema, field), [field]: value };
        const query =
          where === "query"
            ? `?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}`
            : "";
        const res = await t.request(c.method.toUpperCase(), `${pathOf(c)}${query}`, {
          as: "admin",
          ...(where === "body" ? { body: bodyText(fields) } : {}),
        });
        const answer = (await res.json()) as { message: string; fields?: Record<string, string> };
        expect(res.status).toBe(400);
        expect(answer.fields?.[field]).toBeString();
        expect(answer.message).toBe(`${field}: ${answer.fields?.[field]}`);
      });
    }
  }
});

test("number tokens money writes (10.50, 7, 0.5) are still read as the amounts they say", async () => {
  const { customerId, shopId } = await seedBasics(t);
  for (const [token, booked] of [
    ["10.50", "10.50"],
    ["7", "7.00"],
    ["0.5", "0.50"],
  ] as const) {
    const res = await t.request("POST", "/api/deposits", {
      as: "admin",
      body: `{"customerId":${customerId},"shopId":${shopId},"amount":${token}}`,
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { amount: string }).amount).toBe(booked);
  }
});
