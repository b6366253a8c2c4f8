/**
 * Issue 23 item 4, "CSV a bookkeeper can use" (decision 064): every list's CSV, in both forms
 * (`,` with decimal points, and `decimal=comma`: `;` with decimal commas), read back with an
 * RFC 4180 reader, holds the same JSON-named header, a `localTime` in the business time zone
 * and UTC times to the second, and its money columns sum to the books: balances to the stored
 * balances the ledger recomputes, a customer's or shop's `signedAmount` to its balance, a
 * customer's deposits and withdrawals plus its bets' `signedAmount` (the effect on the
 * customer, decision 074) to its balance, and the cash bets' `signedAmount` (on the shop) to
 * what they moved in the till.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { centsOfCell, csvObjects } from "../../tests/helpers/csv";
import { ledgerViolations } from "../../tests/helpers/invariants";
import {
  type Caller,
  createAccount,
  createTestApp,
  ORIGIN,
  seedBasics,
  type TestApp,
} from "../../tests/helpers/test-app";
import { checkBooks } from "./books-check";

let t: TestApp;
let shopA: number;
let shopB: number;
let ada: number;
let bob: number;
/** Bob's deposit that an admin reversed, and its reversal. */
let reversed: { original: number; reversal: number };

/** 22:30:00.250 UTC on 1 July is 00:30 on 2 July in Berlin (summer time, UTC+2). */
const NOW = "2026-07-01T22:30:00.250Z";

const post = <T = { id: number }>(
  path: string,
  body: unknown,
  as: Caller = "admin",
  expect?: number,
) => t.json<T>("POST", path, { as, body, expect });
const bet = (body: Record<string, unknown>, as: Caller = "admin") =>
  post<{ id: number }>("/api/bets", { description: "Race", ...body }, as);
const resolve = (id: number, status: string, extra: Record<string, unknown> = {}) =>
  t.json("PATCH", `/api/bets/${id}/resolve`, { body: { status, ...extra } });

beforeEach(async () => {
  t = await createTestApp();
  t.deps.clock = () => Date.parse(NOW);
  t.deps.businessTimeZone = "Europe/Berlin";
  ({ shopId: shopA, customerId: ada } = await seedBasics(t, { creditLimit: "100" }));
  shopB = (await post("/api/shops", { name: "Quay", location: "Cork" })).id;
  bob = (await post("/api/customers", { firstName: "Bob", lastName: "Byrne", creditLimit: "0" }))
    .id;

  // Ada: a deposit, a winner re-settled as lost, a loser, a void, a withdrawal.
  await post("/api/deposits", { customerId: ada, shopId: shopA, amount: "100.00" });
  const won = await bet({ customerId: ada, shopId: shopA, stakeAmount: "10", odds: "2.5" });
  await resolve(won.id, "WON");
  await post(
    `/api/admin/bets/${won.id}/resettle`,
    { status: "LOST", reason: "Wrong result entered" },
    "admin",
    200,
  );
  const lost = await bet({
    customerId: ada,
    shopId: shopA,
    stakeAmount: "5",
    odds: "3",
    description: 'Race 1; 2,5 furlongs "heavy"',
  });
  await resolve(lost.id, "LOST");
  const voided = await bet({ customerId: ada, shopId: shopB, stakeAmount: "4", odds: "2" });
  await resolve(voided.id, "VOID", { voidReason: "Abandoned" });
  await post("/api/withdrawals", { customerId: ada, shopId: shopA, amount: "20.00" });

  // Bob: a deposit at each shop, the second reversed; an each-way winner; a pending bet.
  await post("/api/deposits", { customerId: bob, shopId: shopB, amount: "50.00" });
  const wrong = await post("/api/deposits", { customerId: bob, shopId: shopA, amount: "10.50" });
  const { reversal } = await post<{ reversal: { id: number } }>("/api/admin/reverse-transaction", {
    transactionId: wrong.id,
    reason: "Paid in at the wrong till",
  });
  reversed = { original: wrong.id, reversal: reversal.id };
  const ew = await bet({
    customerId: bob,
    shopId: shopB,
    stakeAmount: "5",
    odds: "5/1",
    eachWay: { places: 3, fraction: "1/4" },
  });
  await resolve(ew.id, "PLACED");
  await bet({ customerId: bob, shopId: shopB, stakeAmount: "3.33", odds: "11/8" });

  // A transfer between the tills, and cash bets at A: a winner paid, a loser.
  await post("/api/transactions", {
    amount: "30.00",
    fromEntityType: "SHOP",
    fromEntityId: shopA,
    toEntityType: "SHOP",
    toEntityId: shopB,
  });
  await post("/api/shifts", { shopId: shopA, openingFloat: "100.00" }, "user");
  const cashWon = await bet({ payment: "cash", stakeAmount: "8.00", odds: "11/8" }, "user");
  const cashLost = await bet({ payment: "cash", stakeAmount: "6.00", odds: "2" }, "user");
  await resolve(cashWon.id, "WON");
  await resolve(cashLost.id, "LOST");
  const slip = await t.json<{ code: string }>("GET", `/api/bets/${cashWon.id}/slip`);
  await post(`/api/slips/${slip.code}/pay`, {}, "user", 200);
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  expect(checkBooks(t.handle.db).violations).toEqual([]);
  t.close();
});

