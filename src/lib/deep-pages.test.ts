/**
 * Keyset paging (decision 043): `after`/`before` give the same pages as `offset`, in every
 * direction and sort they serve; `last=true` counts from the end; a bare `offset` past
 * MAX_OFFSET is a 400 that says what to do instead. Decision 077: on a sort that pages by
 * offset a boundary must agree with the offset sent beside it, a boundary row that does not
 * exist is a 400, and each list's reference names the sorts that page by keyset.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import { KEYSET_SORTS, SORT_KEYS } from "../domain/list-query";
import { MAX_OFFSET } from "./list-query";

let t: TestApp;
let party: { shopId: number; customerId: number };
const LIMIT = 7;

beforeAll(async () => {
  t = await createTestApp();
  party = await seedBasics(t, { creditLimit: "100.00" });
  // 40 deposits over five amounts (ties for the sort to break by id), and 5 withdrawals.
  for (let i = 0; i < 40; i++) {
    await t.json("POST", "/api/deposits", {
      body: { ...party, amount: `${(i % 5) + 1}.00`, description: `D${i}` },
    });
  }
  for (let i = 0; i < 5; i++) {
    await t.json("POST", "/api/withdrawals", { body: { ...party, amount: "1.00" } });
  }
});
afterAll(() => t.close());

async function ids(query: string): Promise<number[]> {
  const rows = await t.json<{ id: number }[]>("GET", `/api/transactions?limit=${LIMIT}&${query}`);
  return rows.map((r) => r.id);
}

/** Every page by offset, end to end. */
async function byOffset(query: string): Promise<number[][]> {
  const pages: number[][] = [];
  for (let offset = 0; ; offset += LIMIT) {
    const page = await ids(`${query}&offset=${offset}`);
    if (page.length === 0) return pages;
    pages.push(page);
  }
}

const QUERIES = [
  "",
  "type=DEPOSIT&sort=amount&order=desc",
  "type=DEPOSIT&sort=amount&order=asc",
  "sort=createdAt&order=asc",
  "sort=id&order=desc",
];

