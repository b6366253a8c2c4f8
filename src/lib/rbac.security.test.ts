/** The role matrix: every route in the table x every caller. */
import { describe, expect, test } from "bun:test";
import { createTestApp } from "../../tests/helpers/test-app";
import { apiModules } from "../app";
import type { Role } from "../domain/enums";
import { findAccess, ROUTE_TABLE } from "./rbac";

const CALLERS = ["anonymous", "customer", "user", "admin"] as const;

function concrete(path: string): string {
  return path.replace(/:[A-Za-z]+/g, "999999");
}

describe("route table", () => {
  test("every registered API handler is listed in the route table", () => {
    for (const module of apiModules) {
      for (const route of module.routes) {
        if (route.method === "ALL") continue;
        const path = `/api${route.path}`;
        expect(findAccess(route.method, concrete(path)), `${route.method} ${path}`).not.toBeNull();
      }
    }
  });

  test("an unlisted route is refused: 401 anonymous, 404 signed in", async () => {
    const t = await createTestApp();
    expect((await t.request("GET", "/api/secret-thing", { as: "anonymous" })).status).toBe(401);
    const res = await t.request("GET", "/api/secret-thing", { as: "admin" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
    t.close();
  });
});

describe("role matrix", () => {
  for (const route of ROUTE_TABLE) {
    for (const caller of CALLERS) {
      const allowed =
        route.access === "public" ||
        (caller !== "anonymous" && (route.access as readonly Role[]).includes(caller));
      const expectation = allowed
        ? "is let through"
        : caller === "anonymous"
          ? "gets 401"
          : "gets 403";
      test(`${route.method} ${route.path} as ${caller} ${expectation}`, async () => {
        const t = await createTestApp();
        const hasBody = route.method !== "GET" && route.method !== "DELETE";
        const res = await t.request(route.method, concrete(route.path), {
          as: caller,
          body: hasBody ? {} : undefined,
        });
        if (route.path === "/api/user" && caller === "anonymous") {
          // Public, but it answers 401 itself: that is how the web app learns it is signed out.
          expect(res.status).toBe(401);
        } else if (allowed) {
          expect([401, 403]).not.toContain(res.status);
        } else {
          expect(res.status).toBe(caller === "anonymous" ? 401 : 403);
          expect(typeof ((await res.json()) as { message: string }).message).toBe("string");
        }
        expect(res.status).toBeLessThan(500);
        t.close();
      });
    }
  }
});
