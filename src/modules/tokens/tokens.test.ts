/**
 * API tokens (issue 22 item 8, decision 058) through the real app and a real SQLite
 * database: made, listed, used with `Authorization: Bearer` and no Origin, throttled,
 * revoked and expired; the secret never stored, audited or logged.
 */
import { afterEach, describe, expect, spyOn, test } from "bun:test";
import {
  createTestApp,
  fromPeer,
  ORIGIN,
  seedBasics,
  type TestApp,
} from "../../../tests/helpers/test-app";
import { POLICY_MATRIX } from "../../../tests/policy-matrix";
import type { Contract } from "../../domain/contract";
import { contracts } from "../../domain/contracts";
import type { ApiTokenDto, CreatedApiTokenDto } from "../../domain/dto";
import {
  BEARER_FAILURE_KEY,
  FAILURE_WINDOW_MS,
  MAX_FAILURES_PER_ADDRESS,
} from "../../lib/auth/api-token";
import { setLogLevel } from "../../lib/logger";
import * as signIn from "../auth/auth.service";

let t: TestApp;
afterEach(() => t?.close());

const PEER = "192.0.2.7";

/** A request with a bearer token and no Origin, as a machine client sends it. */
function bearer(
  method: string,
  path: string,
  token: string,
  opts: { body?: unknown; headers?: Record<string, string>; peer?: string } = {},
): Promise<Response> {
  return t.request(method, path, { ...opts, bearer: token, peer: opts.peer ?? PEER });
}

async function makeToken(body: Record<string, unknown>): Promise<CreatedApiTokenDto> {
  return t.json<CreatedApiTokenDto>("POST", "/api/admin/tokens", { body });
}

/** Every row of every table as text: where a secret must never appear. */
function wholeDatabase(): string {
  const tables = t.handle.sqlite
    .query<{ name: string }, []>("select name from sqlite_master where type = 'table'")
    .all();
  return tables
    .map(({ name }) =>
      JSON.stringify(t.handle.sqlite.query(`select * from "${name}"`).all(), (_k, v) =>
        v instanceof Uint8Array ? Buffer.from(v).toString("hex") : v,
      ),
    )
    .join("\n");
}