describe("keyset paging", () => {
  for (const query of QUERIES) {
    test(`after and before give the offset pages (${query || "default order"})`, async () => {
      const pages = await byOffset(query);
      expect(pages.length).toBeGreaterThan(3);
      // Forward: each page after the last row of the one before.
      for (let i = 1; i < pages.length; i++) {
        const previous = pages[i - 1] ?? [];
        expect(await ids(`${query}&after=${previous.at(-1)}`)).toEqual(pages[i] ?? []);
      }
      // Backward: each page before the first row of the one after it.
      for (let i = pages.length - 1; i > 0; i--) {
        expect(await ids(`${query}&before=${pages[i]?.[0]}`)).toEqual(pages[i - 1] ?? []);
      }
      // The last page counted from the end is the list's last LIMIT rows, in list order.
      const all = pages.flat();
      expect(await ids(`${query}&last=true`)).toEqual(all.slice(-LIMIT));
      expect(await ids(`${query}&last=true&offset=${LIMIT}`)).toEqual(
        all.slice(-2 * LIMIT, -LIMIT),
      );
    });
  }

  test("the total stays the list's total on a keyset page", async () => {
    const first = await ids("type=DEPOSIT");
    const res = await t.request(
      "GET",
      `/api/transactions?limit=${LIMIT}&type=DEPOSIT&after=${first.at(-1)}`,
    );
    expect(res.headers.get("X-Total-Count")).toBe("40");
  });

  test("a sort keyset cannot serve (a joined name) pages by the offset sent with the boundary", async () => {
    const pages = await byOffset("sort=processedBy");
    const second = await ids(`sort=processedBy&offset=${LIMIT}&after=${pages[0]?.at(-1)}`);
    expect(second).toEqual(pages[1] ?? []);
    // The web pager's Previous to page 1: before the second page's first row, offset 0.
    expect(await ids(`sort=processedBy&offset=0&before=${pages[1]?.[0]}`)).toEqual(pages[0] ?? []);
    // Its Next from the second page from the end to the last page: after, last=true&offset=0.
    const all = pages.flat();
    expect(await ids(`sort=processedBy&last=true&offset=0&after=${all.at(-LIMIT - 1)}`)).toEqual(
      all.slice(-LIMIT),
    );
  });

  test("after with no offset on a sort that pages by offset is a 400 naming the sorts that take it", async () => {
    const first = await ids("sort=processedBy");
    // Once answered with the first page again, on which a client walking by `after` looped.
    for (const query of [
      `sort=processedBy&after=${first.at(-1)}`,
      `sort=processedBy&offset=0&after=${first.at(-1)}`,
      `sort=processedBy&last=true&before=${first[0]}`,
    ]) {
      const res = await t.request("GET", `/api/transactions?limit=${LIMIT}&${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe("VALIDATION");
      expect(body.message).toStartWith("sort=processedBy pages by offset");
      expect(body.message).toContain("send the page's offset with it");
      expect(body.message).toEndWith(": id, type, amount, status, createdAt");
    }
  });

  test("a page by offset that holds its own boundary row is a 400: before=<first row> walks no further", async () => {
    const first = await ids("sort=processedBy");
    for (const query of [
      `sort=processedBy&before=${first[0]}`,
      `sort=processedBy&offset=0&before=${first[1]}`,
      `sort=processedBy&offset=${LIMIT}&after=${(await ids(`sort=processedBy&offset=${LIMIT}`))[0]}`,
    ]) {
      const res = await t.request("GET", `/api/transactions?limit=${LIMIT}&${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe("VALIDATION");
      expect(body.message).toStartWith("sort=processedBy pages by offset, and row #");
      expect(body.message).toContain("send the offset of the page");
    }
    // The page before a row of the second page is the first: still answered.
    const second = await ids(`sort=processedBy&offset=${LIMIT}`);
    expect(await ids(`sort=processedBy&offset=0&before=${second[0]}`)).toEqual(first);
  });

  test("after and before together are a 400: one boundary places a page", async () => {
    const ids = (await t.json<{ id: number }[]>("GET", `/api/transactions?limit=${LIMIT}`)).map(
      (r) => r.id,
    );
    for (const sort of ["", "&sort=amount", "&sort=processedBy&offset=7"]) {
      const res = await t.request(
        "GET",
        `/api/transactions?limit=${LIMIT}&after=${ids[0]}&before=${ids[3]}${sort}`,
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toStartWith(
        "after and before cannot both place the page",
      );
    }
  });

  test("a boundary row that does not exist is a 400, on any sort, with an offset or without", async () => {
    for (const query of [
      "type=DEPOSIT&after=999999",
      `type=DEPOSIT&after=999999&offset=${LIMIT}`,
      "sort=amount&before=999999",
      `sort=processedBy&offset=${LIMIT}&after=999999`,
    ]) {
      const res = await t.request("GET", `/api/transactions?limit=${LIMIT}&${query}`);
      expect(res.status).toBe(400);
      const { message } = (await res.json()) as { message: string };
      expect(message).toMatch(/^(after|before)=999999: there is no row #999999 in this list/);
    }
  });

  test("an offset past the bound is a 400 that says what to do instead", async () => {
    const res = await t.request("GET", `/api/transactions?offset=${MAX_OFFSET + 1}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toContain("narrow the search or filters");
    expect(body.message).toContain("after=");
    expect((await t.request("GET", `/api/transactions?offset=${MAX_OFFSET}`)).status).toBe(200);
  });
});

describe("which sorts page by keyset, per list (decision 077)", () => {
  const PATHS = {
    customers: "/api/customers",
    shops: "/api/shops",
    bets: "/api/bets",
    transactions: "/api/transactions",
    audit: "/api/admin/audit",
    shifts: "/api/shifts",
    alerts: "/api/alerts",
  } as const;

  test("the sorts the reference names take after= alone; the others need the page's offset", async () => {
    // A row in every list: a bet, a shift, and an alert (a user added raises one).
    await t.json("POST", "/api/bets", {
      body: { ...party, description: "Arkle", stakeAmount: "1.00", odds: "2.00" },
    });
    await t.json("POST", "/api/shifts", {
      as: "user",
      body: { shopId: party.shopId, openingFloat: "10.00" },
    });
    await t.json("POST", "/api/admin/users", {
      body: { username: "second1", password: "tangerine-lighthouse-42", role: "user" },
    });
    const doc = await t.json<{
      paths: Record<string, { get: { parameters: { name: string; description?: string }[] } }>;
    }>("GET", "/api/openapi.json");
    for (const [list, path] of Object.entries(PATHS) as [keyof typeof PATHS, string][]) {
      const [row] = await t.json<{ id: number }[]>("GET", `${path}?limit=1`);
      expect(row).toBeDefined();
      const keyset: readonly string[] = KEYSET_SORTS[list];
      const answered: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const sort of SORT_KEYS[list]) {
        const res = await t.request("GET", `${path}?sort=${sort}&limit=2&after=${row?.id}`);
        answered[sort] = res.status;
        expected[sort] = keyset.includes(sort) ? 200 : 400;
        if (res.status === 400) {
          const { message } = (await res.json()) as { message: string };
          expect(message).toStartWith(`sort=${sort} pages by offset`);
          expect(message).toEndWith(`sort by one that pages by after/before: ${keyset.join(", ")}`);
        }
        // With the page's offset beside it every sort answers.
        const paged = await t.request(
          "GET",
          `${path}?sort=${sort}&limit=2&offset=2&after=${row?.id}`,
        );
        expect(paged.status).toBe(200);
      }
      expect({ list, statuses: answered }).toEqual({ list, statuses: expected });
      const after = doc.paths[path]?.get.parameters.find((p) => p.name === "after");
      expect(after?.description).toContain(`sort = ${keyset.join(", ")}`);
    }
  });
});