/** The books: every stored balance, which the ledger recomputes (checked after each test). */
function books() {
  const of = (table: string) =>
    new Map(
      (
        t.handle.sqlite.query(`select id, balance_cents as cents from ${table}`).all() as {
          id: number;
          cents: number;
        }[]
      ).map((r) => [r.id, r.cents]),
    );
  return { customers: of("customers"), shops: of("shops") };
}

const FORMS = [
  { decimal: "point", delimiter: "," },
  { decimal: "comma", delimiter: ";" },
] as const;

type Form = (typeof FORMS)[number];

/** A list's CSV in `form`, parsed; `cookie` downloads it as that login. */
async function csv(path: string, form: Form, cookie?: string) {
  const sep = path.includes("?") ? "&" : "?";
  const url = `${path}${sep}format=csv${form.decimal === "comma" ? "&decimal=comma" : ""}`;
  const res = cookie
    ? await t.app.request(`${ORIGIN}${url}`, { headers: { Cookie: cookie, Origin: ORIGIN } })
    : await t.request("GET", url);
  expect(res.status).toBe(200);
  const text = await res.text();
  // No `sep=` line: the header is the first line (decision 064).
  expect(text.replace(/^\uFEFF/, "").startsWith("id")).toBe(true);
  return csvObjects(text, form.delimiter);
}

const sum = (rows: Record<string, string>[], column: string, form: Form) =>
  rows.reduce((total, row) => total + centsOfCell(row[column] ?? "", form.decimal), 0);

describe("CSV for a bookkeeper, past a hundred million", () => {
  // A field holds at most 99,999,999.99, but a sum need not: a max-stake each-way bet costs
  // twice it in one BETTING row, and its winnings are far more. Each row's signedAmount is
  // read from the ledger's answer, which no input limit may cut to 0.
  for (const form of FORMS) {
    test(`${form.decimal}: a customer's file still sums to its balance`, async () => {
      const rich = (
        await post("/api/customers", {
          firstName: "Max",
          lastName: "Edge",
          creditLimit: "99999999.99",
        })
      ).id;
      const big = await bet({
        customerId: rich,
        shopId: shopA,
        stakeAmount: "99999999.99",
        odds: "10/1",
        eachWay: { places: 2, fraction: "1/4" },
        allowOvercredit: true,
      });
      await resolve(big.id, "WON");
      const file = await csv(`/api/transactions?customerId=${rich}`, form);
      // Stake 2 x 99,999,999.99; returns 99,999,999.99 x 11 = 1,099,999,999.89 and
      // 99,999,999.99 x (10/4 + 1) = 349,999,999.965, half-up 349,999,999.97.
      const signed = file.rows.map((r) => centsOfCell(r.signedAmount ?? "", form.decimal));
      expect(signed.sort((a, b) => a - b)).toEqual([-19_999_999_998, 144_999_999_986]);
      expect(sum(file.rows, "signedAmount", form)).toBe(books().customers.get(rich) as number);
    });
  }
});

