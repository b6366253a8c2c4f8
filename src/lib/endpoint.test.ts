/** What the declarations give every endpoint: strict inputs, one error body, the reference. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { validate } from "@readme/openapi-parser";
import { createTestApp, ORIGIN, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import { contracts } from "../domain/contracts";
import { ERROR_CODES } from "./errors";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedBasics(t);
});
afterAll(() => t.close());

describe("strict ids in a body", () => {
  const bad: [string, unknown][] = [
    ["true", true],
    ["an array", [1]],
    ["hex", "0x10"],
    ["an exponent", "1e3"],
    ["a numeric exponent", 1e300],
    ["a fraction", 1.5],
    ["a fractional string", "1.0"],
    ["a negative", -1],
    ["zero", 0],
    ["an object", { id: 1 }],
    ["padded digits", " 1"],
  ];
  for (const [what, customerId] of bad) {
    test(`a deposit with customerId ${what} is 400 and moves no money`, async () => {
      const res = await t.request("POST", "/api/deposits", {
        as: "user",
        body: { customerId, shopId: ids.shopId, amount: "10" },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; code: string; fields: object };
      expect(body.code).toBe("VALIDATION");
      expect(body.fields).toHaveProperty("customerId");
      const { balance } = await t.json<{ balance: string }>(
        "GET",
        `/api/customers/${ids.customerId}`,
        { expect: 200 },
      );
      expect(balance).toBe("0.00");
    });
  }

  test("an integer or a string of digits is accepted", async () => {
    for (const customerId of [ids.customerId, String(ids.customerId)]) {
      await t.json("POST", "/api/deposits", {
        as: "user",
        body: { customerId, shopId: String(ids.shopId), amount: "1" },
      });
    }
  });

  test("a missing id keeps its own message", async () => {
    const res = await t.request("POST", "/api/deposits", {
      as: "user",
      body: { shopId: ids.shopId, amount: "1" },
    });
    expect(await res.json()).toMatchObject({ message: "Customer is required", code: "VALIDATION" });
  });
});

describe("strict query strings", () => {
  for (const value of ["1e3", "0x10", "1.5", "-1", "true", "1,2"]) {
    test(`customerId=${value} is 400`, async () => {
      const res = await t.request("GET", `/api/bets?customerId=${encodeURIComponent(value)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "VALIDATION" });
    });
  }

  test("limit=1e2 is 400, limit=100 is fine", async () => {
    expect((await t.request("GET", "/api/customers?limit=1e2")).status).toBe(400);
    expect((await t.request("GET", "/api/customers?limit=100")).status).toBe(200);
  });

  const lists = ["customers", "shops", "bets", "transactions", "admin/users", "admin/audit"];
  for (const list of lists) {
    for (const sort of ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"]) {
      test(`/api/${list}?sort=${sort} is 400 naming the list's keys`, async () => {
        const res = await t.request("GET", `/api/${list}?sort=${sort}`);
        expect(res.status).toBe(400);
        const body = (await res.json()) as { message: string; code: string };
        expect(body.code).toBe("VALIDATION");
        expect(body.message).toStartWith("sort must be one of: id, ");
      });
    }
  }

  test("a list's own sort key works, another list's is refused", async () => {
    expect((await t.request("GET", "/api/bets?sort=stakeAmount&order=asc")).status).toBe(200);
    const res = await t.request("GET", "/api/shops?sort=stakeAmount");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("location");
  });
});

describe("errors", () => {
  test("every error body is { message, code, fields? } with a listed code", async () => {
    const answers = [
      await t.request("GET", "/api/customers", { as: "anonymous" }),
      await t.request("POST", "/api/customers", { as: "customer", body: {} }),
      await t.request("POST", "/api/customers", { as: "user", body: {} }),
      await t.request("GET", "/api/customers/999999"),
      await t.request("GET", "/api/customers/abc"),
      await t.request("POST", "/api/customers", { body: "{not json" }),
      await t.request("POST", "/api/customers", {
        body: "x=1",
        headers: { "Content-Type": "text/plain" },
      }),
    ];
    const seen = [];
    for (const res of answers) {
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(
        "fields" in body ? ["code", "fields", "message"] : ["code", "message"],
      );
      expect(ERROR_CODES).toContain(body.code as never);
      seen.push([res.status, body.code]);
    }
    expect(seen).toEqual([
      [401, "UNAUTHENTICATED"],
      [403, "FORBIDDEN"],
      [400, "VALIDATION"],
      [404, "NOT_FOUND"],
      [404, "NOT_FOUND"],
      [400, "VALIDATION"],
      [415, "UNSUPPORTED_MEDIA_TYPE"],
    ]);
  });
});

describe("the API reference", () => {
  test("GET /api/openapi.json is a valid OpenAPI 3.1 document of every endpoint", async () => {
    const doc = await t.json<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    }>("GET", "/api/openapi.json", { as: "customer", expect: 200 });
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    for (const [name, c] of Object.entries(contracts)) {
      expect(doc.paths[c.path]?.[c.method]?.operationId).toBe(name);
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["Error", "Bet", "Customer", "Transaction", "Report"]),
    );
  });

  test("the document says how money travels", async () => {
    interface JsonSchema {
      type?: string;
      pattern?: string;
      description?: string;
      properties?: Record<string, JsonSchema>;
    }
    const doc = await t.json<{ components: { schemas: Record<string, JsonSchema> } }>(
      "GET",
      "/api/openapi.json",
      { expect: 200 },
    );
    const { Bet, Report } = doc.components.schemas;
    expect(Bet?.properties?.stakeAmount?.pattern).toBe("^-?\\d+\\.\\d{2}$");
    const profit = Report?.properties?.financial?.properties?.profit;
    expect(profit?.type).toBe("number");
    expect(profit?.description).toContain("integer cents");
  });

  test("the document is complete for a machine client (decision 059)", async () => {
    interface Operation {
      operationId: string;
      tags: string[];
      security: Record<string, string[]>[];
      parameters?: { name?: string; $ref?: string; schema?: Record<string, unknown> }[];
      responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
    }
    const doc = await t.json<{
      servers: { url: string }[];
      tags: { name: string }[];
      paths: Record<string, Record<string, Operation>>;
      components: {
        securitySchemes: Record<
          string,
          { type: string; in?: string; name?: string; scheme?: string }
        >;
        responses: Record<string, unknown>;
      };
    }>("GET", "/api/openapi.json", { expect: 200 });
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "session",
    });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBe(Object.keys(contracts).length);
    for (const op of operations) {
      // Every operation can fail unexpectedly or meet a stopping server.
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["500", "503"]));
      expect(doc.tags.map((tag) => tag.name)).toContain(op.tags[0] ?? "");
    }
    const login = doc.paths["/api/login"]?.post as Operation;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(["401", "429"]));
    const deposit = doc.paths["/api/deposits"]?.post as Operation;
    expect(deposit.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(deposit.parameters?.map((p) => p.name ?? p.$ref)).toEqual([
      "#/components/parameters/Origin",
      "idempotency-key",
    ]);
    // Token management needs a person: the cookie only.
    expect(doc.paths["/api/admin/tokens"]?.post?.security).toEqual([{ session: [] }]);
    // Paged lists: limit's bounds and default, and each list's own filters only.
    const params = (path: string) =>
      new Map(
        (doc.paths[path]?.get?.parameters ?? []).map((p) => [p.name as string, p.schema ?? {}]),
      );
    expect(params("/api/bets").get("limit")).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 500,
      default: 50,
    });
    expect([...params("/api/bets").keys()]).toEqual(
      expect.arrayContaining(["customerId", "shopId", "status", "from", "to", "format"]),
    );
    expect([...params("/api/shops").keys()]).not.toContain("customerId");
    expect([...params("/api/admin/backups").keys()]).toEqual(["limit", "offset", "sort", "order"]);
    expect(params("/api/transactions").get("type")?.enum).toContain("DEPOSIT");
    // The JSON page alone in a list's 200 (the CSV download is described in x-csv).
    expect(Object.keys(doc.paths["/api/bets"]?.get?.responses["200"]?.content ?? {})).toEqual([
      "application/json",
    ]);
  });

  test("a list still takes another list's filter, and ignores it", async () => {
    for (const path of [
      "/api/shops?customerId=5",
      "/api/customers?role=admin&betId=3",
      "/api/admin/backups?status=WON",
      "/api/admin/users?customerId=3&type=DEPOSIT",
    ]) {
      expect((await t.request("GET", path)).status).toBe(200);
    }
    // Not another list's search or paging: ignored, they answered page 1 again (decision 093).
    for (const path of ["/api/admin/backups?q=x", "/api/admin/users?after=1"]) {
      expect((await t.request("GET", path)).status).toBe(400);
    }
    // A list's own filter is still checked.
    expect((await t.request("GET", "/api/bets?status=NOPE")).status).toBe(400);
    expect((await t.request("GET", "/api/bets?customerId=abc")).status).toBe(400);
  });

  test("anonymous callers get 401 for the document, the page and its script", async () => {
    for (const path of ["/api/openapi.json", "/api/docs", "/api/docs/reference.js"]) {
      expect((await t.request("GET", path, { as: "anonymous" })).status).toBe(401);
    }
  });

  test("GET /api/docs is a page whose script comes from this server", async () => {
    const res = await t.request("GET", "/api/docs", { as: "user" });
    expect(res.headers.get("content-type")).toContain("text/html");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    const html = await res.text();
    expect(html).toContain('<script src="/api/docs/reference.js"></script>');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await t.request("GET", "/api/docs/reference.js", { as: "user" });
    expect(script.headers.get("content-type")).toContain("javascript");
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });

  test("every status an operation answers is in the document (decision 077)", async () => {
    interface Operation {
      parameters?: { name?: string }[];
      responses: Record<string, unknown>;
    }
    const doc = await t.json<{ paths: Record<string, Record<string, Operation>> }>(
      "GET",
      "/api/openapi.json",
    );
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        // A bearer is checked on every operation, public ones too: 401 unknown, 429 too many.
        expect({ path, method, responses: Object.keys(op.responses) }).toMatchObject({
          responses: expect.arrayContaining(["401", "429"]),
        });
        // Any write given a body that is not JSON, even one that reads no body: 415.
        if (method !== "get") {
          expect({ path, method, responses: Object.keys(op.responses) }).toMatchObject({
            responses: expect.arrayContaining(["413", "415"]),
          });
        }
      }
    }
    expect(statuses("/api/bets/{id}", "get")).toContain("400");
    // And they are answered as listed.
    const bearer = { Authorization: "Bearer bst_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" };
    for (const [method, path] of [
      ["POST", "/api/logout"],
      ["GET", "/api/user"],
    ] as const) {
      const res = await t.app.request(`${ORIGIN}${path}`, { method, headers: bearer });
      expect(res.status).toBe(401);
    }
    const plain = await t.request("POST", "/api/logout", {
      as: "user",
      headers: { "Content-Type": "text/plain" },
      body: "bye",
    });
    expect(plain.status).toBe(415);
    expect((await t.request("GET", "/api/bets/%E0%A4%A", { as: "user" })).status).toBe(400);
  });

  test("a settlement and a slip's payment take an Idempotency-Key in the document", async () => {
    interface Operation {
      description: string;
      parameters?: { name?: string }[];
      responses: Record<string, unknown>;
    }
    const doc = await t.json<{ paths: Record<string, Record<string, Operation>> }>(
      "GET",
      "/api/openapi.json",
    );
    for (const op of [
      doc.paths["/api/bets/{id}/resolve"]?.patch,
      doc.paths["/api/slips/{code}/pay"]?.post,
    ]) {
      expect(op?.parameters?.map((p) => p.name)).toContain("idempotency-key");
      expect(Object.keys(op?.responses ?? {})).toContain("409");
      expect(op?.description).toContain("an API token's to that token alone");
    }
  });

  test("a reversal's 201 is the Reversal and its dry run's 200 the CorrectionPreview", async () => {
    type Response = { content?: Record<string, { schema: { $ref?: string } }> };
    const doc = await t.json<{
      paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
    }>("GET", "/api/openapi.json");
    const responses = doc.paths["/api/admin/reverse-transaction"]?.post?.responses ?? {};
    const schemaOf = (status: string) => responses[status]?.content?.["application/json"]?.schema;
    expect(schemaOf("201")).toEqual({ $ref: "#/components/schemas/Reversal" });
    expect(schemaOf("200")).toEqual({ $ref: "#/components/schemas/CorrectionPreview" });
  });

  test("the money fields say a number is judged as written, and how an each-way payout adds up", async () => {
    interface JsonSchema {
      description?: string;
      properties?: Record<string, JsonSchema>;
    }
    const doc = await t.json<{
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: JsonSchema }> } }>
      >;
    }>("GET", "/api/openapi.json");
    const body = doc.paths["/api/bets"]?.post?.requestBody.content["application/json"]?.schema;
    const fields = body?.properties ?? {};
    expect(fields.stakeAmount?.description).toContain("no exponent and at most 2 decimals");
    expect(fields.odds?.description).toContain("no exponent and at most 2 decimals");
    expect(fields.potentialPayout?.description).toContain("each-way");
    expect(fields.potentialPayout?.description).toContain("41.25");
    expect(fields.potentialPayout?.description).not.toContain("must equal stake x odds");
  });
});
