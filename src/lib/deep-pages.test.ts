/**
 * Keyset paging (decision 043): `after`/`before` give the same pages as `offset`, in every
 * direction and sort they serve; `last=true` counts from the end; a bare `offset` past
 * MAX_OFFSET is a 400 that says what to do instead.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import { MAX_OFFSET } from "./list-query";

let t: TestApp;
const LIMIT = 7;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await seedBasics(t, { creditLimit: "100.00" });
  // 40 deposits over five amounts (ties for the sort to break by id), and 5 withdrawals.
  for (let i = 0; i < 40; i++) {
    await t.json("POST", "/api/deposits", {
      body: { ...ids, amount: `${(i % 5) + 1}.00`, description: `D${i}` },
    });
  }
  for (let i = 0; i < 5; i++) {
    await t.json("POST", "/api/withdrawals", { body: { ...ids, amount: "1.00" } });
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

  test("a sort keyset cannot serve (a joined name) pages by offset; a missing row too", async () => {
    const pages = await byOffset("sort=processedBy");
    const second = await ids(`sort=processedBy&offset=${LIMIT}&after=${pages[0]?.at(-1)}`);
    expect(second).toEqual(pages[1] ?? []);
    expect(await ids(`type=DEPOSIT&after=999999&offset=${LIMIT}`)).toEqual(
      (await byOffset("type=DEPOSIT"))[1] ?? [],
    );
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
