/**
 * Issue 25 item 8, "customers learn staff usernames": a generated test. It walks every read a
 * customer login may call (src/domain/contracts.ts), with the customer's own ids, as JSON and
 * as CSV, after staff and an admin have placed, settled, re-settled and taken money for it.
 * No answer may hold a staff username, and every field that names who did something at the
 * counter (STAFF_FIELDS, decisions/047) is null in the JSON and empty in the CSV. Staff still
 * get the names through the same calls. The walk failed before the change (createdByUser,
 * placedByUser, processedByUser, settledByUser and the slip's staff in JSON and CSV).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { z } from "zod";
import {
  createTestApp,
  ORIGIN,
  type TestApp,
  testPasswordHash,
} from "../../tests/helpers/test-app";
import { users } from "../db/schema";
import type { Contract } from "../domain/contract";
import { contracts } from "../domain/contracts";
import { STAFF_FIELDS } from "../domain/dto";
import type { Role } from "../domain/enums";
import { createSession } from "./auth/session";
import { admitsCustomers } from "./scope";

/** Distinctive staff usernames: neither may show in anything a customer login reads. */
const CLERK = "clerk.mary";
const ADMIN = "admin1";

const customerReads = Object.entries(contracts as Record<string, Contract>).filter(
  ([, c]) => admitsCustomers(c) && c.method === "get",
);

let t: TestApp;
let ids: Record<string, number | string>;
let customerCookie: string;
let clerkCookie: string;
let urls: { name: string; url: string; csv: boolean }[];

/** A user made as the test app makes its own (no first-sign-in password change). */
async function staffUser(username: string, role: Role, customerId: number | null = null) {
  return t.handle.db
    .insert(users)
    .values({
      username,
      passwordHash: await testPasswordHash(),
      role,
      customerId,
      createdAt: Date.now(),
    })
    .returning()
    .get();
}

async function get(cookie: string, url: string) {
  const res = await t.app.request(`${ORIGIN}${url}`, {
    headers: { Cookie: cookie, Origin: ORIGIN },
  });
  return { status: res.status, text: await res.text() };
}

/** Every object in a JSON answer, at any depth. */
function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (value !== null && typeof value === "object") {
    yield value as Record<string, unknown>;
    for (const inner of Object.values(value)) yield* objectsIn(inner);
  }
}

/** The rows of a CSV without quoted commas or line breaks (as these answers are). */
function csvRows(text: string): Record<string, string>[] {
  const [header = "", ...lines] = text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n");
  const columns = header.split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    return Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ""]));
  });
}

const isStaffColumn = (column: string) =>
  (STAFF_FIELDS as readonly string[]).includes(column.split(".")[0] ?? "");

beforeAll(async () => {
  t = await createTestApp();
  const shop = await t.json<{ id: number }>("POST", "/api/shops", {
    body: { name: "Main Street", location: "Dublin" },
  });
  const clerk = await staffUser(CLERK, "user");
  clerkCookie = `session=${createSession(t.handle.db, clerk.id, Date.now())}`;
  const asClerk = (method: string, path: string, body: unknown, expect = 201) =>
    t.json<{ id: number }>(method, path, {
      body,
      expect,
      headers: { Cookie: clerkCookie },
      as: "anonymous",
    });
  const customer = await asClerk("POST", "/api/customers", {
    firstName: "Ada",
    lastName: "Lovelace",
    creditLimit: "100",
  });
  const deposit = await asClerk("POST", "/api/deposits", {
    customerId: customer.id,
    shopId: shop.id,
    amount: "20.00",
  });
  const pending = await asClerk("POST", "/api/bets", {
    customerId: customer.id,
    shopId: shop.id,
    description: "Derby",
    stakeAmount: "5",
    odds: "2",
  });
  const settled = await asClerk("POST", "/api/bets", {
    customerId: customer.id,
    shopId: shop.id,
    description: "Oaks",
    stakeAmount: "2",
    odds: "3",
  });
  await asClerk("PATCH", `/api/bets/${settled.id}/resolve`, { status: "LOST" }, 200);
  // An admin corrects it: the settlement history names both.
  await t.json("POST", `/api/admin/bets/${settled.id}/resettle`, {
    body: { status: "WON", reason: "Photo finish misread" },
    expect: 200,
  });
  const login = await staffUser("ada", "customer", customer.id);
  customerCookie = `session=${createSession(t.handle.db, login.id, Date.now())}`;
  const slip = await t.json<{ code: string }>("GET", `/api/bets/${settled.id}/slip`);
  ids = {
    customers: customer.id,
    bets: settled.id,
    slips: slip.code,
    transactions: deposit.id,
    users: login.id,
    shops: shop.id,
  };
  expect(pending.id).toBeGreaterThan(0);
  urls = customerReads.flatMap(([name, contract]) => {
    const path = contract.path.replace(/\/([a-z-]+)\/\{\w+\}/g, (_all, resource: string) => {
      const value = ids[resource];
      if (value === undefined) throw new Error(`${contract.path}: no id for /${resource}/`);
      return `/${resource}/${encodeURIComponent(String(value))}`;
    });
    const probes = [{ name, url: path, csv: false }];
    if (contract.csv) probes.push({ name, url: `${path}?format=csv`, csv: true });
    return probes;
  });
});
afterAll(() => t.close());

