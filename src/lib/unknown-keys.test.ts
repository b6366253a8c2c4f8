/**
 * Decision 087: a field or parameter no operation reads is a 400 naming it, and nothing is
 * written; another list's filter is still accepted and ignored (decision 059).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { z } from "zod";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import { openApi } from "../app";
import type { Contract } from "../domain/contract";
import { contracts } from "../domain/contracts";
import { type Fields, fieldsOf, knownKeys } from "./unknown-keys";

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

describe("unknown fields in nested objects", () => {
  const money = () => ({
    bets: count("bets"),
    ledger: count("transactions"),
    audit: count("audit_log"),
  });
  const eachWayBet = async () =>
    (
      await t.json<{ id: number }>("POST", "/api/bets", {
        as: "user",
        body: {
          ...ids,
          description: "EW nested",
          stakeAmount: "1.00",
          odds: "5/1",
          eachWay: { places: 3, fraction: "1/4" },
        },
      })
    ).id;

  test("`deadHeat.plcae` is refused, not a Placed settlement paid in full", async () => {
    const id = await eachWayBet();
    const before = money();
    const res = await t.request("PATCH", `/api/bets/${id}/resolve`, {
      as: "user",
      body: { status: "PLACED", deadHeat: { plcae: "1/2" } },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Unknown field: deadHeat.plcae",
      code: "VALIDATION",
      fields: { "deadHeat.plcae": "Unknown field" },
    });
    expect(money()).toEqual(before);
    expect((await t.json<{ status: string }>("GET", `/api/bets/${id}`)).status).toBe("PENDING");
    // Spelt right, the dead heat is read and halves the place part's return.
    const placed = await t.json<{ deadHeat: unknown; actualPayout: string }>(
      "PATCH",
      `/api/bets/${id}/resolve`,
      { as: "user", body: { status: "PLACED", deadHeat: { place: "1/2" } } },
    );
    expect(placed.deadHeat).toEqual({ win: null, place: "1/2" });
  });

  test("nested and top-level unknowns are named together, each by its path", async () => {
    const res = await t.request("POST", "/api/bets", {
      as: "admin",
      body: {
        ...ids,
        description: "EW placed",
        stakeAmount: "1.00",
        odds: "5/1",
        eachWay: { places: 3, fraction: "1/4", plcaes: 2 },
        outcome: "PLACED",
        deadHeat: { place: "1/2", wn: "1/2" },
        colour: "red",
      },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(body.message).toBe("Unknown fields: eachWay.plcaes, deadHeat.wn, colour");
    expect(Object.keys(body.fields)).toEqual(["eachWay.plcaes", "deadHeat.wn", "colour"]);
  });

  test("a re-settlement's dead heat is read the same way", async () => {
    const id = await eachWayBet();
    await t.json("PATCH", `/api/bets/${id}/resolve`, { as: "user", body: { status: "LOST" } });
    const before = money();
    const res = await t.request("POST", `/api/admin/bets/${id}/resettle`, {
      body: { status: "PLACED", reason: "Photo finish", deadHeat: { plcae: "1/2" } },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Unknown field: deadHeat.plcae",
    );
    expect(money()).toEqual(before);
  });
});

describe("unknown query parameters", () => {
  test("an operation that reads no parameters refuses any: a deposit's `dry_run` moves nothing", async () => {
    const before = { ledger: count("transactions"), audit: count("audit_log") };
    const res = await t.request("POST", "/api/deposits?dry_run=true", {
      as: "user",
      body: { ...ids, amount: "5.00" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Unknown parameter: dry_run",
      code: "VALIDATION",
    });
    expect({ ledger: count("transactions"), audit: count("audit_log") }).toEqual(before);
  });

  for (const [method, path, name] of [
    ["PATCH", "/api/customers/{id}?notify=false", "notify"],
    ["GET", "/api/dashboard/stats?customer_id=1", "customer_id"],
    ["GET", "/api/customers/{id}?foo=1", "foo"],
    // A list's filter is no report's: not a report of one shop, as it answered all shops.
    ["GET", "/api/reports?period=totals&shopId=1", "shopId"],
    ["GET", "/api/reports/series?limit=5", "limit"],
  ] as const) {
    test(`${method} ${path} is a 400 naming ${name}`, async () => {
      const res = await t.request(method, path.replace("{id}", String(ids.customerId)), {
        body: method === "PATCH" ? { firstName: "Quiet" } : undefined,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        `Unknown parameter: ${name}`,
      );
    });
  }

  test("the customer was not renamed by the refused PATCH", async () => {
    const customer = await t.json<{ firstName: string }>("GET", `/api/customers/${ids.customerId}`);
    expect(customer.firstName).not.toBe("Quiet");
  });

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

  test("but not another list's paging or search: the users by `after` were page 1 forever", async () => {
    const refused: [string, string][] = [
      ["/api/admin/users?limit=1&after=1", "after"],
      ["/api/admin/users?before=2", "before"],
      ["/api/admin/users?last=true", "last"],
      ["/api/admin/backups?q=1", "q"],
      ["/api/admin/backups?after=5", "after"],
    ];
    for (const [path, name] of refused) {
      const res = await t.request("GET", path);
      expect(`${path}: ${res.status}`).toBe(`${path}: 400`);
      expect(((await res.json()) as { message: string }).message).toBe(
        `Unknown parameter: ${name}`,
      );
    }
    // Their own: the users are searched, sorted and paged by offset.
    const users = "/api/admin/users?q=admin&sort=username&order=desc&limit=5&offset=0";
    expect((await t.request("GET", users)).status).toBe(200);
  });
});

describe("a write that reads no body", () => {
  test("refuses a field by name, and malformed JSON; none or {} is read as before", async () => {
    const user = t.ids.user;
    const unlock = (body?: string) =>
      t.request("POST", `/api/admin/users/${user}/unlock`, { body });
    const foo = await unlock('{"foo":1}');
    expect(foo.status).toBe(400);
    expect(await foo.json()).toEqual({
      message: "Unknown field: foo",
      code: "VALIDATION",
      fields: { foo: "Unknown field" },
    });
    const garbage = await unlock("garbage");
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { message: string }).message).toBe(
      "Malformed JSON in request body",
    );
    expect((await unlock()).status).toBe(200);
    expect((await unlock("{}")).status).toBe(200);
  });

  test("a token's revocation with a reason is refused, and the token still works", async () => {
    const made = await t.json<{ id: number; token: string }>("POST", "/api/admin/tokens", {
      body: { name: "sync", role: "admin" },
    });
    const res = await t.request("DELETE", `/api/admin/tokens/${made.id}`, {
      body: { reason: "x" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Unknown field: reason");
    expect((await t.request("GET", "/api/user", { bearer: made.token })).status).toBe(200);
  });
});

/** Each object a schema declares, by its path ("deadHeat"; "" for the top), with its keys. */
function objectsIn(schema: z.ZodType, path: string, out: Map<string, string[]>): void {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      out.set(path, Object.keys(shape));
      for (const [key, value] of Object.entries(shape)) {
        objectsIn(value, path ? `${path}.${key}` : key, out);
      }
      return;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      objectsIn(inner("innerType"), path, out);
      return;
    case "pipe":
      // Both ends: an object read after a preprocess (the pipe's out) would go unchecked.
      objectsIn(inner("in"), path, out);
      objectsIn(inner("out"), path, out);
      return;
    case "union":
      for (const option of def.options as z.ZodType[]) objectsIn(option, path, out);
      return;
    case "intersection":
      objectsIn(inner("left"), path, out);
      objectsIn(inner("right"), path, out);
      return;
    case "array":
    case "record":
    case "map":
    case "set":
    case "tuple":
    case "lazy":
      // Objects inside these are not walked by the check: a body declaring one must extend it.
      out.set(`${path}<${def.type}>`, []);
      return;
    default:
      return;
  }
}

