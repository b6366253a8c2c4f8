import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ledgerViolations } from "../../../tests/helpers/invariants";
import {
  type Caller,
  createTestApp,
  seedTwoShops,
  type TestApp,
  type TwoShops,
} from "../../../tests/helpers/test-app";
import type { ShiftDto, TransactionDto } from "../../domain/dto";

let t: TestApp;
let ids: TwoShops;
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedTwoShops(t);
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  t.close();
});

const open = (as: Caller, openingFloat: unknown = "100.00", shopId = ids.shopId) =>
  t.request("POST", "/api/shifts", { as, body: { shopId, openingFloat } });
const openShift = async (as: Caller, openingFloat = "100.00", shopId = ids.shopId) => {
  const res = await open(as, openingFloat, shopId);
  expect(res.status).toBe(201);
  return (await res.json()) as ShiftDto;
};
const cash = (kind: "deposits" | "withdrawals", as: Caller, amount: string, shopId = ids.shopId) =>
  t.json<TransactionDto>("POST", `/api/${kind}`, {
    as,
    body: { customerId: ids.customerId, shopId, amount },
  });
const close = (id: number, countedCash: unknown, as: Caller = "user") =>
  t.request("POST", `/api/shifts/${id}/close`, { as, body: { countedCash } });
const alertTitles = async () =>
  (await t.json<{ title: string; description: string }[]>("GET", "/api/alerts")).filter(
    (a) => a.title === "Till discrepancy at cash-up",
  );

describe("opening", () => {
  test("opens the caller's shift at a shop with its float", async () => {
    const shift = await openShift("user", "150.50");
    expect(shift).toMatchObject({
      status: "OPEN",
      userId: t.ids.user,
      user: { id: t.ids.user, username: "user1" },
      shopId: ids.shopId,
      shop: { id: ids.shopId, name: "Main Street" },
      openingFloat: "150.50",
      expectedCash: "150.50",
      countedCash: null,
      discrepancy: null,
      closedAt: null,
    });
    expect(await t.json("GET", "/api/shifts/current", { as: "user" })).toEqual(shift);
    expect(await t.json("GET", "/api/shifts/current", { as: "admin" })).toBeNull();
  });

  test("one open shift per user (409); another user may open theirs at the same shop", async () => {
    const first = await openShift("user");
    const again = await open("user", "10", ids.quayId);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      `You already have an open shift at Main Street (#${first.id}); close it first`,
    );
    await openShift("admin");
    expect((await close(first.id, "100.00")).status).toBe(200);
    await openShift("user", "0", ids.quayId);
  });

  test("the float is 0 or more; the shop must exist and be active", async () => {
    expect((await open("user", "-1")).status).toBe(400);
    expect((await open("user", "abc")).status).toBe(400);
    expect((await open("user", "1", 9999)).status).toBe(404);
    await t.json("PATCH", `/api/shops/${ids.quayId}`, { body: { isActive: false } });
    expect((await open("user", "1", ids.quayId)).status).toBe(422);
    expect((await open("user", "0")).status).toBe(201);
  });
});