describe("what a customer login reads of staff", () => {
  test("the walk reaches every read a customer may call, and the CSV exports", () => {
    expect(new Set(urls.map((u) => u.name))).toEqual(new Set(customerReads.map(([n]) => n)));
    expect(urls.filter((u) => u.csv).length).toBeGreaterThanOrEqual(3);
  });

  test("no staff username and no staff id, in JSON or CSV", async () => {
    for (const { name, url, csv } of urls) {
      const got = await get(customerCookie, url);
      const where = `${name} ${url}`;
      expect(`${where} -> ${got.status}`).toBe(`${where} -> 200`);
      for (const username of [CLERK, ADMIN]) {
        if (got.text.includes(username)) {
          throw new Error(`${where} shows "${username}": ${got.text.slice(0, 400)}`);
        }
      }
      if (csv) {
        for (const row of csvRows(got.text)) {
          for (const [column, cell] of Object.entries(row)) {
            if (isStaffColumn(column))
              expect(`${where} ${column}=${cell}`).toBe(`${where} ${column}=`);
          }
        }
      } else if (
        (contracts as Record<string, Contract>)[name]?.scope !== "shared" &&
        /^[[{]/.test(got.text)
      ) {
        // ("shared" answers, such as the API document, describe fields and name no one.)
        for (const object of objectsIn(JSON.parse(got.text))) {
          for (const field of STAFF_FIELDS) {
            if (field in object)
              expect(`${where} ${field}=${JSON.stringify(object[field])}`).toBe(
                `${where} ${field}=null`,
              );
          }
        }
      }
    }
  });

  test("staff still see who did it, through the same calls", async () => {
    const seen = new Set<string>();
    for (const { url } of urls) {
      const got = await get(clerkCookie, url);
      for (const username of [CLERK, ADMIN])
        if (got.text.includes(username)) seen.add(`${username} ${url}`);
    }
    for (const url of [
      "/api/bets",
      "/api/bets?format=csv",
      "/api/transactions",
      "/api/customers",
    ]) {
      expect(seen.has(`${CLERK} ${url}`)).toBe(true);
    }
    expect(seen.has(`${CLERK} /api/bets/${ids.bets}/slip`)).toBe(true);
    expect(seen.has(`${ADMIN} /api/bets/${ids.bets}/settlements`)).toBe(true);
  });

  test("a customer login has no live stream to learn them from", async () => {
    expect((await get(customerCookie, "/api/events")).status).toBe(403);
  });
});

/** The answer schema's object fields, at any depth: [field name, its schema unwrapped]. */
function* fieldsOf(schema: z.ZodType): Generator<[string, z.ZodType]> {
  let inner: z.ZodType = schema;
  for (;;) {
    if (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional)
      inner = inner.unwrap() as z.ZodType;
    else if (inner instanceof z.ZodArray) inner = inner.element as z.ZodType;
    else break;
  }
  if (inner instanceof z.ZodUnion) {
    for (const option of inner.options) yield* fieldsOf(option as z.ZodType);
  }
  if (!(inner instanceof z.ZodObject)) return;
  for (const [key, field] of Object.entries(inner.shape)) {
    yield [key, field as z.ZodType];
    // A field withheld whole (the slip's `paid`, decision 051) withholds what is inside it.
    if (!(STAFF_FIELDS as readonly string[]).includes(key)) yield* fieldsOf(field as z.ZodType);
  }
}

describe("STAFF_FIELDS covers every answer a customer login gets", () => {
  test("every field naming a user (a {id, username}, a ...By id, the slip's staff) is in it", () => {
    const missing = new Set<string>();
    for (const [name, contract] of customerReads) {
      if (!contract.response || contract.scope === "self") continue;
      for (const [key, field] of fieldsOf(contract.response)) {
        const names =
          /(By|ByUser|^staff|^user)$/.test(key) ||
          [...fieldsOf(field)].some(([k]) => k === "username");
        if (names && !(STAFF_FIELDS as readonly string[]).includes(key))
          missing.add(`${name}.${key}`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
