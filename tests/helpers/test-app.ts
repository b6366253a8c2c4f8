/**
 * A real app on a real, freshly migrated SQLite database, with one signed-in session per
 * role. Requests go through Hono's app.request, so every middleware runs.
 */
import { createApp } from "../../src/app";
import { type DbHandle, openDatabase } from "../../src/db/client";
import { users } from "../../src/db/schema";
import type { Role } from "../../src/domain/enums";
import { createSession, DEFAULT_SESSION_POLICY } from "../../src/lib/auth/session";
import type { Deps } from "../../src/lib/http";
import { ensureRollupZone } from "../../src/modules/reports/rollups";

export const TEST_PASSWORD = "correct-horse-battery";
let cachedHash: string | null = null;

/** Hashing is deliberately slow; tests share one hash of TEST_PASSWORD. */
export async function testPasswordHash(): Promise<string> {
  cachedHash ??= await Bun.password.hash(TEST_PASSWORD);
  return cachedHash;
}

export const ORIGIN = "http://localhost";

export type Caller = Role | "anonymous";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  handle: DbHandle;
  ids: Record<Role, number>;
  cookies: Record<Role, string>;
  /**
   * Sends a request as a role (or anonymous), with a same-origin Origin header, from `peer`
   * (the connecting address Bun's server would report; the app's default when absent). With
   * `bearer`, as a machine client sends it instead: `Authorization: Bearer`, no cookie and no
   * Origin.
   */
  request(
    method: string,
    path: string,
    opts?: {
      as?: Caller;
      bearer?: string;
      body?: unknown;
      headers?: Record<string, string>;
      peer?: string;
    },
  ): Promise<Response>;
  /** Same, and parses JSON; throws with the body when the status is not the expected one. */
  json<T = unknown>(
    method: string,
    path: string,
    opts?: {
      as?: Caller;
      body?: unknown;
      headers?: Record<string, string>;
      peer?: string;
      expect?: number;
    },
  ): Promise<T>;
  close(): void;
}

/** What Hono's app.request takes as its env for a request from `peer` (as Bun.serve passes it). */
export function fromPeer(peer: string) {
  return { server: { requestIP: () => ({ address: peer, family: "", port: 0 }) } };
}

export async function createTestApp(
  path = ":memory:",
  opts: {
    /** TRUST_PROXY: true is its `true` (loopback only); a list as TRUST_PROXY lists it. */
    trustProxy?: boolean | string[];
    /** PUBLIC_ORIGIN, e.g. "https://bets.example.ie". */
    publicOrigin?: string;
    /**
     * The connecting peer of every request: 127.0.0.1 (the proxy in front) by default when
     * TRUST_PROXY is set; otherwise none, as app.request has none.
     */
    peer?: string;
    /** BUSINESS_TIMEZONE, e.g. "Europe/Dublin" (default UTC). */
    businessTimeZone?: string;
  } = {},
): Promise<TestApp> {
  const handle = openDatabase(path);
  // As the server does at start: the roll-ups are the business zone's days (decision 062).
  ensureRollupZone(handle.sqlite, opts.businessTimeZone ?? "UTC");
  const deps: Deps = {
    db: handle.db,
    sqlite: handle.sqlite,
    sessionPolicy: DEFAULT_SESSION_POLICY,
    cookieSecure: undefined,
    startedAt: Date.now(),
    clock: () => Date.now(),
    largeAmountCents: 100_000,
    creditLimitCapCents: 100_000,
    businessTimeZone: opts.businessTimeZone ?? "UTC",
    trustProxy: opts.trustProxy === true ? ["loopback"] : opts.trustProxy || [],
    ...(opts.publicOrigin ? { publicOrigin: opts.publicOrigin } : {}),
    checkResponses: true,
  };
  const app = createApp(deps);
  const hash = await testPasswordHash();
  const ids = {} as Record<Role, number>;
  const cookies = {} as Record<Role, string>;
  for (const role of ["admin", "user", "customer"] as const) {
    const row = handle.db
      .insert(users)
      .values({ username: `${role}1`, passwordHash: hash, role, createdAt: Date.now() })
      .returning()
      .get();
    ids[role] = row.id;
    cookies[role] = `session=${createSession(handle.db, row.id, Date.now())}`;
  }
  const defaultPeer = opts.peer ?? (opts.trustProxy ? "127.0.0.1" : undefined);
  const request: TestApp["request"] = (method, path, opts = {}) => {
    const headers: Record<string, string> =
      opts.bearer === undefined
        ? { Origin: ORIGIN, ...opts.headers }
        : { Authorization: `Bearer ${opts.bearer}`, ...opts.headers };
    const as = opts.as ?? "admin";
    if (opts.bearer === undefined && as !== "anonymous") headers.Cookie = cookies[as];
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
      headers["Content-Type"] ??= "application/json";
    }
    const peer = opts.peer ?? defaultPeer;
    return Promise.resolve(
      app.request(`${ORIGIN}${path}`, { method, headers, body }, peer ? fromPeer(peer) : undefined),
    );
  };
  return {
    app,
    deps,
    handle,
    ids,
    cookies,
    request,
    async json(method, path, opts = {}) {
      const res = await request(method, path, opts);
      const text = await res.text();
      const expected = opts.expect ?? (method === "POST" ? 201 : 200);
      if (res.status !== expected) {
        throw new Error(`${method} ${path}: expected ${expected}, got ${res.status}: ${text}`);
      }
      return (text ? JSON.parse(text) : null) as never;
    },
    close: () => handle.close(),
  };
}

