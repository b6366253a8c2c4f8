/** Shared Hono types and request helpers. */
import type { Database } from "bun:sqlite";
import type { Context } from "hono";
import proxyaddr from "proxy-addr";
import type { AppDb } from "../db/client";
import type { SessionPolicy } from "./auth/session";
import type { BackupSettings } from "./backup";
import type { Actor, Clock, SessionUser } from "./context";
import { AppError } from "./errors";
import type { ReadPool } from "./read-pool";
import type { ReplicationSource } from "./replication/supervisor";

/** Who may be a customer, bet and deposit by age (absent: MIN_AGE 18, date of birth optional). */
export interface AgeRules {
  minAge: number;
  requireDateOfBirth: boolean;
  /** BUSINESS_TIMEZONE: an age is counted on its date (decision 062); absent, UTC. */
  timeZone?: string;
}

export type { Clock };

export const systemClock: Clock = () => Date.now();

export interface Deps {
  db: AppDb;
  sqlite: Database;
  sessionPolicy: SessionPolicy;
  /** undefined: set Secure only when the request came over https. */
  cookieSecure: boolean | undefined;
  startedAt: number;
  clock: Clock;
  /** LARGE_AMOUNT in cents: amounts from here on ask for a second confirmation. */
  largeAmountCents: number;
  /** CASH_BET_MAX_STAKE in cents (absent: LARGE_AMOUNT): above it a cash bet needs an admin. */
  cashBetMaxStakeCents?: number;
  /**
   * BUSINESS_TIMEZONE: the IANA zone whose dates are the business days ("today", reports,
   * filters, limits; decision 062). Checked at start (src/env.ts); "UTC" by default.
   */
  businessTimeZone: string;
  /** ODDS_FORMAT: how prices show to a user who has not chosen (absent: decimal). */
  oddsFormat?: "decimal" | "fractional";
  /** PHONE_CALLING_CODE: the shop's country calling code for phone search (absent: 353; decision 083). */
  phoneCallingCode?: string;
  /** DEFAULT_LANGUAGE: the web app's language when neither the user nor the browser chooses (absent: en). */
  defaultLanguage?: "en" | "de";
  /** STAFF_MAX_CREDIT_LIMIT in cents: staff may set credit limits up to here, admins beyond. */
  creditLimitCapCents: number;
  /** REQUIRE_SHIFT: deposits and withdrawals need the acting user's open shift at that shop. */
  requireShift?: boolean;
  /** MIN_AGE and REQUIRE_DATE_OF_BIRTH: who may be a customer, bet and deposit (decision 041). */
  ageRules?: AgeRules;
  /**
   * TRUST_PROXY: the proxies (addresses, CIDR ranges, `loopback`) whose X-Forwarded-For/-Proto/
   * -Host are believed; empty: none. A list, not a function, so read workers can be given it.
   */
  trustProxy: readonly string[];
  /** PUBLIC_ORIGIN: the only origin accepted, and its host the only one served (decision 045). */
  publicOrigin?: string;
  /** BACKUP_*: where the server's backups go and how often; unset, see defaultBackupDir. */
  backups?: BackupSettings;
  /** Check every JSON answer against its declared schema (tests); off in production. */
  checkResponses?: boolean;
  /** READ_WORKERS: reads run in these workers, off the request thread (absent: inline). */
  readPool?: ReadPool;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; absent, /metrics is off (decision 056). */
  metricsToken?: string;
  /** API_TOKEN_RATE_PER_MINUTE: requests one API token may make a minute (absent: 600). */
  apiTokenRatePerMinute?: number;
  /** INTEGRITY_CHECK_HOURS: hours between full integrity checks, 0 none (absent: 24). */
  integrityCheckHours?: number;
  /** MIN_FREE_DISK_MB: /readyz fails below this much free space beside the database (absent: 200). */
  minFreeDiskMb?: number;
  /** REPLICA_URL: the Litestream supervisor's status (decision 060); absent, replication is off. */
  replication?: ReplicationSource;
}

/** The settings a read worker's handlers may read (src/lib/read-pool.ts): Deps without its handles. */
export type WorkerSettings = Omit<Deps, "db" | "sqlite" | "clock" | "readPool" | "replication">;

/** The request thread's Deps without its handles: what a read worker is given. */
export function workerSettingsOf(deps: Deps): WorkerSettings {
  const {
    db: _db,
    sqlite: _sqlite,
    clock: _clock,
    readPool: _pool,
    replication: _replication,
    ...settings
  } = deps;
  return settings;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    user: SessionUser | null;
    sessionId: string | null;
    /** The API token a Bearer request acts with (decision 058); null for a session or none. */
    apiToken: { id: number; name: string } | null;
    /**
     * The first key the body holds twice (decision 090), found before anything parses it and
     * refused after the access rule (a 401 or 403 first, as for any other bad body).
     */
    duplicateKey?: string;
  };
}

/** The signed-in caller as an Actor. */
export function actorOf(c: Context<AppEnv>): Actor {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Not signed in");
  const token = c.get("apiToken");
  return {
    userId: user.id,
    username: user.username,
    role: user.role,
    ip: clientIp(c),
    requestId: c.get("requestId"),
    ...(token ? { tokenId: token.id } : {}),
  };
}

/**
 * What the proxy and origin rules read of a request: its URL, headers and connecting peer.
 * The static pages (src/server.ts) are served outside Hono and use the same rules.
 */