/** The fields read at a dotted path of the check's reading, or null. */
function fieldsAt(fields: Fields | null, path: string): Fields | null {
  let at = fields;
  for (const key of path ? path.split(".") : []) at = at?.get(key) ?? null;
  return at;
}

describe("every operation's inputs can be checked", () => {
  // A schema of a shape the check cannot read would let any field through unnoticed.
  for (const [name, contract] of Object.entries(contracts) as [string, Contract][]) {
    for (const part of ["query", "body"] as const) {
      const schema = contract[part];
      if (!schema) continue;
      test(`${name}'s ${part}`, () => {
        expect(knownKeys(schema)?.size ?? 0).toBeGreaterThan(0);
      });
    }
    const body = contract.body;
    if (!body) continue;
    test(`${name}'s body, each nested object too`, () => {
      const objects = new Map<string, string[]>();
      objectsIn(body, "", objects);
      const fields = fieldsOf(body);
      for (const [path, keys] of objects) {
        const read = fieldsAt(fields, path);
        expect({ path, read: read ? [...read.keys()] : null }).toEqual({
          path,
          read: expect.arrayContaining(keys),
        });
      }
    });
  }

  test("the bodies with nested objects are the ones the review found", () => {
    const nested: string[] = [];
    for (const [name, contract] of Object.entries(contracts) as [string, Contract][]) {
      const objects = new Map<string, string[]>();
      if (contract.body) objectsIn(contract.body, "", objects);
      for (const path of objects.keys()) if (path) nested.push(`${name}: ${path}`);
    }
    // The walk finds them (a walk that found none would pass every check above).
    expect(nested.sort()).toEqual([
      "placeBet: deadHeat",
      "placeBet: eachWay",
      "resettleBet: deadHeat",
      "resettleBet: from",
      "resettleBet: from.deadHeat",
      "resolveBet: deadHeat",
    ]);
  });
});

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  $ref?: string;
};

