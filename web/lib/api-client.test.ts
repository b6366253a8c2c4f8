import { afterEach, describe, expect, expectTypeOf, test } from "bun:test";
import type { ReportDto, ShopDto, UserDto } from "../../src/domain/dto";
import { shop } from "../test/fixtures";
import { ApiError, type BodyOf, call, callPage, errorMessage } from "./api-client";

interface Sent {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Answers every request with `reply` and records what was sent. */
function answer(reply: () => Response): Sent[] {
  const sent: Sent[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: new URL(String(input), "http://localhost:3000"),
      method: init?.method ?? "GET",
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === "string" ? init.body : undefined,
      credentials: init?.credentials,
    });
    return reply();
  }) as typeof fetch;
  return sent;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });

/** The ApiError a call fails with (the test fails if it succeeds or fails otherwise). */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const sam: UserDto = {
  id: 2,
  username: "sam",
  role: "admin",
  createdAt: "2026-11-22T10:00:00.000Z",
  shopId: null,
  customerId: null,
  disabled: false,
  mustChangePassword: false,
  lastSignInAt: null,
  oddsFormat: null,
  language: null,
};

describe("call", () => {
  test("fills the path parameters, sends a JSON body and returns the answer, typed", async () => {
    const sent = answer(() => json(sam));
    const user = await call("changeUserRole", {
      params: { userId: 2 },
      body: { role: "admin" },
      headers: { "Idempotency-Key": "k-1" },
    });
    expectTypeOf(user).toEqualTypeOf<UserDto>();
    expect(user).toEqual(sam);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.method).toBe("PATCH");
    expect(request?.url.pathname).toBe("/api/admin/users/2/role");
    expect(request?.headers["Content-Type"]).toBe("application/json");
    expect(request?.headers.Accept).toBe("application/json");
    expect(request?.headers["Idempotency-Key"]).toBe("k-1");
    expect(request?.credentials).toBe("include");
    expect(JSON.parse(request?.body ?? "")).toEqual({ role: "admin" });
  });

  test("sends the query without its empty parameters", async () => {
    const report = {
      period: "month",
      range: {
        value: "2026-11",
        label: "November 2026",
        from: "2026-11-01T00:00:00.000Z",
        to: "2026-12-01T00:00:00.000Z",
      },
      financial: {
        totalRevenue: 10,
        totalStakes: 10,
        totalPayouts: 0,
        profit: 10,
        profitMargin: 100,
      },
      betting: {
        totalBets: 1,
        wonBets: 0,
        lostBets: 1,
        pendingBets: 0,
        voidBets: 0,
        winRate: 0,
        averageStake: 10,
      },
      customers: { totalCustomers: 1, activeCustomers: 1, topCustomers: [] },
      shops: { totalShops: 1, topPerformingShops: [] },
    };
    const sent = answer(() => json(report));
    const answered = await call("report", {
      query: { period: "month", month: "2026-11", year: "", week: undefined },
    });
    expectTypeOf(answered).toEqualTypeOf<ReportDto>();
    expect(answered.range.label).toBe("November 2026");
    // The report's money is a JSON number of euros, as the contract says.
    expectTypeOf(answered.financial.profit).toEqualTypeOf<number>();
    expect(sent[0]?.method).toBe("GET");
    expect(sent[0]?.url.pathname).toBe("/api/reports");
    expect(sent[0]?.url.search).toBe("?period=month&month=2026-11");
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers["Content-Type"]).toBeUndefined();
  });

  test("encodes path parameters and needs every one", async () => {
    const sent = answer(() => json(shop()));
    await call("getShop", { params: { id: "a/b" } }).catch(() => {});
    expect(sent[0]?.url.pathname).toBe("/api/shops/a%2Fb");
    await expect(call("getShop")).rejects.toThrow("/api/shops/{id} needs the parameter id");
  });

  test("a 204 answers undefined", async () => {
    const sent = answer(() => new Response(null, { status: 204 }));
    const result = await call("logout");
    expectTypeOf(result).toEqualTypeOf<undefined>();
    expect(result).toBeUndefined();
    expect(sent[0]?.method).toBe("POST");
    expect(sent[0]?.url.pathname).toBe("/api/logout");
  });

  test("a non-OK answer throws 'STATUS: body' with the server's message", async () => {
    const body = { message: "Customer is inactive", fields: { customerId: "inactive" } };
    answer(() => json(body, 422));
    const apiError = await failure(
      call("placeBet", {
        body: { customerId: 1, shopId: 2, description: "Derby", stakeAmount: "5", odds: "2" },
      }),
    );
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe(`422: ${JSON.stringify(body)}`);
    expect(apiError.serverMessage).toBe("Customer is inactive");
    expect(apiError.fields).toEqual({ customerId: "inactive" });
    expect(errorMessage(apiError)).toBe("Customer is inactive");
  });

  test("a non-JSON error keeps the whole 'STATUS: text'; an empty one the status text", async () => {
    answer(() => new Response("upstream down", { status: 502 }));
    const error = await failure(call("health"));
    expect(error.status).toBe(502);
    expect(error.message).toBe("502: upstream down");
    expect(errorMessage(error)).toBe("502: upstream down");
    answer(() => new Response(null, { status: 500, statusText: "Internal Server Error" }));
    await expect(call("health")).rejects.toThrow("500: Internal Server Error");
  });
});

describe("callPage", () => {
  test("the body is the page, X-Total-Count the total", async () => {
    const sent = answer(() => json([shop(), shop({ id: 4 })], 200, { "X-Total-Count": "42" }));
    const result = await callPage("listShops", { page: 2, limit: 2, q: "" });
    expectTypeOf(result.items).toEqualTypeOf<ShopDto[]>();
    expect(result.total).toBe(42);
    expect(result.items.map((s) => s.id)).toEqual([3, 4]);
    expect(sent[0]?.url.pathname).toBe("/api/shops");
    expect(sent[0]?.url.search).toBe("?page=2&limit=2");
  });

  test("without the header the total is the page's length", async () => {
    answer(() => json([shop()]));
    expect((await callPage("listShops", {})).total).toBe(1);
  });

  test("a non-OK answer throws ApiError", async () => {
    answer(() => json({ message: "Forbidden" }, 403));
    const error = await failure(callPage("listUsers", {}));
    expect(error.status).toBe(403);
    expect(errorMessage(error)).toBe("Forbidden");
  });
});

describe("bodies", () => {
  test("are checked against the contract's wire format at compile time", () => {
    const good: BodyOf<"deposit"> = { customerId: 1, shopId: "2", amount: "5.00" };
    // @ts-expect-error an id is a number or a string of digits, never a boolean
    const badId: BodyOf<"deposit"> = { customerId: true, shopId: 2, amount: "5.00" };
    // @ts-expect-error the amount is required
    const noAmount: BodyOf<"deposit"> = { customerId: 1, shopId: 2 };
    const bet = { customerId: 1, shopId: 2, description: "Derby", odds: "2" };
    // @ts-expect-error a stake is money (a decimal string or number), not an object
    const badStake: BodyOf<"placeBet"> = { ...bet, stakeAmount: {} };
    expect([good, badId, noAmount, badStake]).toHaveLength(4);
  });
});
