/**
 * Issue 13, "CSV of any list": format=csv on the four lists answers every row of the same
 * search, filters and sort as the JSON pages put end to end, neutralises formula cells, keeps
 * to the caller's rows, and streams a large list with its memory flat. The columns a
 * bookkeeper gets (issue 23, decision 064) and their sums: src/lib/csv-bookkeeping.test.ts.
 */
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseCsv } from "../../tests/helpers/csv";
import {
  createAccount,
  createTestApp,
  ORIGIN,
  seedBasics,
  type TestApp,
} from "../../tests/helpers/test-app";
import { betDto, customerDto } from "../domain/dto";
import { listQuerySchema } from "../domain/list-query";
import { CSV_COLUMNS as AUDIT_COLUMNS } from "../modules/admin/audit.csv";
import { CSV_COLUMNS as BET_COLUMNS } from "../modules/bets/bets.csv";
import { CSV_COLUMNS as CUSTOMER_COLUMNS, JOB_WORK } from "../modules/customers/customers.csv";
import { CSV_COLUMNS as SHOP_COLUMNS } from "../modules/shops/shops.csv";
import { CSV_COLUMNS as TRANSACTION_COLUMNS } from "../modules/transactions/transactions.csv";
import { type CsvInput, csvCell, csvColumns, csvRecord } from "./csv-export";
import { type JobWork, STREAM_CREDITS, streamWork } from "./jobs";

let t: TestApp;

async function csvOf(path: string, as: "admin" | "user" | "customer" = "admin") {
  const res = await t.request("GET", path, { as });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const bytes = new Uint8Array(await res.arrayBuffer());
  // A UTF-8 byte order mark first (spreadsheets then read accents right); text() drops it.
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes));
  return { res, header: header as string[], rows };
}

/** Every JSON page of `path` (2 rows a page), end to end. */
async function allPages(path: string, as: "admin" | "user" | "customer" = "admin") {
  const items: unknown[] = [];
  for (let offset = 0; ; offset += 2) {
    const sep = path.includes("?") ? "&" : "?";
    const page = await t.json<unknown[]>("GET", `${path}${sep}limit=2&offset=${offset}`, { as });
    items.push(...page);
    if (page.length < 2) return items;
  }
}

