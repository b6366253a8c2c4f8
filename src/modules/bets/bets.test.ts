import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { count } from "drizzle-orm";
import { balances, ledgerViolations } from "../../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { auditLog, bets, transactions } from "../../db/schema";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "50.00" });
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  t.close();
});

const place = (
  body: Record<string, unknown>,
  as: "admin" | "user" | "customer" = "user",
  headers = {},
) =>
  t.request("POST", "/api/bets", {
    as,
    headers,
    body: { ...ids, description: "Derby", stakeAmount: "10.00", odds: "2.00", ...body },
  });
const rowCounts = () => ({
  bets: t.handle.db.select({ n: count() }).from(bets).get()?.n,
  transactions: t.handle.db.select({ n: count() }).from(transactions).get()?.n,
});

describe("placing a bet", () => {
  test("rounds the potential payout half-up to the cent (10.01 x 1.55 = 15.52)", async () => {
    const res = await place({ stakeAmount: "10.01", odds: "1.55" });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { potentialPayout: string }).potentialPayout).toBe("15.52");
  });

  test("accepts a client potentialPayout that matches and refuses one that differs (400)", async () => {
    expect(
      (await place({ stakeAmount: "10.01", odds: "1.55", potentialPayout: "15.52" })).status,
    ).toBe(201);
    const res = await place({ stakeAmount: "10.01", odds: "1.55", potentialPayout: "15.51" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("15.52");
  });

  test("a potentialPayout above one field's 99,999,999.99 is judged, not refused as too large", async () => {
    const body = { stakeAmount: "99999999.99", odds: "999/1", allowOvercredit: true };
    const right = await place({ ...body, potentialPayout: "99999999990.00" }, "admin");
    expect(right.status).toBe(201);
    expect(((await right.json()) as { potentialPayout: string }).potentialPayout).toBe(
      "99999999990.00",
    );
    const wrong = await place({ ...body, potentialPayout: "99999999990.01" }, "admin");
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toContain("99999999990.00");
  });

  test("refuses a stake above balance + credit limit with 422 and writes nothing", async () => {
    const before = rowCounts();
    const res = await place({ stakeAmount: "50.01" });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Insufficient Funds: balance €0.00, credit limit €50.00, available €50.00, stake €50.01",
    );
    expect(rowCounts()).toEqual(before);
  });

  test("a void reason beside any outcome but Void is refused, not dropped (400)", async () => {
    const before = rowCounts();
    for (const outcome of [undefined, "PENDING", "WON", "LOST"]) {
      const res = await place({ outcome, voidReason: "Abandoned" }, "admin");
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
        voidReason: "Only a Void settlement has a void reason",
      });
    }
    expect(rowCounts()).toEqual(before);
    const voided = await place({ outcome: "VOID", voidReason: "Abandoned" }, "admin");
    expect(voided.status).toBe(201);
    expect(((await voided.json()) as { voidReason: string }).voidReason).toBe("Abandoned");
  });

  test("allows exactly the available funds", async () => {
    expect((await place({ stakeAmount: "50.00" })).status).toBe(201);
    expect(balances(t.handle.sqlite, ids.customerId, ids.shopId).customer).toBe(-5000);
  });

  test("a customer who allows overdraft may go past the credit limit, raising a credit alert", async () => {
    await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { allowOverdraft: true } });
    expect((await place({ stakeAmount: "80.00" })).status).toBe(201);
    const alerts = await t.json<{ title: string }[]>("GET", "/api/alerts");
    expect(alerts.map((a) => a.title)).toContain("Customer beyond credit limit");
  });

  test("an admin may allow overcredit; staff sending it get 403", async () => {
    const staff = await place({ stakeAmount: "80.00", allowOvercredit: true }, "user");
    expect(staff.status).toBe(403);
    const admin = await place({ stakeAmount: "80.00", allowOvercredit: true }, "admin");
    expect(admin.status).toBe(201);
    expect(((await admin.json()) as { allowOvercredit: boolean }).allowOvercredit).toBe(true);
  });

  test("the customer role cannot place bets", async () => {
    expect((await place({}, "customer")).status).toBe(403);
  });

  test("refuses inactive customers and shops, and unknown ones", async () => {
    await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { isActive: false } });
    expect((await place({})).status).toBe(422);
    await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { isActive: true } });
    await t.json("PATCH", `/api/shops/${ids.shopId}`, { body: { isActive: false } });
    expect((await place({})).status).toBe(422);
    expect((await place({ customerId: 9999 })).status).toBe(404);
  });

  test("large stakes and payouts raise a warning alert", async () => {
    await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { creditLimit: "20000" } });
    await place({ stakeAmount: "1000.00", odds: "1.01" });
    const alerts = await t.json<{ title: string; type: string }[]>("GET", "/api/alerts");
    expect(alerts.filter((a) => a.title === "Large bet placed")).toHaveLength(1);
    expect(alerts[0]?.type).toBe("warning");
  });

  test("writes an audit row with the bet", async () => {
    const res = await place({});
    const bet = (await res.json()) as { id: number };
    const audit = t.handle.db
      .select()
      .from(auditLog)
      .all()
      .filter((a) => a.action === "bet.place");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entityType: "BET",
      entityId: String(bet.id),
      actorId: t.ids.user,
    });
  });
});

