/**
 * The role matrix: every declared endpoint x every caller, compared with the expectations
 * written down by hand in tests/policy-matrix.ts (never derived from the contracts).
 */
import { describe, expect, test } from "bun:test";
import { createTestApp } from "../../tests/helpers/test-app";
import { type Expected, POLICY_MATRIX } from "../../tests/policy-matrix";
import { endpoints } from "../app";
import { contracts } from "../domain/contracts";

const CALLERS = ["anonymous", "customer", "user", "admin"] as const;

const key = (c: { method: string; path: string }) => `${c.method.toUpperCase()} ${c.path}`;
const concrete = (path: string) => path.replace(/\{[A-Za-z]+\}/g, "999999");

describe("declarations", () => {
  test("the matrix and the contracts name the same endpoints", () => {
    const declared = Object.values(contracts).map(key).sort();
    expect(declared).toEqual(Object.keys(POLICY_MATRIX).sort());
  });

  test("every contract has exactly one implementation, and nothing else is routed", async () => {
    const implemented = endpoints.map((e) => key(e.contract)).sort();
    expect(implemented).toEqual(Object.values(contracts).map(key).sort());
    const t = await createTestApp();
    const routed = t.app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, "{$1}")}`);
    expect([...new Set(routed)].sort()).toEqual(implemented);
    t.close();
  });

  test("an undeclared route is refused: 401 anonymous, 404 signed in", async () => {
    const t = await createTestApp();
    expect((await t.request("GET", "/api/secret-thing", { as: "anonymous" })).status).toBe(401);
    const res = await t.request("GET", "/api/secret-thing", { as: "admin" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found", code: "NOT_FOUND" });
    t.close();
  });

  test("a declared path asked with another method is 405 naming the methods it takes", async () => {
    const t = await createTestApp();
    for (const [caller, method, path, allow] of [
      ["admin", "DELETE", "/api/customers", "GET, HEAD, POST"],
      ["anonymous", "PUT", "/api/bets", "GET, HEAD, POST"],
      ["anonymous", "GET", "/api/login", "POST"],
      ["user", "POST", "/api/customers/12", "GET, HEAD, PATCH"],
      ["user", "GET", "/api/slips/AB12-CD34/pay", "POST"],
    ] as const) {
      const res = await t.request(method, path, {
        as: caller,
        body: method === "GET" ? undefined : {},
      });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect(await res.json()).toEqual({
        message: `${method} is not a method of ${path}; it takes ${allow}`,
        code: "METHOD_NOT_ALLOWED",
      });
    }
    // A path beside a declared one (a segment more, a trailing slash) is still not here.
    expect((await t.request("GET", "/api/customers/12/x", { as: "admin" })).status).toBe(404);
    expect((await t.request("GET", "/api/customers/", { as: "admin" })).status).toBe(404);
    t.close();
  });
});

describe("role matrix", () => {
  for (const [route, expected] of Object.entries(POLICY_MATRIX)) {
    const [method, path] = route.split(" ") as [string, string];
    CALLERS.forEach((caller, i) => {
      const want = expected[i] as Expected;
      test(`${route} as ${caller}: ${want === "ok" ? "let through" : want}`, async () => {
        const t = await createTestApp();
        const hasBody = method !== "GET" && method !== "DELETE";
        const res = await t.request(method, concrete(path), {
          as: caller,
          body: hasBody ? {} : undefined,
        });
        expect(res.status).toBeLessThan(500);
        // A stream (GET /api/events) never ends by itself.
        if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
          await res.body?.cancel();
        }
        if (want === "ok") {
          expect([401, 403]).not.toContain(res.status);
        } else {
          expect(res.status).toBe(want);
          const body = (await res.json()) as { message: string; code: string };
          expect(body.code).toBe(want === 401 ? "UNAUTHENTICATED" : "FORBIDDEN");
          expect(typeof body.message).toBe("string");
        }
        t.close();
      });
    });
  }
});