describe("CSV of the lists (small database)", () => {
  let shopId: number;
  let customerId: number;

  beforeEach(async () => {
    t = await createTestApp();
    t.deps.clock = () => Date.parse("2026-11-22T10:00:00.250Z");
    t.deps.businessTimeZone = "Europe/Berlin";
    ({ shopId, customerId } = await seedBasics(t, { creditLimit: "100" }));
    await t.json("POST", "/api/shops", { body: { name: "Harbour", location: "Cork" } });
    const names = [
      ['=HYPERLINK("http://evil.example","click")', "Anderson"],
      ["+1", "Adams"],
      ["@x", "Abbott"],
      ["-2+3", "Archer"],
      ["Alan", "Turing"],
      ["Grace", "Hopper"],
    ];
    for (const [firstName, lastName] of names) {
      const c = await t.json<{ id: number }>("POST", "/api/customers", {
        body: { firstName, lastName, creditLimit: "50" },
      });
      await t.json("POST", "/api/deposits", {
        body: { customerId: c.id, shopId, amount: `${10 + (c.id % 4)}.25` },
      });
      for (const stake of ["2", "3.5"]) {
        await t.json("POST", "/api/bets", {
          body: {
            customerId: c.id,
            shopId,
            description: `Race ${firstName}`,
            stakeAmount: stake,
            odds: "2.5",
          },
        });
      }
    }
    // Ada bets on credit: her balance goes negative ("-7.00").
    await t.json("POST", "/api/bets", {
      body: { customerId, shopId, description: "Derby", stakeAmount: "7", odds: "3" },
    });
  });
  afterEach(() => t.close());

  const cases = [
    {
      list: "customers",
      columns: CUSTOMER_COLUMNS,
      query: "q=a&status=ACTIVE&sort=lastName&order=desc",
    },
    { list: "customers", columns: CUSTOMER_COLUMNS, query: "sort=balance" },
    { list: "shops", columns: SHOP_COLUMNS, query: "status=ACTIVE&sort=name&order=desc" },
    { list: "bets", columns: BET_COLUMNS, query: "status=PENDING&sort=customer&order=asc" },
    { list: "bets", columns: BET_COLUMNS, query: "q=race&sort=stakeAmount&order=desc" },
    {
      list: "transactions",
      columns: TRANSACTION_COLUMNS,
      query: "type=DEPOSIT&sort=amount&order=desc",
    },
    { list: "transactions", columns: TRANSACTION_COLUMNS, query: "q=ada" },
  ] as const;

  for (const { list, columns, query } of cases) {
    test(`${list}?${query}: the CSV is the JSON pages end to end`, async () => {
      const json = await allPages(`/api/${list}?${query}`);
      const { res, header, rows } = await csvOf(
        `/api/${list}?${query}&format=csv&limit=1&offset=1`,
      );
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="${list}-2026-11-22.csv"`,
      );
      expect(header).toEqual(columns.map((c) => c.name));
      expect(json.length).toBeGreaterThan(1);
      // Same rows, same order, every cell from the JSON field (money as its decimal string,
      // times UTC to the second, localTime in the business zone); a bet's signedAmount and
      // whose it is come from its ledger rows (csv-bookkeeping.test.ts), not from its JSON.
      const input: CsvInput = {
        query: listQuerySchema.parse({}),
        own: null,
        now: 0,
        timeZone: "Europe/Berlin",
        decimal: "point",
      };
      const fromLedger = ["signedAmount", "signedForType", "signedForId"];
      const fromJson = columns.filter((c) => !(list === "bets" && fromLedger.includes(c.name)));
      const pick = (row: string[]) => fromJson.map((c) => row[header.indexOf(c.name)]);
      expect(rows.map(pick)).toEqual(json.map((item) => csvRecord(fromJson, item, input)));
      const at = (name: string) => rows[0]?.[header.indexOf(name)];
      expect(at("createdAt")).toBe("2026-11-22T10:00:00Z");
      expect(at("localTime")).toBe("2026-11-22 11:00:00");
    });
  }

  test("the deterministic header of each list (deliberate changes: decisions 064, 084)", () => {
    const names = (columns: { name: string }[]) => columns.map((c) => c.name).join(",");
    expect(names(CUSTOMER_COLUMNS)).toBe(
      "id,firstName,lastName,email,phone,address,dateOfBirth,balance,creditLimit,allowOverdraft,isActive,localTime,createdAt,createdByUser.id,createdByUser.username,maxStake,dailyDepositLimit,selfExcludedUntil,pendingLimits.maxStake.value,pendingLimits.maxStake.appliesAt,pendingLimits.dailyDepositLimit.value,pendingLimits.dailyDepositLimit.appliesAt,pendingLimits.selfExcludedUntil.value,pendingLimits.selfExcludedUntil.appliesAt",
    );
    expect(names(SHOP_COLUMNS)).toBe(
      "id,name,location,address,phone,balance,isActive,localTime,createdAt",
    );
    expect(names(BET_COLUMNS)).toBe(
      "id,description,payment,shiftId,paid.amount,paid.at,paid.by.id,paid.by.username,paid.shiftId,paid.shop.id,paid.shop.name,eachWay.places,eachWay.fraction,stakeAmount,totalStake,odds,price,potentialPayout,actualPayout,signedAmount,signedForType,signedForId,deadHeat.win,deadHeat.place,rule4Deduction,allowOvercredit,status,voidReason,localTime,createdAt,resolvedAt,customer.id,customer.firstName,customer.lastName,shop.id,shop.name,placedByUser.id,placedByUser.username,resolvedByUser.id,resolvedByUser.username",
    );
    expect(names(TRANSACTION_COLUMNS)).toBe(
      "id,type,amount,signedAmount,signedForType,signedForId,description,status,fromEntityType,fromEntityId,toEntityType,toEntityId,localTime,createdAt,archived,archivedAt,reversalOf,shiftId,reason,fromCustomer.firstName,fromCustomer.lastName,toCustomer.firstName,toCustomer.lastName,fromShop.name,toShop.name,bet.id,bet.description,processedByUser.id,processedByUser.username",
    );
    expect(names(AUDIT_COLUMNS)).toBe(
      "id,actorId,actorUsername,action,entityType,entityId,before,after,ip,requestId,localTime,createdAt",
    );
    // The duplicates are gone: an id beside its object's `.id`, a bet's outcome beside status.
    for (const gone of ["customerId", "shopId", "outcome", "placedBy", "resolvedBy"]) {
      expect(names(BET_COLUMNS).split(",")).not.toContain(gone);
    }
  });

  test("the API document offers text/csv on the lists beside their JSON page", async () => {
    type Operation = {
      parameters: { name: string }[];
      responses: { 200: { content: Record<string, unknown> } };
      "x-csv"?: { content: Record<string, unknown> };
    };
    const doc = await t.json<{ paths: Record<string, { get: Operation }> }>(
      "GET",
      "/api/openapi.json",
    );
    for (const list of ["customers", "shops", "bets", "transactions", "admin/audit"]) {
      const get = doc.paths[`/api/${list}`]?.get;
      // The JSON page alone in the 200, so generated clients type it as an array (decision 059).
      expect(Object.keys(get?.responses[200].content ?? {})).toEqual(["application/json"]);
      expect(Object.keys(get?.["x-csv"]?.content ?? {})).toEqual(["text/csv"]);
      expect(get?.parameters.map((p) => p.name)).toContain("format");
    }
    const users = doc.paths["/api/admin/users"]?.get;
    expect(Object.keys(users?.responses[200].content ?? {})).toEqual(["application/json"]);
    expect(users?.["x-csv"]).toBeUndefined();
  });

  test("the header names the JSON fields, nested ones as a.b", () => {
    expect(csvColumns(betDto)).toContain("customer.lastName");
    expect(csvColumns(betDto)).toContain("stakeAmount");
    expect(csvColumns(customerDto)).toContain("pendingLimits.selfExcludedUntil.appliesAt");
  });

  test("formula cells are neutralised; negative amounts stay numbers", async () => {
    const { header, rows } = await csvOf("/api/customers?format=csv&sort=id");
    const first = header.indexOf("firstName");
    const balance = header.indexOf("balance");
    const firstNames = rows.map((r) => r[first]);
    expect(firstNames).toContain('\'=HYPERLINK("http://evil.example","click")');
    expect(firstNames).toContain("'+1");
    expect(firstNames).toContain("'@x");
    expect(firstNames).toContain("'-2+3");
    expect(firstNames).toContain("Alan");
    const ada = rows.find((r) => r[first] === "Ada") as string[];
    expect(ada[balance]).toBe("-7.00");
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell("-12.5x")).toBe("'-12.5x");
    expect(csvCell(false)).toBe("false");
    expect(csvCell(null)).toBe("");
  });

  test("a bad format or filter is a 400 before anything streams", async () => {
    for (const path of ["/api/bets?format=xml", "/api/bets?format=csv&status=NOPE"]) {
      const res = await t.request("GET", path);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("VALIDATION");
    }
  });

  test("the JSON answer is unchanged without format (and with format=json)", async () => {
    const plain = await t.json<unknown[]>("GET", "/api/bets?limit=3");
    const json = await t.json<unknown[]>("GET", "/api/bets?limit=3&format=json");
    expect(json).toEqual(plain);
    expect(plain).toHaveLength(3);
  });

  test("a cashier exports everything; a customer login only its own rows", async () => {
    const staff = await csvOf("/api/bets?format=csv", "user");
    expect(staff.rows).toHaveLength(13);
    // Created by an admin, signed in and past the forced password change (decision 046).
    const { cookie } = await createAccount(t, { username: "ada", role: "customer", customerId });
    const asAda = async (path: string) => {
      const res = await t.app.request(`${ORIGIN}${path}`, {
        headers: { Cookie: cookie, Origin: ORIGIN },
      });
      expect(res.status).toBe(200);
      const [header, ...rows] = parseCsv(await res.text());
      return { header: header as string[], rows };
    };
    const bets = await asAda("/api/bets?format=csv");
    expect(bets.rows).toHaveLength(1);
    expect(bets.rows[0]?.[bets.header.indexOf("customer.id")]).toBe(String(customerId));
    const people = await asAda("/api/customers?format=csv");
    expect(people.rows.map((r) => r[people.header.indexOf("id")])).toEqual([String(customerId)]);
    const ledger = await asAda("/api/transactions?format=csv");
    expect(ledger.rows.length).toBeGreaterThan(0);
    // Another customer's id in the filter: none of hers, an empty file (issue 20 item 13).
    expect((await asAda("/api/transactions?format=csv&customerId=999")).rows).toEqual([]);
    const from = ledger.header.indexOf("fromEntityId");
    const to = ledger.header.indexOf("toEntityId");
    for (const r of ledger.rows) expect([r[from], r[to]]).toContain(String(customerId));
    // Shops without their tills, and not sortable by them.
    const shops = await asAda("/api/shops?format=csv&sort=balance");
    expect(shops.rows).toHaveLength(2);
    for (const r of shops.rows) expect(r[shops.header.indexOf("balance")]).toBe("");
  });
});

describe("CSV of a large list (a database file, a worker)", () => {
  let dir: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "csv-export-"));
    t = await createTestApp(join(dir, "shop.db"));
  });
  afterEach(() => {
    t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("40,000 customers stream in order with the reader's memory flat", async () => {
    const rows = 40_000;
    t.handle.sqlite.run(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
       insert into customers (first_name, last_name, email, address, balance_cents, created_at)
       select 'First' || i, 'Last' || i, 'person' || i || '@example.com',
              i || ' Long Street, Some Town, Somewhere Far Away', i * 7, 1700000000000 + i from n`,
    );
    const res = await t.request("GET", "/api/customers?format=csv&sort=id");
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // The reader's memory: the JavaScript heap and the chunks' buffers outside it.
    const used = () => {
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    Bun.gc(true);
    const before = used();
    let peak = 0;
    let bytes = 0;
    let lines = 0;
    let tail = "";
    let chunks = 0;
    let lastId = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      bytes += value.length;
      const text = tail + decoder.decode(value, { stream: true });
      const parts = text.split("\n");
      tail = parts.pop() ?? "";
      lines += parts.length;
      const id = Number(parts.at(-1)?.split(",")[0]);
      if (Number.isFinite(id) && id > 0) {
        expect(id).toBeGreaterThan(lastId);
        lastId = id;
      }
      // A slow reader: the worker, faster, must wait for it rather than pile chunks up here.
      chunks += 1;
      if (chunks % 5 === 0) {
        await Bun.sleep(100);
        Bun.gc(true);
        peak = Math.max(peak, used() - before);
      }
    }
    expect(lines).toBe(rows + 1);
    expect(lastId).toBe(rows);
    expect(bytes).toBeGreaterThan(6_000_000);
    // Two chunks in flight at most (a few hundred KB): far below the file's size.
    expect(peak).toBeLessThan(bytes / 4);
  }, 60_000);

  test("the worker waits for a slow reader: never more than two chunks ahead", async () => {
    t.handle.sqlite.run(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000)
       insert into customers (first_name, last_name, created_at) select 'F' || i, 'L' || i, i from n`,
    );
    let most = 0;
    const input: CsvInput = {
      query: listQuerySchema.parse({ sort: "id" }),
      own: null,
      now: Date.now(),
      timeZone: "UTC",
      decimal: "point",
    };
    const stream = streamWork(
      t.deps.sqlite,
      {
        module: new URL("../modules/customers/customers.csv.ts", import.meta.url).href,
        name: "csv",
      },
      input,
      (waiting) => {
        most = Math.max(most, waiting);
      },
    );
    const reader = stream.getReader();
    let chunks = 0;
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
      chunks += 1;
      // Reads slower than the worker writes: without credits the chunks would pile up.
      await Bun.sleep(30);
    }
    expect(chunks).toBeGreaterThan(20);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(STREAM_CREDITS);
  }, 60_000);

  test("the export is one snapshot, taken before the header leaves: a row committed right after it is not in it", async () => {
    t.handle.sqlite.run(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 1200)
       insert into customers (first_name, last_name, created_at) select 'F' || i, 'L' || i, i from n`,
    );
    // The worker's own work, driven by hand on a read-only connection of its own (as the
    // worker opens it), so the write lands exactly between the header and the first row:
    // no race with the worker thread decides whether the snapshot was already taken.
    const reader = new Database(join(dir, "shop.db"), { readonly: true, strict: true });
    const input: CsvInput = {
      query: listQuerySchema.parse({ sort: "id" }),
      own: null,
      now: Date.now(),
      timeZone: "UTC",
      decimal: "point",
    };
    const chunks: string[] = [];
    try {
      (JOB_WORK.csv as JobWork)({
        sqlite: reader,
        input,
        progress: () => {},
        emit: (chunk) => {
          chunks.push(chunk);
          if (chunks.length > 1) return;
          // The header has left: a customer committed now sorts last, where a walk whose
          // snapshot began at its first read would still reach it.
          t.handle.sqlite.run(
            "insert into customers (first_name, last_name, created_at) values ('Late', 'Arrival', 0)",
          );
        },
      });
    } finally {
      reader.close();
    }
    const text = chunks.join("");
    expect(chunks.length).toBeGreaterThan(2);
    expect(text.trimEnd().split("\n")).toHaveLength(1_201);
    expect(text).not.toContain("Arrival");
    // The row is there for the next download.
    const live = await t.request("GET", "/api/customers?format=csv&q=Arrival");
    expect(await live.text()).toContain("Arrival");
  });

  test("a reader that goes away stops the export; the next one runs", async () => {
    t.handle.sqlite.run(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 5000)
       insert into customers (first_name, last_name, created_at) select 'F' || i, 'L' || i, i from n`,
    );
    const res = await t.request("GET", "/api/customers?format=csv");
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const again = await t.request("GET", "/api/customers?format=csv&q=F4999");
    const text = await again.text();
    expect(text.split("\n").filter(Boolean)).toHaveLength(2);
  }, 60_000);
});