describe("validation messages", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["customerId", { customerId: "" }, "customerId", "Customer is required"],
    ["shopId", { shopId: null }, "shopId", "Shop is required"],
    ["description", { description: "   " }, "description", "Description is required"],
    ["stakeAmount", { stakeAmount: "" }, "stakeAmount", "Stake amount is required"],
    ["odds", { odds: "" }, "odds", "Odds are required"],
    ["stake minimum", { stakeAmount: "0" }, "stakeAmount", "Stake amount must be at least 0.01"],
    ["odds minimum", { odds: "1.00" }, "odds", "Odds must be at least 1.01"],
    ["stake decimals", { stakeAmount: "1.0015" }, "stakeAmount", "At most 2 decimal places"],
  ];
  for (const [name, body, field, message] of cases) {
    test(`${name}: 400 with "${message}"`, async () => {
      const res = await place(body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { message: string; fields: Record<string, string> };
      expect(json.fields[field]).toBe(message);
    });
  }
});

describe("resolving", () => {
  test("VOID needs a non-blank reason (400) and changes nothing", async () => {
    const bet = (await (await place({})).json()) as { id: number };
    const res = await t.request("PATCH", `/api/bets/${bet.id}/resolve`, {
      body: { status: "VOID", voidReason: "   " },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Please provide a reason for voiding this bet",
    );
    expect((await t.json<{ status: string }>("GET", `/api/bets/${bet.id}`)).status).toBe("PENDING");
  });

  test("a void reason beside Won, Placed or Lost is refused, not dropped (400)", async () => {
    const bet = (await (await place({})).json()) as { id: number };
    for (const status of ["WON", "PLACED", "LOST"]) {
      const res = await t.request("PATCH", `/api/bets/${bet.id}/resolve`, {
        body: { status, voidReason: "Abandoned" },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: "Only a Void settlement has a void reason",
        code: "VALIDATION",
        fields: { voidReason: "Only a Void settlement has a void reason" },
      });
    }
    expect(rowCounts().transactions).toBe(1);
    expect((await t.json<{ status: string }>("GET", `/api/bets/${bet.id}`)).status).toBe("PENDING");
    // A blank one is none, as everywhere.
    const won = await t.request("PATCH", `/api/bets/${bet.id}/resolve`, {
      body: { status: "WON", voidReason: "  " },
    });
    expect(won.status).toBe(200);
  });

  test("the SPEC's optional result is kept in the settlement's audit row", async () => {
    const after = () => {
      const row = t.handle.sqlite
        .query("select after from audit_log where action = 'bet.resolve' order by id desc limit 1")
        .get() as { after: string };
      return JSON.parse(row.after) as { status: string; result?: string };
    };
    const first = (await (await place({})).json()) as { id: number };
    const lost = await t.json<Record<string, unknown>>("PATCH", `/api/bets/${first.id}/resolve`, {
      body: { status: "LOST", result: "  Finished 4th " },
    });
    expect(lost).not.toHaveProperty("result");
    expect(after()).toMatchObject({ status: "LOST", result: "Finished 4th" });
    const second = (await (await place({})).json()) as { id: number };
    await t.json("PATCH", `/api/bets/${second.id}/resolve`, { body: { status: "LOST" } });
    expect(after()).not.toHaveProperty("result");
  });

  test("records who resolved it and when", async () => {
    const bet = (await (await place({})).json()) as { id: number };
    const won = await t.json<{ resolvedByUser: { username: string }; resolvedAt: string }>(
      "PATCH",
      `/api/bets/${bet.id}/resolve`,
      { body: { status: "WON" }, as: "user" },
    );
    expect(won.resolvedByUser.username).toBe("user1");
    expect(Date.parse(won.resolvedAt)).toBeGreaterThan(0);
  });

  test("an unknown bet is 404", async () => {
    expect(
      (await t.request("PATCH", "/api/bets/4242/resolve", { body: { status: "WON" } })).status,
    ).toBe(404);
    expect((await t.request("GET", "/api/bets/4242")).status).toBe(404);
    expect((await t.request("GET", "/api/bets/abc")).status).toBe(404);
  });
});

describe("idempotency", () => {
  test("a replay with the same key and body returns the first response and changes nothing", async () => {
    const headers = { "Idempotency-Key": "dialog-1" };
    const first = await place({}, "user", headers);
    const before = rowCounts();
    const second = await place({}, "user", headers);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    expect(rowCounts()).toEqual(before);
  });

  test("the same key with another body is 409", async () => {
    const headers = { "Idempotency-Key": "dialog-2" };
    await place({}, "user", headers);
    const res = await place({ stakeAmount: "11.00" }, "user", headers);
    expect(res.status).toBe(409);
  });

  test("keys belong to their user", async () => {
    const headers = { "Idempotency-Key": "shared" };
    await place({}, "user", headers);
    expect((await place({}, "admin", headers)).status).toBe(201);
    expect(rowCounts().bets).toBe(2);
  });

  test("deposits honour the key too", async () => {
    const headers = { "Idempotency-Key": "dep-1" };
    const body = { ...ids, amount: "5.00" };
    await t.json("POST", "/api/deposits", { body, headers });
    await t.json("POST", "/api/deposits", { body, headers });
    expect(balances(t.handle.sqlite, ids.customerId, ids.shopId).customer).toBe(500);
  });
});

describe("listing", () => {
  test("pages, filters, searches and sorts on the server with X-Total-Count", async () => {
    await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { creditLimit: "1000" } });
    for (let i = 1; i <= 7; i++) await place({ description: `Race ${i}`, stakeAmount: `${i}.00` });
    const page = await t.request("GET", "/api/bets?limit=3&offset=3&sort=stakeAmount&order=asc");
    expect(page.headers.get("x-total-count")).toBe("7");
    const rows = (await page.json()) as { stakeAmount: string }[];
    expect(rows.map((r) => r.stakeAmount)).toEqual(["4.00", "5.00", "6.00"]);
    const search = await t.request("GET", "/api/bets?q=race%207");
    expect(search.headers.get("x-total-count")).toBe("1");
    const byName = await t.request("GET", "/api/bets?q=LOVELACE&limit=1");
    expect(byName.headers.get("x-total-count")).toBe("7");
    const pending = await t.request("GET", `/api/bets?status=PENDING&customerId=${ids.customerId}`);
    expect(pending.headers.get("x-total-count")).toBe("7");
    const today = new Date().toISOString().slice(0, 10);
    const dated = await t.request("GET", `/api/bets?from=${today}&to=${today}`);
    expect(dated.headers.get("x-total-count")).toBe("7");
  });

  test("rejects bad list parameters with 400", async () => {
    for (const q of [
      "limit=0",
      "limit=501",
      "offset=-1",
      "sort=password",
      "order=up",
      "status=MAYBE",
      "from=yesterday",
    ]) {
      expect((await t.request("GET", `/api/bets?${q}`)).status).toBe(400);
    }
  });

  test("a search with LIKE wildcards takes them literally", async () => {
    await place({ description: "100% sure" });
    await place({ description: "% off" });
    await place({ description: "plain" });
    // One character matches the start of a text (decisions/023); three or more, anywhere.
    const res = await t.request("GET", "/api/bets?q=%25");
    expect(res.headers.get("x-total-count")).toBe("1");
    const inside = await t.request("GET", "/api/bets?q=0%25%20s");
    expect(inside.headers.get("x-total-count")).toBe("1");
  });
});