describe("closing", () => {
  test("expected = float + the shift's deposits - its withdrawals; other users and shops excluded", async () => {
    const shift = await openShift("user", "100.00");
    await openShift("admin", "50.00"); // another cashier at the same shop
    const d1 = await cash("deposits", "user", "40.00");
    await cash("deposits", "user", "12.50");
    const w1 = await cash("withdrawals", "user", "20.00");
    // By another user at the same shop, and by this user at another shop: not this till's.
    const byAdmin = await cash("deposits", "admin", "500.00");
    const elsewhere = await cash("deposits", "user", "70.00", ids.quayId);
    await cash("withdrawals", "admin", "5.00");
    expect([d1.shiftId, w1.shiftId]).toEqual([shift.id, shift.id]);
    expect(byAdmin.shiftId).not.toBe(shift.id);
    expect(byAdmin.shiftId).not.toBeNull();
    expect(elsewhere.shiftId).toBeNull();

    const live = await t.json<ShiftDto>("GET", `/api/shifts/${shift.id}`, { as: "user" });
    expect(live).toMatchObject({
      deposits: "52.50",
      depositCount: 2,
      withdrawals: "20.00",
      withdrawalCount: 1,
      expectedCash: "132.50",
    });

    const res = await close(shift.id, "130.00");
    expect(res.status).toBe(200);
    const closed = (await res.json()) as ShiftDto;
    expect(closed).toMatchObject({
      status: "CLOSED",
      expectedCash: "132.50",
      countedCash: "130.00",
      discrepancy: "-2.50",
      closedBy: { id: t.ids.user, username: "user1" },
    });
    expect(closed.closedAt).not.toBeNull();
    // The shift's movements are listed by it (the Z report).
    const rows = await t.json<TransactionDto[]>("GET", `/api/transactions?shiftId=${shift.id}`);
    expect(rows.map((r) => r.amount).sort()).toEqual(["12.50", "20.00", "40.00"]);
  });

  test("a movement after the close belongs to no shift; the stored figures stay", async () => {
    const shift = await openShift("user", "10.00");
    await cash("deposits", "user", "5.00");
    await close(shift.id, "15.00");
    expect((await cash("deposits", "user", "7.00")).shiftId).toBeNull();
    const after = await t.json<ShiftDto>("GET", `/api/shifts/${shift.id}`, { as: "user" });
    expect(after).toMatchObject({ expectedCash: "15.00", discrepancy: "0.00", deposits: "5.00" });
  });

  test("closing twice is 409 and changes nothing", async () => {
    const shift = await openShift("user");
    expect((await close(shift.id, "100.00")).status).toBe(200);
    const again = await close(shift.id, "1.00");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      "This shift is already closed",
    );
    const stored = await t.json<ShiftDto>("GET", `/api/shifts/${shift.id}`);
    expect(stored.countedCash).toBe("100.00");
  });

  test("a discrepancy raises a warning naming the shift; none when the count matches", async () => {
    const exact = await openShift("user", "20.00");
    await cash("deposits", "user", "30.00");
    expect((await close(exact.id, "50.00")).status).toBe(200);
    expect(await alertTitles()).toEqual([]);

    const over = await openShift("user", "20.00");
    expect((await close(over.id, "25.10")).status).toBe(200);
    const alerts = await alertTitles();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.description).toBe(
      `user1's shift #${over.id} at Main Street closed €5.10 over: counted €25.10, expected €20.00.`,
    );
  });

  test("counted cash is required and 0 or more", async () => {
    const shift = await openShift("user");
    expect((await close(shift.id, undefined)).status).toBe(400);
    expect((await close(shift.id, "-0.01")).status).toBe(400);
    expect((await close(shift.id, "0")).status).toBe(200);
  });
});

describe("reversals (decision 079)", () => {
  const reverse = (transactionId: number, dryRun = false) =>
    t.json<{
      rows?: { shiftId: number | null }[];
      tills?: unknown[];
      reversal?: TransactionDto;
    }>("POST", "/api/admin/reverse-transaction", {
      body: { transactionId, reason: "Typed 500 for 50", dryRun },
      expect: dryRun ? 200 : 201,
    });
  const shiftOf = (id: number) => t.json<ShiftDto>("GET", `/api/shifts/${id}`, { as: "user" });

  test("a deposit or withdrawal reversed while its shift is open comes out of that till's expected cash", async () => {
    const shift = await openShift("user", "100.00");
    const typo = await cash("deposits", "user", "500.00");
    await cash("deposits", "user", "50.00");
    const unpaid = await cash("withdrawals", "user", "30.00");
    expect((await shiftOf(shift.id)).expectedCash).toBe("620.00");

    // The dry run names the till and its expected cash before and after; nothing is written.
    const preview = await reverse(typo.id, true);
    expect(preview.rows?.[0]?.shiftId).toBe(shift.id);
    expect(preview.tills).toEqual([
      {
        shiftId: shift.id,
        cashier: "user1",
        shop: "Main Street",
        beforeAmount: "620.00",
        afterAmount: "120.00",
      },
    ]);
    expect((await shiftOf(shift.id)).expectedCash).toBe("620.00");

    expect((await reverse(typo.id)).reversal?.shiftId).toBe(shift.id);
    expect((await reverse(unpaid.id)).reversal?.shiftId).toBe(shift.id);
    const live = await shiftOf(shift.id);
    // The originals still count as taken; their reversals are lines of their own.
    expect(live).toMatchObject({
      deposits: "550.00",
      depositCount: 2,
      withdrawals: "30.00",
      withdrawalCount: 1,
      reversedDeposits: "500.00",
      reversedDepositCount: 1,
      reversedWithdrawals: "30.00",
      reversedWithdrawalCount: 1,
      expectedCash: "150.00",
    });
    // The count of what is really in the till closes without a discrepancy.
    const closed = (await (await close(shift.id, "150.00")).json()) as ShiftDto;
    expect(closed).toMatchObject({ expectedCash: "150.00", discrepancy: "0.00" });
    expect(await alertTitles()).toEqual([]);
    // The Z report's rows list the reversals with the shift's movements.
    const rows = await t.json<TransactionDto[]>("GET", `/api/transactions?shiftId=${shift.id}`);
    expect(rows.filter((r) => r.reversalOf !== null).map((r) => r.reversalOf)).toEqual(
      expect.arrayContaining([typo.id, unpaid.id]),
    );
  });

  test("a reversal after the shift closed belongs to no shift: the counted report stands", async () => {
    const shift = await openShift("user", "10.00");
    const deposit = await cash("deposits", "user", "5.00");
    await close(shift.id, "15.00");
    const preview = await reverse(deposit.id, true);
    expect(preview.rows?.[0]?.shiftId).toBeNull();
    expect(preview.tills).toEqual([]);
    expect((await reverse(deposit.id)).reversal?.shiftId).toBeNull();
    expect(await shiftOf(shift.id)).toMatchObject({
      expectedCash: "15.00",
      discrepancy: "0.00",
      reversedDeposits: "0.00",
      reversedDepositCount: 0,
    });
  });

  test("a deposit taken in no shift is reversed in none, even with its taker's shift open now", async () => {
    const before = await cash("deposits", "user", "25.00");
    expect(before.shiftId).toBeNull();
    const shift = await openShift("user", "40.00");
    expect((await reverse(before.id)).reversal?.shiftId).toBeNull();
    expect((await shiftOf(shift.id)).expectedCash).toBe("40.00");
  });
});

