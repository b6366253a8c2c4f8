/**
 * Decision 087: a field or parameter no operation reads is a 400 naming it, and nothing is
 * written; another list's filter is still accepted and ignored (decision 059).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import { openApi } from "../app";
import type { Contract } from "../domain/contract";
import { contracts } from "../domain/contracts";
import { knownKeys } from "./unknown-keys";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "100.00" });
});
afterAll(() => t.close());

const count = (table: string) =>
  (t.handle.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("unknown body fields", () => {
  test("`eachway` for `eachWay` is refused, not a win-only bet at half the stake", async () => {
    const before = {
      bets: count("bets"),
      ledger: count("transactions"),
      audit: count("audit_log"),
    };
    const res = await t.request("POST", "/api/bets", {
      as: "user",
      body: {
        ...ids,
        description: "EW typo",
        stakeAmount: "1.00",
        odds: "5/1",
        eachway: { places: 3, fraction: "1/4" },
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Unknown field: eachway",
      code: "VALIDATION",
      fields: { eachway: "Unknown field" },
    });
    expect({
      bets: count("bets"),
      ledger: count("transactions"),
      audit: count("audit_log"),
    }).toEqual(before);
  });

  test("a misspelt flag beside a real change changes nothing", async () => {
    const res = await t.request("PATCH", `/api/customers/${ids.customerId}`, {
      as: "admin",
      body: { firstName: "Bobby", alowOverdraft: true, descripton: "x" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Unknown fields: alowOverdraft, descripton",
    );
    const customer = await t.json<{ firstName: string }>("GET", `/api/customers/${ids.customerId}`);
    expect(customer.firstName).not.toBe("Bobby");
  });

  test("every declared field is still read: a deposit with its description", async () => {
    const res = await t.request("POST", "/api/deposits", {
      as: "user",
      body: { ...ids, amount: "5.00", description: "Counter" },
    });
    expect(res.status).toBe(201);
  });
});

describe("unknown query parameters", () => {
  for (const path of [
    "/api/bets?customer_id=2",
    "/api/bets?stauts=WON",
    "/api/bets?customerid=2&format=csv",
    "/api/transactions?shop=1",
    "/api/reports?period=day&form=csv",
  ]) {
    test(`${path} is a 400 naming the parameter`, async () => {
      const res = await t.request("GET", path);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; code: string };
      expect(body.code).toBe("VALIDATION");
      expect(body.message).toStartWith("Unknown parameter: ");
    });
  }

  test("a CSV asked of a list that has none is a 400, not a JSON page saved as a .csv", async () => {
    for (const path of [
      "/api/shifts?format=csv",
      "/api/shifts?format=csv&limit=5",
      "/api/shifts?format=",
      // Operations that read no parameters at all: a bet's, a customer's page.
      `/api/customers/${ids.customerId}?format=csv`,
      "/api/shifts/current?format=csv",
    ]) {
      const res = await t.request("GET", path);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        "This operation has no CSV download: format is not read here",
      );
    }
    // format=json is what every list answers anyway; a list with a CSV still has it.
    expect((await t.request("GET", "/api/shifts?format=json")).status).toBe(200);
    expect((await t.request("GET", `/api/customers/${ids.customerId}?format=json`)).status).toBe(
      200,
    );
    const csv = await t.request("GET", "/api/bets?format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toStartWith("text/csv");
  });

  test("another list's filter is accepted and ignored, as before", async () => {
    for (const path of ["/api/shops?customerId=5", "/api/customers?betId=3"]) {
      expect((await t.request("GET", path)).status).toBe(200);
    }
  });
});

describe("every operation's inputs can be checked", () => {
  // A schema of a shape knownKeys cannot read would let any field through unnoticed.
  for (const [name, contract] of Object.entries(contracts) as [string, Contract][]) {
    for (const part of ["query", "body"] as const) {
      const schema = contract[part];
      if (!schema) continue;
      test(`${name}'s ${part}`, () => {
        expect(knownKeys(schema)?.size ?? 0).toBeGreaterThan(0);
      });
    }
  }
});

describe("the OpenAPI document says so", () => {
  // A client validating against the document refuses what the server would: each JSON body
  // is closed at its top level, and declares exactly the fields the server reads.
  type BodySchema = { additionalProperties?: unknown; properties?: object };
  type Operation = { requestBody?: { content: Record<string, { schema: BodySchema }> } };
  const paths = openApi.paths as Record<string, Record<string, Operation>>;
  for (const [name, contract] of Object.entries(contracts) as [string, Contract][]) {
    if (!contract.body) continue;
    test(`${name}'s body`, () => {
      const path = contract.path.replace(/:(\w+)/g, "{$1}");
      const operation = paths[path]?.[contract.method.toLowerCase()];
      const schema = operation?.requestBody?.content["application/json"]?.schema ?? {};
      expect(schema.additionalProperties).toBe(false);
      expect(Object.keys(schema.properties ?? {}).sort()).toEqual(
        [...(knownKeys(contract.body as never) ?? [])].sort(),
      );
    });
  }
});