describe("CSV for a bookkeeper, in both forms", () => {
  for (const form of FORMS) {
    test(`${form.decimal}: each list's money columns sum to the books`, async () => {
      const { customers, shops } = books();

      // Balances: each customer's and each shop's, and their totals.
      const people = await csv("/api/customers", form);
      for (const row of people.rows) {
        expect(centsOfCell(row.balance ?? "", form.decimal)).toBe(
          customers.get(Number(row.id)) as number,
        );
      }
      expect(sum(people.rows, "balance", form)).toBe(
        [...customers.values()].reduce((a, b) => a + b),
      );
      const tills = await csv("/api/shops", form);
      expect(sum(tills.rows, "balance", form)).toBe([...shops.values()].reduce((a, b) => a + b));

      // The whole ledger: signedAmount per customer it is for sums to that customer's balance.
      const ledger = await csv("/api/transactions", form);
      for (const [id, balance] of customers) {
        const own = ledger.rows.filter(
          (r) => r.signedForType === "CUSTOMER" && r.signedForId === String(id),
        );
        expect(`customer ${id}: ${sum(own, "signedAmount", form)}`).toBe(
          `customer ${id}: ${balance}`,
        );
      }
      for (const row of ledger.rows) {
        expect(["CUSTOMER", "SHOP"]).toContain(row.signedForType ?? "");
      }

      // A customer's file and a shop's file: signedAmount sums to its balance.
      for (const [id, balance] of customers) {
        const file = await csv(`/api/transactions?customerId=${id}`, form);
        expect(sum(file.rows, "signedAmount", form)).toBe(balance);
      }
      for (const [id, till] of shops) {
        const file = await csv(`/api/transactions?shopId=${id}`, form);
        expect(`shop ${id}: ${sum(file.rows, "signedAmount", form)}`).toBe(`shop ${id}: ${till}`);
        for (const row of file.rows) expect(row.signedForType).toBe("SHOP");
      }

      // Bets on the customer, else the shop: a customer's deposits and withdrawals plus what
      // its bets moved is its balance; the cash bets' signedAmount is what they moved in shop
      // A's till.
      const bets = await csv("/api/bets", form);
      for (const [id, balance] of customers) {
        const file = await csv(`/api/transactions?customerId=${id}`, form);
        const cash = file.rows.filter((r) => r.type === "DEPOSIT" || r.type === "WITHDRAWAL");
        const own = bets.rows.filter((r) => r["customer.id"] === String(id));
        expect(own.length).toBeGreaterThan(0);
        for (const row of own) {
          expect([row.signedForType, row.signedForId]).toEqual(["CUSTOMER", String(id)]);
        }
        expect(sum(cash, "signedAmount", form) + sum(own, "signedAmount", form)).toBe(balance);
      }
      const tillA = await csv(`/api/transactions?shopId=${shopA}`, form);
      const cashBets = bets.rows.filter((r) => r.payment === "cash");
      expect(cashBets).toHaveLength(2);
      for (const row of cashBets) {
        expect([row.signedForType, row.signedForId]).toEqual(["SHOP", String(shopA)]);
      }
      expect(sum(cashBets, "signedAmount", form)).toBe(
        sum(
          tillA.rows.filter((r) => r["bet.id"] !== ""),
          "signedAmount",
          form,
        ),
      );
      // 8.00 taken, 19.00 paid (8 at 11/8); 6.00 taken, lost.
      expect(sum(cashBets, "signedAmount", form)).toBe(800 - 1900 + 600);
      // Account bets' rows move no till: 0 in a shop's file.
      const betRowsInTill = tillA.rows.filter(
        (r) => r["bet.id"] !== "" && !cashBets.some((b) => b.id === r["bet.id"]),
      );
      expect(betRowsInTill.length).toBeGreaterThan(0);
      for (const row of betRowsInTill)
        expect(centsOfCell(row.signedAmount ?? "", form.decimal)).toBe(0);
    });

    test(`${form.decimal}: signs, duplicates, times, and the same header as the other form`, async () => {
      const other = FORMS.find((f) => f !== form) as Form;
      const ledger = await csv("/api/transactions?sort=id", form);
      const signed = (id: number) =>
        centsOfCell(ledger.rows.find((r) => r.id === String(id))?.signedAmount ?? "", form.decimal);
      // A deposit +, its reversal the opposite; stakes -, payouts and refunds +, a corrected
      // payout taken back -; a withdrawal -.
      expect(signed(reversed.original)).toBe(1050);
      expect(signed(reversed.reversal)).toBe(-1050);
      const byType = (type: string) =>
        ledger.rows.filter((r) => r.type === type && r.signedForType === "CUSTOMER");
      for (const row of byType("BETTING")) expect(row.signedAmount).toStartWith("-");
      for (const row of byType("WITHDRAWAL")) expect(row.signedAmount).toStartWith("-");
      const corrections = byType("PAYOUT").filter((r) => r.reversalOf !== "");
      expect(corrections).toHaveLength(1);
      expect(corrections[0]?.signedAmount).toBe(form.decimal === "comma" ? "-25,00" : "-25.00");
      for (const row of byType("REFUND")) expect(row.signedAmount).not.toStartWith("-");

      for (const list of ["customers", "shops", "bets", "transactions", "admin/audit"]) {
        const file = await csv(`/api/${list}`, form);
        const otherFile = await csv(`/api/${list}`, other);
        // The JSON-named header row is the same in both forms; so are the rows but for money.
        expect(file.header).toEqual(otherFile.header);
        expect(file.rows).toHaveLength(otherFile.rows.length);
        for (const gone of ["customerId", "shopId", "outcome", "placedBy", "betId", "createdBy"]) {
          expect(`${list}: ${file.header.includes(gone)}`).toBe(`${list}: false`);
        }
        // Every row was written at NOW but the test app's own sign-ins (audit rows).
        const atNow = file.rows.filter((row) => row.createdAt === "2026-07-01T22:30:00Z");
        expect(atNow.length).toBeGreaterThan(0);
        if (list !== "admin/audit") expect(atNow).toHaveLength(file.rows.length);
        for (const row of atNow) expect(row.localTime).toBe("2026-07-02 00:30:00");
        for (const row of file.rows) {
          expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
          expect(row.localTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        }
      }
      // Money in the decimal-comma form has its comma; text keeps its own (quoted).
      const bets = await csv("/api/bets?sort=id", form);
      expect(bets.rows.map((r) => r.description)).toContain('Race 1; 2,5 furlongs "heavy"');
      expect(bets.rows.map((r) => r.stakeAmount)).toContain(
        form.decimal === "comma" ? "3,33" : "3.33",
      );
      expect(bets.rows.map((r) => r.price)).toContain("11/8");
    });
  }

  test("a customer login's ledger sums to its own balance, in both forms", async () => {
    const { cookie } = await createAccount(t, {
      username: "ada",
      role: "customer",
      customerId: ada,
    });
    const balance = books().customers.get(ada) as number;
    for (const form of FORMS) {
      const file = await csv("/api/transactions", form, cookie);
      expect(sum(file.rows, "signedAmount", form)).toBe(balance);
      // Another customer's id in the filter is none of hers: an empty file, not her rows.
      const other = await csv(`/api/transactions?customerId=${bob}`, form, cookie);
      expect(other.rows).toEqual([]);
    }
  });

  test("the file is named by the business day: 00:30 in Berlin is already 2 July", async () => {
    const res = await t.request("GET", "/api/transactions?format=csv&decimal=comma");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="transactions-2026-07-02.csv"',
    );
  });

  test("decimal is point or comma: anything else is a 400 before anything streams", async () => {
    const res = await t.request("GET", "/api/bets?format=csv&decimal=semicolon");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("VALIDATION");
  });
});