describe("REQUIRE_SHIFT", () => {
  test("off (the default): cash moves without a shift and records none", async () => {
    expect(t.deps.requireShift).toBeFalsy();
    expect((await cash("deposits", "user", "10.00")).shiftId).toBeNull();
    expect((await cash("withdrawals", "user", "5.00")).shiftId).toBeNull();
  });

  test("on: a deposit or withdrawal without the actor's open shift at that shop is 422", async () => {
    t.deps.requireShift = true;
    const deposit = (shopId = ids.shopId) =>
      t.request("POST", "/api/deposits", {
        as: "user",
        body: { customerId: ids.customerId, shopId, amount: "10" },
      });
    const refused = await deposit();
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Open a shift at Main Street first: deposits and withdrawals need an open shift",
    );
    const shift = await openShift("user");
    expect((await deposit()).status).toBe(201);
    const wrongShop = await deposit(ids.quayId);
    expect(wrongShop.status).toBe(422);
    expect(((await wrongShop.json()) as { message: string }).message).toBe(
      "Your open shift is at Main Street, not Quay: cash can only be taken at the shop of your open shift",
    );
    // Another user's open shift does not count for this one.
    const byAdmin = await t.request("POST", "/api/withdrawals", {
      as: "admin",
      body: { customerId: ids.customerId, shopId: ids.shopId, amount: "1" },
    });
    expect(byAdmin.status).toBe(422);
    expect((await cash("withdrawals", "user", "4.00")).shiftId).toBe(shift.id);
    await close(shift.id, "106.00");
    expect((await deposit()).status).toBe(422);
  });
});

