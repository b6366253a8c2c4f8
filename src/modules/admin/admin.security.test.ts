import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { contracts } from "../../domain/contracts";

const SCOPED = Object.values(contracts).filter((c) =>
  /^\/api\/(admin\/|reports|health)/.test(c.path),
);
const ADMIN_ONLY = SCOPED.filter(
  (c) => Array.isArray(c.access) && c.access.length === 1 && c.access[0] === "admin",
);
const ROUTES = ADMIN_ONLY.map(
  (c) => [c.method.toUpperCase(), c.path.replace(/\{[A-Za-z]+\}/g, "1")] as const,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("admin, report and health routes", () => {
  test("are all declared admin-only", () => {
    expect(ADMIN_ONLY.length).toBe(SCOPED.length);
    expect(ROUTES.length).toBeGreaterThanOrEqual(12);
  });

  test.each(ROUTES)(
    "%s %s answers 403 to user and customer, 401 to anonymous",
    async (method, path) => {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      for (const as of ["user", "customer"] as const) {
        const res = await t.request(method, path, { as, body });
        expect({ as, status: res.status }).toEqual({ as, status: 403 });
      }
      expect((await t.request(method, path, { as: "anonymous", body })).status).toBe(401);
    },
  );

  test("a refused delete-all deletes nothing", async () => {
    await t.request("DELETE", "/api/admin/delete-all-data", { as: "user" });
    const n = (t.handle.sqlite.query("select count(*) as n from users").get() as { n: number }).n;
    expect(n).toBe(3);
  });
});
