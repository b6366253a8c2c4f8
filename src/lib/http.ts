/** Shared Hono types and request helpers. */
import type { Database } from "bun:sqlite";
import type { Context } from "hono";
import type { AppDb } from "../db/client";
import type { SessionPolicy } from "./auth/session";
import type { BackupSettings } from "./backup";
import type { Actor, Clock, SessionUser } from "./context";
import { AppError } from "./errors";
import type { ReadPool } from "./read-pool";

/** Who may be a customer, bet and deposit by age (absent: MIN_AGE 18, date of birth optional). */
export interface AgeRules {
  minAge: number;
  requireDateOfBirth: boolean;
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
  /** STAFF_MAX_CREDIT_LIMIT in cents: staff may set credit limits up to here, admins beyond. */
  creditLimitCapCents: number;
  /** REQUIRE_SHIFT: deposits and withdrawals need the acting user's open shift at that shop. */
  requireShift?: boolean;
  /** MIN_AGE and REQUIRE_DATE_OF_BIRTH: who may be a customer, bet and deposit (decision 041). */
  ageRules?: AgeRules;
  /** TRUST_PROXY: believe the nearest hop's X-Forwarded-For/-Proto/-Host; otherwise ignore them. */
  trustProxy: boolean;
  /** BACKUP_*: where the server's backups go and how often; unset, see defaultBackupDir. */
  backups?: BackupSettings;
  /** Check every JSON answer against its declared schema (tests); off in production. */
  checkResponses?: boolean;
  /** READ_WORKERS: reads run in these workers, off the request thread (absent: inline). */
  readPool?: ReadPool;
}

/** The settings a read worker's handlers may read (src/lib/read-pool.ts): Deps without its handles. */
export type WorkerSettings = Omit<Deps, "db" | "sqlite" | "clock" | "readPool">;

/** The request thread's Deps without its handles: what a read worker is given. */
export function workerSettingsOf(deps: Deps): WorkerSettings {
  const { db: _db, sqlite: _sqlite, clock: _clock, readPool: _pool, ...settings } = deps;
  return settings;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    user: SessionUser | null;
    sessionId: string | null;
  };
}

/** The signed-in caller as an Actor. */
export function actorOf(c: Context<AppEnv>): Actor {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Not signed in");
  return {
    userId: user.id,
    username: user.username,
    role: user.role,
    ip: clientIp(c),
    requestId: c.get("requestId"),
  };
}

/**
 * An `X-Forwarded-*` header as our own proxy set it: only with TRUST_PROXY, and only its last
 * value (the nearest hop appends to whatever the client sent, so earlier values are the
 * client's word). Without TRUST_PROXY anyone could write these headers: null.
 */
export function forwarded(c: Context<AppEnv>, name: "for" | "proto" | "host"): string | null {
  if (!c.get("deps").trustProxy) return null;
  const value = c.req.header(`x-forwarded-${name}`);
  const last = value?.split(",").at(-1)?.trim();
  return last || null;
}

/** The caller's address: the socket's peer, or with TRUST_PROXY the nearest proxy's word. */
export function clientIp(c: Context<AppEnv>): string | null {
  const viaProxy = forwarded(c, "for");
  if (viaProxy) return viaProxy.slice(0, 64);
  const server = (c.env as { server?: { requestIP(r: Request): { address: string } | null } })
    ?.server;
  return server?.requestIP?.(c.req.raw)?.address ?? null;
}

/** This server's origin as the browser sees it (scheme, host and port), e.g. "https://shop:8443". */
export function serverOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  const proto = forwarded(c, "proto");
  const scheme = proto === "https" || proto === "http" ? `${proto}:` : url.protocol;
  const host = forwarded(c, "host") ?? url.host;
  try {
    return new URL(`${scheme}//${host}`).origin;
  } catch {
    return url.origin;
  }
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