describe("who sees and closes which shifts", () => {
  test("admins list every shift; staff only their own, whatever userId they ask for", async () => {
    const mine = await openShift("user");
    const admins = await openShift("admin", "5.00", ids.quayId);
    const all = await t.request("GET", "/api/shifts", { as: "admin" });
    expect(all.headers.get("X-Total-Count")).toBe("2");
    const staff = await t.request("GET", `/api/shifts?userId=${t.ids.admin}`, { as: "user" });
    expect(((await staff.json()) as ShiftDto[]).map((s) => s.id)).toEqual([mine.id]);
    expect((await t.request("GET", `/api/shifts/${admins.id}`, { as: "user" })).status).toBe(404);
    expect((await t.request("GET", `/api/shifts/${mine.id}`, { as: "admin" })).status).toBe(200);
  });

  test("staff cannot page from another's shift either: after=<its id> answers as a missing row", async () => {
    await openShift("user");
    const admins = await openShift("admin", "5.00", ids.quayId);
    const page = (id: number, as: Caller, extra: string) =>
      t.request("GET", `/api/shifts?after=${id}${extra}`, { as });
    for (const extra of ["", "&sort=openedAt&order=asc", "&sort=id"]) {
      const missing = await page(999_999, "user", extra);
      expect(missing.status).toBe(400);
      const got = await page(admins.id, "user", extra);
      expect(got.status).toBe(400);
      expect(await got.text()).toBe((await missing.text()).replaceAll("999999", String(admins.id)));
      expect((await page(admins.id, "admin", extra)).status).toBe(200);
    }
  });

  test("filters: shop, user, status, date; q finds the cashier, the shop or the id", async () => {
    const a = await openShift("user");
    await close(a.id, "100.00");
    const b = await openShift("user", "1.00", ids.quayId);
    const c = await openShift("admin");
    const list = async (q: string) =>
      (await t.json<ShiftDto[]>("GET", `/api/shifts?${q}`)).map((s) => s.id).sort();
    expect(await list(`shopId=${ids.shopId}`)).toEqual([a.id, c.id].sort());
    expect(await list(`userId=${t.ids.user}`)).toEqual([a.id, b.id].sort());
    expect(await list("status=CLOSED")).toEqual([a.id]);
    expect(await list("status=open")).toEqual([b.id, c.id].sort());
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(`from=${today}&to=${today}`)).toEqual([a.id, b.id, c.id].sort());
    expect(await list("to=2000-01-01")).toEqual([]);
    expect(await list("q=quay")).toEqual([b.id]);
    expect(await list("q=ADMIN")).toEqual([c.id]);
    expect(await list(`q=${b.id}`)).toEqual([b.id]); // (no name holds a 2)
    expect(await list("q=50%25")).toEqual([]);
    expect((await t.request("GET", "/api/shifts?status=HALF")).status).toBe(400);
    expect((await t.request("GET", "/api/shifts?sort=shop")).status).toBe(400);
  });

  test("the owner or an admin closes a shift; another staff user cannot see it (404)", async () => {
    const admins = await openShift("admin");
    expect((await close(admins.id, "100.00", "user")).status).toBe(404);
    const mine = await openShift("user");
    const res = await close(mine.id, "90.00", "admin");
    expect(res.status).toBe(200);
    expect(((await res.json()) as ShiftDto).closedBy?.username).toBe("admin1");
  });

  test("customer logins are refused (403)", async () => {
    expect((await open("customer")).status).toBe(403);
    expect((await t.request("GET", "/api/shifts", { as: "customer" })).status).toBe(403);
    expect((await t.request("GET", "/api/shifts/current", { as: "customer" })).status).toBe(403);
  });
});