describe("making, listing and revoking tokens", () => {
  test("the secret is answered once, listed never, and kept only as a hash", async () => {
    t = await createTestApp();
    const created = await makeToken({ name: "till-sync", role: "user" });
    expect(created.token).toMatch(/^bst_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 12));
    expect(created).toMatchObject({
      name: "till-sync",
      role: "user",
      createdBy: { id: t.ids.admin, username: "admin1" },
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    const list = await t.json<ApiTokenDto[]>("GET", "/api/admin/tokens");
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty("token");
    expect(JSON.stringify(list)).not.toContain(created.token);
    const stored = wholeDatabase();
    expect(stored).not.toContain(created.token);
    expect(stored).not.toContain(created.token.slice(12));
    const hash = new Bun.CryptoHasher("sha256").update(created.token).digest("hex");
    expect(stored).toContain(hash);
  });

  test("newest first, with an expiry; one in the past is refused", async () => {
    t = await createTestApp();
    await makeToken({ name: "first", role: "user" });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    await makeToken({ name: "second", role: "admin", expiresAt });
    const list = await t.json<ApiTokenDto[]>("GET", "/api/admin/tokens");
    expect(list.map((row) => [row.name, row.role, row.expiresAt])).toEqual([
      ["second", "admin", expiresAt],
      ["first", "user", null],
    ]);
    const past = await t.request("POST", "/api/admin/tokens", {
      body: { name: "late", role: "user", expiresAt: "2020-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({
      fields: { expiresAt: "Expiry must be in the future" },
    });
    const bad = await t.request("POST", "/api/admin/tokens", {
      body: { name: " ", role: "customer" },
    });
    expect(bad.status).toBe(400);
  });

  test("revoking sets revokedAt once: again changes nothing; an unknown token is 404", async () => {
    t = await createTestApp();
    const created = await makeToken({ name: "till-sync", role: "user" });
    const revoked = await t.json<ApiTokenDto>("DELETE", `/api/admin/tokens/${created.id}`);
    expect(revoked.revokedAt).not.toBeNull();
    const again = await t.json<ApiTokenDto>("DELETE", `/api/admin/tokens/${created.id}`);
    expect(again.revokedAt).toBe(revoked.revokedAt);
    const rows = t.handle.sqlite
      .query("select action from audit_log where entity_type = 'API_TOKEN' order by id")
      .all();
    expect(rows).toEqual([{ action: "token.create" }, { action: "token.revoke" }]);
    expect((await t.request("DELETE", "/api/admin/tokens/999")).status).toBe(404);
  });
});

describe("Authorization: Bearer", () => {
  test("a write needs no Origin, and its audit row names the token (by name and id) and its admin", async () => {
    t = await createTestApp();
    const { shopId, customerId } = await seedBasics(t);
    const { id, token } = await makeToken({ name: "till-sync", role: "user" });
    const body = { customerId, shopId, amount: "12.50" };
    const headers = { "Idempotency-Key": "sync-1" };
    const first = await bearer("POST", "/api/deposits", token, { body, headers });
    expect(first.status).toBe(201);
    const again = await bearer("POST", "/api/deposits", token, { body, headers });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    const rows = t.handle.sqlite
      .query(
        "select actor_id, actor_username, ip from audit_log where action = 'transaction.deposit'",
      )
      .all();
    expect(rows).toEqual([
      { actor_id: t.ids.admin, actor_username: `token:till-sync#${id}`, ip: PEER },
    ]);
    const me = await bearer("GET", "/api/user", token);
    expect(await me.json()).toMatchObject({ username: `token:till-sync#${id}`, role: "user" });
  });

  test("two tokens of one name are told apart in the audit trail, and its search finds each by name (decision 082)", async () => {
    t = await createTestApp();
    const { shopId, customerId } = await seedBasics(t);
    const first = await makeToken({ name: "sync", role: "user" });
    const second = await makeToken({ name: "sync", role: "user" });
    for (const token of [first, second]) {
      const res = await bearer("POST", "/api/deposits", token.token, {
        body: { customerId, shopId, amount: "1.00" },
      });
      expect(res.status).toBe(201);
    }
    // The admin's own row, which a search for the token's name must not bring.
    await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "2.00" } });
    type Entry = { action: string; actorUsername: string | null };
    const search = async (q: string) =>
      (await t.json<Entry[]>("GET", `/api/admin/audit?q=${encodeURIComponent(q)}`))
        .filter((e) => e.action === "transaction.deposit")
        .map((e) => e.actorUsername)
        .sort();
    const names = [`token:sync#${first.id}`, `token:sync#${second.id}`].sort();
    expect(await search("sync")).toEqual(names);
    expect(await search("token:sync")).toEqual(names);
    expect(await search(`sync#${second.id}`)).toEqual([`token:sync#${second.id}`]);
    // A row written before decision 082 (named without the id) is found by the name too.
    t.handle.sqlite.run(
      "update audit_log set actor_username = 'token:sync' where actor_username = ?",
      [`token:sync#${first.id}`],
    );
    expect(await search("sync")).toEqual(["token:sync", `token:sync#${second.id}`]);
  });

  test("a cookie without Origin is still refused", async () => {
    t = await createTestApp();
    const res = await t.app.request(`${ORIGIN}/api/shops`, {
      method: "POST",
      headers: { Cookie: t.cookies.admin, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Quay", location: "Cork" }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Cross-origin request refused");
  });

  test("the bearer wins over a cookie sent with it", async () => {
    t = await createTestApp();
    const { token } = await makeToken({ name: "reader", role: "user" });
    const res = await bearer("GET", "/api/admin/users", token, {
      headers: { Cookie: t.cookies.admin },
    });
    expect(res.status).toBe(403);
    const bad = await bearer("GET", "/api/shops", "bst_wrong", {
      headers: { Cookie: t.cookies.admin },
    });
    expect(bad.status).toBe(401);
  });

  test("a wrong, revoked or expired token, or a disabled creator's, is 401 saying so", async () => {
    t = await createTestApp();
    const message = async (res: Response) => [res.status, (await res.json()).message];
    expect(await message(await bearer("GET", "/api/shops", "bst_nothing-like-it"))).toEqual([
      401,
      "Invalid API token (Authorization: Bearer <token>)",
    ]);
    expect(await message(await bearer("GET", "/api/shops", ""))).toEqual([
      401,
      "Invalid API token (Authorization: Bearer <token>)",
    ]);
    const kept = await makeToken({ name: "kept", role: "user" });
    const soon = await makeToken({
      name: "soon",
      role: "user",
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await bearer("GET", "/api/shops", soon.token)).status).toBe(200);
    await t.json("DELETE", `/api/admin/tokens/${kept.id}`);
    expect(await message(await bearer("GET", "/api/shops", kept.token))).toEqual([
      401,
      "This API token was revoked",
    ]);
    const later = Date.now() + 120_000;
    t.deps.clock = () => later;
    expect(await message(await bearer("GET", "/api/shops", soon.token))).toEqual([
      401,
      "This API token has expired",
    ]);
    // A token lives no longer than its creator's admin rights (decision 058).
    const mine = await makeToken({ name: "mine", role: "admin" });
    t.handle.sqlite.run("update users set disabled_at = ? where id = ?", [later, t.ids.admin]);
    expect(await message(await bearer("GET", "/api/shops", mine.token))).toEqual([
      401,
      "This API token's creator is disabled or no longer an admin",
    ]);
    t.handle.sqlite.run("update users set disabled_at = null, role = 'user' where id = ?", [
      t.ids.admin,
    ]);
    expect((await bearer("GET", "/api/shops", mine.token)).status).toBe(401);
    t.handle.sqlite.run("update users set role = 'admin' where id = ?", [t.ids.admin]);
    expect((await bearer("GET", "/api/shops", mine.token)).status).toBe(200);
  });

  test("a user token cannot reach admin endpoints; no token manages tokens, passwords or accounts", async () => {
    t = await createTestApp();
    const user = await makeToken({ name: "user", role: "user" });
    const admin = await makeToken({ name: "admin", role: "admin" });
    expect((await bearer("GET", "/api/admin/users", user.token)).status).toBe(403);
    expect((await bearer("GET", "/api/reports", user.token)).status).toBe(403);
    expect((await bearer("GET", "/api/admin/users", admin.token)).status).toBe(200);
    const refused: [string, string, unknown?][] = [
      ["GET", "/api/admin/tokens"],
      ["POST", "/api/admin/tokens", { name: "child", role: "admin" }],
      ["DELETE", `/api/admin/tokens/${user.id}`],
      ["PATCH", "/api/user/password", { currentPassword: "x", newPassword: "y-long-enough-1" }],
      ["GET", "/api/user/sessions"],
      ["POST", "/api/admin/users", { username: "mallory", password: "a-long-pass-123" }],
      ["POST", `/api/admin/users/${t.ids.user}/password`, { password: "a-long-pass-123" }],
      ["DELETE", "/api/admin/delete-all-data", { password: "admin-password-1" }],
    ];
    for (const [method, path, body] of refused) {
      const res = await bearer(method, path, admin.token, { body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
      expect((await res.json()).message).toBe("An API token cannot do this: sign in as a person");
    }
    const list = await t.json<ApiTokenDto[]>("GET", "/api/admin/tokens");
    expect(list.map((row) => row.revokedAt)).toEqual([null, null]);
  });

  test("a token's live stream ends as soon as the token is revoked", async () => {
    t = await createTestApp();
    const { id, token } = await makeToken({ name: "screen", role: "user" });
    const res = await bearer("GET", "/api/events", token);
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    while (!text.includes("event: ready")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended before it was ready");
      text += new TextDecoder().decode(value);
    }
    await t.json("DELETE", `/api/admin/tokens/${id}`);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      // Whatever comes after the revocation is not a change: the stream just ends.
      expect(new TextDecoder().decode(value)).not.toContain("event: change");
    }
  });

  test("last use is written at most once a minute", async () => {
    t = await createTestApp();
    const { id, token } = await makeToken({ name: "poller", role: "user" });
    const start = Date.now();
    const lastUsed = () =>
      (
        t.handle.sqlite.query("select last_used_at from api_tokens where id = ?").get(id) as {
          last_used_at: number | null;
        }
      ).last_used_at;
    t.deps.clock = () => start;
    await bearer("GET", "/api/shops", token);
    expect(lastUsed()).toBe(start);
    t.deps.clock = () => start + 30_000;
    await bearer("GET", "/api/shops", token);
    expect(lastUsed()).toBe(start);
    t.deps.clock = () => start + 61_000;
    await bearer("GET", "/api/shops", token);
    expect(lastUsed()).toBe(start + 61_000);
    const [listed] = await t.json<ApiTokenDto[]>("GET", "/api/admin/tokens");
    expect(listed?.lastUsedAt).toBe(new Date(start + 61_000).toISOString());
  });
});

describe("the role matrix for tokens", () => {
  test("a token gets what its role gets (tests/policy-matrix.ts), except where bearer: false refuses it", async () => {
    t = await createTestApp();
    t.deps.apiTokenRatePerMinute = 100_000;
    const tokens = {
      user: (await makeToken({ name: "as-user", role: "user" })).token,
      admin: (await makeToken({ name: "as-admin", role: "admin" })).token,
    };
    const byRoute = new Map(
      Object.values(contracts).map((c) => [`${c.method.toUpperCase()} ${c.path}`, c as Contract]),
    );
    const problems: string[] = [];
    let refusedToTokens = 0;
    for (const [route, expected] of Object.entries(POLICY_MATRIX)) {
      const [method, path] = route.split(" ") as [string, string];
      const contract = byRoute.get(route) as Contract;
      if (contract.bearer === false) refusedToTokens++;
      for (const [role, want] of [
        ["user", expected[2]],
        ["admin", expected[3]],
      ] as const) {
        const hasBody = method !== "GET" && method !== "DELETE";
        const res = await bearer(method, path.replace(/\{[A-Za-z]+\}/g, "999999"), tokens[role], {
          body: hasBody ? {} : undefined,
        });
        if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
          await res.body?.cancel();
        }
        const status = res.status;
        const ok =
          contract.bearer === false
            ? status === 403
            : want === "ok"
              ? status < 500 && status !== 401 && status !== 403
              : status === want;
        if (!ok) problems.push(`${route} with a ${role} token: ${status}`);
      }
    }
    expect(problems).toEqual([]);
    expect(refusedToTokens).toBe(20);
  });
});

describe("throttling", () => {
  test("refused bearers count as failed sign-ins from their address: then 429", async () => {
    expect([FAILURE_WINDOW_MS, MAX_FAILURES_PER_ADDRESS]).toEqual([
      signIn.FAILURE_WINDOW_MS,
      signIn.MAX_PER_ADDRESS,
    ]);
    t = await createTestApp();
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await bearer("GET", "/api/shops", `bst_guess-${i}`)).status).toBe(401);
    }
    const locked = await bearer("GET", "/api/shops", "bst_guess-again");
    expect(locked.status).toBe(429);
    expect((await locked.json()).code).toBe("RATE_LIMITED");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same budget as signing in from there, and another address is not held back.
    const login = await t.app.request(
      `${ORIGIN}/api/login`,
      {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ username: "admin1", password: "wrong-password" }),
      },
      fromPeer(PEER),
    );
    expect(login.status).toBe(429);
    const elsewhere = await bearer("GET", "/api/shops", "bst_guess", { peer: "192.0.2.99" });
    expect(elsewhere.status).toBe(401);
    const counted = t.handle.sqlite
      .query("select count(*) as n from login_failures where username = ?")
      .get(BEARER_FAILURE_KEY) as { n: number };
    expect(counted.n).toBe(MAX_FAILURES_PER_ADDRESS + 1);
  });

  test("a valid token is held to API_TOKEN_RATE_PER_MINUTE, with Retry-After", async () => {
    t = await createTestApp();
    t.deps.apiTokenRatePerMinute = 3;
    const { token } = await makeToken({ name: "busy", role: "user" });
    const other = await makeToken({ name: "quiet", role: "user" });
    const start = Date.now();
    t.deps.clock = () => start;
    for (let i = 0; i < 3; i++) expect((await bearer("GET", "/api/shops", token)).status).toBe(200);
    const refused = await bearer("GET", "/api/shops", token);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(
      "Too many requests with this API token (at most 3 a minute)",
    );
    expect(refused.headers.get("retry-after")).toBe("20");
    expect((await bearer("GET", "/api/shops", other.token)).status).toBe(200);
    t.deps.clock = () => start + 20_000;
    expect((await bearer("GET", "/api/shops", token)).status).toBe(200);
  });
});

describe("the secret stays secret", () => {
  test("never in the audit trail or the request log", async () => {
    t = await createTestApp();
    const lines: string[] = [];
    const spy = spyOn(process.stdout, "write").mockImplementation((chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    });
    setLogLevel("info");
    let created: CreatedApiTokenDto;
    try {
      created = await makeToken({ name: "till-sync", role: "user" });
      await bearer("GET", "/api/shops", created.token);
      await bearer("POST", "/api/shops", created.token, {
        body: { name: "Quay", location: "Cork" },
      });
      await t.json("DELETE", `/api/admin/tokens/${created.id}`);
      await bearer("GET", "/api/shops", created.token);
    } finally {
      setLogLevel("silent");
      spy.mockRestore();
    }
    const log = lines.join("");
    expect(log).toContain('"tokenId":');
    expect(log).not.toContain(created.token);
    const audit = JSON.stringify(t.handle.sqlite.query("select * from audit_log").all());
    expect(audit).toContain(`token:till-sync#${created.id}`);
    expect(audit).toContain(created.prefix);
    expect(audit).not.toContain(created.token);
  });
});