export interface Incoming {
  url: string;
  header(name: string): string | undefined;
  /** The connecting peer's address; null when there is none (app.request without a server). */
  peer: string | null;
}

/** A Hono request as an Incoming. */
export function incomingOf(c: Context<AppEnv>): Incoming {
  const server = (c.env as { server?: { requestIP(r: Request): { address: string } | null } })
    ?.server;
  return {
    url: c.req.url,
    header: (name) => c.req.header(name),
    peer: server?.requestIP?.(c.req.raw)?.address ?? null,
  };
}

type TrustFn = (address: string, hop: number) => boolean;
const compiledTrust = new Map<string, TrustFn>();

/** TRUST_PROXY's list compiled by proxy-addr once (the list was checked at start, src/env.ts). */
function trustOf(list: readonly string[]): TrustFn {
  const key = list.join(",");
  let fn = compiledTrust.get(key);
  if (!fn) {
    fn = proxyaddr.compile([...list]);
    compiledTrust.set(key, fn);
  }
  return fn;
}

/** The peer is one of the proxies TRUST_PROXY names: only then do X-Forwarded-* count. */
export function fromTrustedProxy(req: Incoming, trustProxy: readonly string[]): boolean {
  return trustProxy.length > 0 && req.peer !== null && trustOf(trustProxy)(req.peer, 0);
}

/**
 * An `X-Forwarded-Proto`/`-Host` header as our own proxy set it: only when the peer is a
 * trusted proxy, and only its last value (a proxy appends to whatever the client sent, so
 * earlier values are the client's word). From anyone else these headers are ignored: null.
 */
export function forwardedHeader(
  req: Incoming,
  trustProxy: readonly string[],
  name: "proto" | "host",
): string | null {
  if (!fromTrustedProxy(req, trustProxy)) return null;
  const last = req.header(`x-forwarded-${name}`)?.split(",").at(-1)?.trim();
  return last || null;
}

/**
 * The caller's address: the peer's own, or when the peer is a trusted proxy the right-most
 * address in X-Forwarded-For that is not a trusted proxy (proxy-addr walks the hops), so a
 * client cannot choose the address it is throttled and audited by.
 */
export function clientIp(c: Context<AppEnv>): string | null {
  const req = incomingOf(c);
  const { trustProxy } = c.get("deps");
  if (req.peer === null) return null;
  if (!fromTrustedProxy(req, trustProxy)) return plainAddress(req.peer);
  const asNode = {
    headers: { "x-forwarded-for": req.header("x-forwarded-for") },
    connection: { remoteAddress: req.peer },
  } as unknown as Parameters<typeof proxyaddr>[0];
  return plainAddress(proxyaddr(asNode, trustOf(trustProxy)));
}

/**
 * An IPv4 client on a dual-stack socket arrives as `::ffff:192.0.2.1`: it is recorded,
 * throttled and shown as `192.0.2.1`, the address a person knows it by.
 */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return (mapped?.[1] ?? address).slice(0, 64);
}

/**
 * The origin a request was addressed to (scheme, host and port), e.g. "https://shop:8443":
 * its own URL, with a trusted proxy's X-Forwarded-Proto and -Host in place of its own.
 */
export function requestOrigin(req: Incoming, trustProxy: readonly string[]): string {
  const url = new URL(req.url);
  const proto = forwardedHeader(req, trustProxy, "proto");
  const scheme = proto === "https" || proto === "http" ? `${proto}:` : url.protocol;
  const host = forwardedHeader(req, trustProxy, "host") ?? url.host;
  try {
    return new URL(`${scheme}//${host}`).origin;
  } catch {
    return url.origin;
  }
}

/** This server's origin as the browser sees it: the request's, or PUBLIC_ORIGIN when set. */
export function serverOrigin(c: Context<AppEnv>): string {
  const { publicOrigin, trustProxy } = c.get("deps");
  return publicOrigin ?? requestOrigin(incomingOf(c), trustProxy);
}

/**
 * With PUBLIC_ORIGIN set, a request addressed to any other host name (its Host, or a trusted
 * proxy's X-Forwarded-Host) is misdirected: what a DNS-rebinding page sends. Null: serve it.
 */
export function misdirected(req: Incoming, deps: Pick<Deps, "publicOrigin" | "trustProxy">) {
  if (!deps.publicOrigin) return null;
  const wanted = new URL(deps.publicOrigin).hostname;
  if (new URL(requestOrigin(req, deps.trustProxy)).hostname === wanted) return null;
  return new AppError("MISDIRECTED", `This server answers only for ${wanted}`);
}

/** A URL path decoded, or null when its percent-escapes do not decode (`/%`): a 400, not a 500. */
export function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** A 400's message (naming the first bad field) and one message per field. */
export function firstIssueMessage(
  issues: readonly { message: string; path: readonly PropertyKey[]; params?: unknown }[],
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  const first = issues[0];
  const name = first?.path.map(String).join(".") ?? "";
  // "Customer is required" and "sort must be one of: ..." already name their field.
  // "Customer is required" and "sort must be one of: ..." already name their field; a
  // reason such as "Not a number" (flagged `unnamed`) does not.
  const unnamed = (first?.params as { unnamed?: boolean } | undefined)?.unnamed === true;
  const named =
    !first ||
    name === "" ||
    (!unnamed && (/^[A-Z]/.test(first.message) || first.message.startsWith(`${name} `)));
  const message = first ? (named ? first.message : `${name}: ${first.message}`) : "Invalid input";
  return { message, fields };
}