describe("pick-ups and top-ups (decision 049)", () => {
  const move = (id: number, body: unknown, as: Caller = "user") =>
    t.request("POST", `/api/shifts/${id}/movements`, { as, body });
  const moved = async (id: number, kind: string, amount: string, as: Caller = "user") => {
    const res = await move(id, { kind, amount, reason: `${kind} ${amount}` }, as);
    expect(res.status).toBe(201);
    return (await res.json()) as ShiftDto;
  };
  const balances = () =>
    t.handle.sqlite.query("select id, balance_cents from shops order by id").all();

  test("expected = float + deposits - withdrawals + top-ups - pick-ups; other shifts' lines excluded", async () => {
    const shift = await openShift("user", "100.00");
    const admins = await openShift("admin", "50.00"); // another cashier at the same shop
    await cash("deposits", "user", "40.00");
    await cash("withdrawals", "user", "15.25");
    const shopsBefore = balances();
    await moved(shift.id, "topup", "25.10");
    await moved(shift.id, "pickup", "60.00");
    await moved(shift.id, "pickup", "0.35", "admin"); // an admin lifting from this till
    // Another user's till at the same shop, and this user's next shift at another shop.
    await moved(admins.id, "topup", "500.00", "admin");
    await moved(admins.id, "pickup", "7.00", "admin");
    // A pick-up or top-up is no ledger row: no shop balance moves (the safe is the shop's).
    expect(balances()).toEqual(shopsBefore);

    const live = await t.json<ShiftDto>("GET", `/api/shifts/${shift.id}`, { as: "user" });
    expect(live).toMatchObject({
      deposits: "40.00",
      withdrawals: "15.25",
      topups: "25.10",
      topupCount: 1,
      pickups: "60.35",
      pickupCount: 2,
      // 100.00 + 40.00 - 15.25 + 25.10 - 60.35
      expectedCash: "89.50",
    });
    expect(live.tillMovements).toMatchObject([
      { kind: "topup", amount: "25.10", reason: "topup 25.10", createdBy: { username: "user1" } },
      { kind: "pickup", amount: "60.00", reason: "pickup 60.00", createdBy: { username: "user1" } },
      { kind: "pickup", amount: "0.35", createdBy: { username: "admin1" } },
    ]);

    const closed = (await (await close(shift.id, "89.40")).json()) as ShiftDto;
    expect(closed).toMatchObject({ expectedCash: "89.50", discrepancy: "-0.10" });
    expect(await t.json<ShiftDto>("GET", `/api/shifts/${admins.id}`)).toMatchObject({
      topups: "500.00",
      pickups: "7.00",
      expectedCash: "543.00",
    });

    const elsewhere = await openShift("user", "10.00", ids.quayId);
    await moved(elsewhere.id, "topup", "1.00");
    expect(await t.json<ShiftDto>("GET", `/api/shifts/${shift.id}`)).toMatchObject({
      topups: "25.10",
      pickups: "60.35",
      expectedCash: "89.50",
    });
    expect((await t.json<ShiftDto>("GET", `/api/shifts/${elsewhere.id}`)).expectedCash).toBe(
      "11.00",
    );
  });

  test("a closed shift is 409; a pick-up above the till's expected cash is 422", async () => {
    const shift = await openShift("user", "20.00");
    const tooMuch = await move(shift.id, { kind: "pickup", amount: "20.01", reason: "Safe" });
    expect(tooMuch.status).toBe(422);
    expect(((await tooMuch.json()) as { message: string }).message).toBe(
      "A pick-up cannot exceed the cash expected in the till (€20.00)",
    );
    expect((await moved(shift.id, "pickup", "20.00")).expectedCash).toBe("0.00");
    await close(shift.id, "0");
    const late = await move(shift.id, { kind: "topup", amount: "5", reason: "Change" });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toBe(
      "This shift is closed: its till can no longer change",
    );
    const stored = await t.json<ShiftDto>("GET", `/api/shifts/${shift.id}`);
    expect(stored).toMatchObject({ topupCount: 0, pickupCount: 1, expectedCash: "0.00" });
  });

  test("kind, amount and reason are checked (400)", async () => {
    const shift = await openShift("user");
    const refused = async (body: unknown) => {
      const res = await move(shift.id, body);
      expect(res.status).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await refused({ kind: "float", amount: "1", reason: "x" })).toContain(
      "Kind must be pickup or topup",
    );
    expect(await refused({ kind: "topup", amount: "0", reason: "x" })).toContain(
      "Amount must be a positive number",
    );
    expect(await refused({ kind: "topup", amount: "1.005", reason: "x" })).toContain("decimal");
    expect(await refused({ kind: "topup", amount: "5" })).toContain("Reason is required");
    expect(await refused({ kind: "topup", amount: "5", reason: "   " })).toContain(
      "Reason is required",
    );
    expect(await refused({ kind: "topup", amount: "5", reason: "a\u0007b" })).toContain("Reason");
    const ok = await moved(shift.id, "topup", "5");
    expect(ok.tillMovements).toHaveLength(1);
  });

  test("another staff user's shift is 404, customers 403; the owner and admins may", async () => {
    const admins = await openShift("admin");
    const body = { kind: "topup", amount: "1.00", reason: "Change from the safe" };
    expect((await move(admins.id, body, "user")).status).toBe(404);
    expect((await move(admins.id, body, "customer")).status).toBe(403);
    expect((await move(9999, body, "admin")).status).toBe(404);
    const mine = await openShift("user");
    expect((await move(mine.id, body, "admin")).status).toBe(201);
    expect((await move(mine.id, body, "user")).status).toBe(201);
    const audit = t.handle.sqlite
      .query(
        "select actor_id, entity_type, entity_id, after from audit_log where action = 'shift.movement' order by id",
      )
      .all() as { actor_id: number; entity_type: string; entity_id: string; after: string }[];
    expect(audit.map((a) => [a.actor_id, a.entity_type, a.entity_id])).toEqual([
      [t.ids.admin, "SHIFT", String(mine.id)],
      [t.ids.user, "SHIFT", String(mine.id)],
    ]);
    expect(JSON.parse(audit[1]?.after ?? "{}")).toMatchObject({
      kind: "topup",
      amountCents: 100,
      reason: "Change from the safe",
      expectedCash: "102.00",
    });
  });
});