/** Creates a shop and a customer through the API and returns their ids. */
export async function seedBasics(
  t: TestApp,
  customer: Record<string, unknown> = {},
): Promise<{ shopId: number; customerId: number }> {
  const shop = await t.json<{ id: number }>("POST", "/api/shops", {
    body: { name: "Main Street", location: "Dublin" },
  });
  const cust = await t.json<{ id: number }>("POST", "/api/customers", {
    body: { firstName: "Ada", lastName: "Lovelace", creditLimit: "0", ...customer },
  });
  return { shopId: shop.id, customerId: cust.id };
}

/** seedBasics' shop and customer, and a second shop. */
export interface TwoShops {
  shopId: number;
  customerId: number;
  quayId: number;
}

/**
 * seedBasics, then a second shop, Quay in Cork: somewhere other than Main Street to open a
 * shift, take a bet or pay a slip (the till's tests: shifts, cash bets).
 */
export async function seedTwoShops(t: TestApp): Promise<TwoShops> {
  const ids = await seedBasics(t);
  const quay = await t.json<{ id: number }>("POST", "/api/shops", {
    body: { name: "Quay", location: "Cork" },
  });
  return { ...ids, quayId: quay.id };
}

/** What an account's owner chooses at the first sign-in (createAccount): strong, no username. */
export const OWN_PASSWORD = "tangerine-lighthouse-42";

/**
 * An account the way a real one comes to work (decision 046): an admin creates it through
 * the API with TEST_PASSWORD, its owner signs in and must replace that password, and does
 * (OWN_PASSWORD). Answers the user and that session's cookie, which can do all its role may.
 */
export async function createAccount(
  t: TestApp,
  body: { username: string; role?: Role; customerId?: number },
): Promise<{ id: number; customerId: number | null; cookie: string }> {
  const user = await t.json<{ id: number; customerId: number | null }>("POST", "/api/admin/users", {
    body: { password: TEST_PASSWORD, ...body },
  });
  const login = await t.request("POST", "/api/login", {
    as: "anonymous",
    body: { username: body.username, password: TEST_PASSWORD },
  });
  if (login.status !== 200) throw new Error(`sign-in as ${body.username}: ${login.status}`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  await t.json("PATCH", "/api/user/password", {
    as: "anonymous",
    headers: { Cookie: cookie },
    body: { currentPassword: TEST_PASSWORD, newPassword: OWN_PASSWORD },
    expect: 200,
  });
  return { id: user.id, customerId: user.customerId, cookie };
}