/** The paths of object schemas in `schema` that are not closed (or are references). */
function openObjects(schema: JsonSchema | undefined, path: string, out: string[]): void {
  if (!schema) return;
  if (schema.$ref) out.push(`${path} ($ref)`);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("object") && schema.properties) {
    if (schema.additionalProperties !== false) out.push(path || "(body)");
    for (const [key, value] of Object.entries(schema.properties)) {
      openObjects(value, path ? `${path}.${key}` : key, out);
    }
  }
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    openObjects(part, path, out);
  }
  openObjects(schema.items, `${path}[]`, out);
}

describe("the OpenAPI document says so", () => {
  // A client validating against the document refuses what the server would: each JSON body
  // is closed at every depth, and declares exactly the fields the server reads.
  type Operation = {
    requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  };
  const paths = openApi.paths as Record<string, Record<string, Operation>>;
  for (const [name, contract] of Object.entries(contracts) as [string, Contract][]) {
    if (!contract.body) continue;
    test(`${name}'s body`, () => {
      const operation = paths[contract.path]?.[contract.method];
      const schema = operation?.requestBody?.content["application/json"]?.schema ?? {};
      expect(schema.additionalProperties).toBe(false);
      expect(Object.keys(schema.properties ?? {}).sort()).toEqual(
        [...(knownKeys(contract.body as never) ?? [])].sort(),
      );
      const open: string[] = [];
      openObjects(schema, "", open);
      expect(open).toEqual([]);
    });
  }

  test("eachWay and deadHeat are closed, as the server reads them", () => {
    const body = paths["/api/bets"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(body?.properties?.eachWay?.additionalProperties).toBe(false);
    expect(body?.properties?.deadHeat?.additionalProperties).toBe(false);
  });

  test("a body is required where none sent is refused: not for a dismissal or preferences", async () => {
    const optional: string[] = [];
    for (const [name, contract] of Object.entries(contracts) as [string, Contract][]) {
      if (!contract.body) continue;
      const required = paths[contract.path]?.[contract.method]?.requestBody?.required;
      expect({ name, required }).toEqual({ name, required: expect.any(Boolean) });
      if (!required) optional.push(name);
    }
    expect(optional.sort()).toEqual(["dismissAlert", "setPreferences"]);
    // And the server agrees: no body at all is a body of none of the fields.
    const res = await t.request("PATCH", "/api/user/preferences", { as: "user" });
    expect(res.status).toBe(200);
    const refused = await t.request("POST", "/api/deposits", { as: "user" });
    expect(refused.status).toBe(400);
  });

  test("a flag's null is its default, and the document says null is accepted", async () => {
    const reverse =
      paths["/api/admin/reverse-transaction"]?.post?.requestBody?.content["application/json"]
        ?.schema;
    expect(reverse?.properties?.dryRun?.type).toEqual(["boolean", "null"]);
    const res = await t.request("POST", "/api/admin/reverse-transaction", {
      body: { transactionId: 999_999, reason: "Typo", dryRun: null },
    });
    // Read (null: false), then the transaction is looked up: 404, not a 400 for the type.
    expect(res.status).toBe(404);
    const wrong = await t.request("POST", "/api/admin/reverse-transaction", {
      body: { transactionId: 999_999, reason: "Typo", dryRun: "yes" },
    });
    expect(wrong.status).toBe(400);
  });

  test("every operation declares the 400 an unknown parameter is", () => {
    for (const [name, contract] of Object.entries(contracts) as [string, Contract][]) {
      const responses = (
        paths[contract.path]?.[contract.method] as { responses?: object } | undefined
      )?.responses;
      expect({ name, has400: Object.hasOwn(responses ?? {}, "400") }).toEqual({
        name,
        has400: true,
      });
    }
  });
});

describe("a key or parameter sent twice (decision 090)", () => {
  test("a deposit with its amount twice is refused, not read as the last (400), and writes nothing", async () => {
    const before = { ledger: count("transactions"), audit: count("audit_log") };
    const res = await t.request("POST", "/api/deposits", {
      as: "user",
      body: `{"customerId":${ids.customerId},"shopId":${ids.shopId},"amount":"1.00","amount":"100.00"}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Field sent twice: amount",
      code: "VALIDATION",
      fields: { amount: "Sent twice" },
    });
    expect({ ledger: count("transactions"), audit: count("audit_log") }).toEqual(before);
  });

  test("a number written with an exponent beside a duplicate is still refused as sent twice", async () => {
    const res = await t.request("POST", "/api/deposits", {
      as: "user",
      body: `{"customerId":${ids.customerId},"shopId":${ids.shopId},"amount":1e3,"amount":"1.00"}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Field sent twice: amount");
  });

  test("the access rule first: anonymous is a 401, a role not admitted a 403, never the 400", async () => {
    const body = '{"firstName":"A","firstName":"B","lastName":"C"}';
    const anonymous = await t.request("POST", "/api/customers", { as: "anonymous", body });
    expect(anonymous.status).toBe(401);
    const customer = await t.request("POST", "/api/customers", { as: "customer", body });
    expect(customer.status).toBe(403);
    const staff = await t.request("POST", "/api/customers", { as: "user", body });
    expect(staff.status).toBe(400);
    expect(((await staff.json()) as { message: string }).message).toBe(
      "Field sent twice: firstName",
    );
  });

  test("a list filter sent twice is refused, not read as the first", async () => {
    const res = await t.request(
      "GET",
      `/api/bets?customerId=${ids.customerId}&customerId=${ids.customerId + 1}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Parameter sent twice: customerId",
      code: "VALIDATION",
    });
    expect((await t.request("GET", `/api/bets?customerId=${ids.customerId}`)).status).toBe(200);
  });
});
