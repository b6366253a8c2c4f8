/** The only reader of process.env. */
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import proxyaddr from "proxy-addr";
import { z } from "zod";
import { DEFAULT_CALLING_CODE } from "./domain/customer-number";
import { LANGUAGES } from "./domain/language";
import { parseCents } from "./domain/money";
import { parseReplicaUrl } from "./lib/replication/config";

const PROJECT_ROOT = join(import.meta.dir, "..");

const blankToUndefined = (v: string | undefined) => (v?.trim() ? v : undefined);

/**
 * Every number setting (and amount setting) goes through this: a blank value (`PORT=`, or
 * spaces) is unset, so the default applies. z.coerce alone reads "" as 0 (Number("") is 0),
 * which made `PORT=` a random port, `MIN_AGE=` no age rule and `INTEGRITY_CHECK_HOURS=` no
 * checks. A value that is not a number still stops the start, naming the setting.
 */
function blankIsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);
}

/** An amount setting such as "1000.00", read as cents (at least `minCents`). */
function amountSetting(fallback: string, minCents: number) {
  return blankIsUnset(
    z
      .string()
      .default(fallback)
      .transform((v, ctx) => {
        const cents = parseCents(v);
        if (cents === null || cents < minCents) {
          const what = minCents > 0 ? "a positive amount" : "an amount of 0 or more";
          ctx.addIssue({ code: "custom", message: `must be ${what}, e.g. ${fallback}` });
          return z.NEVER;
        }
        return cents;
      }),
  );
}

/** An on/off setting: true, false, 1, 0, or empty/unset. */
const flag = z.enum(["true", "false", "1", "0", ""]).optional();
const isOn = (v: string | undefined) => v === "true" || v === "1";

/** The read pool's size when READ_WORKERS is not set: the cores, from 2 to 4 (decision 067). */
export function defaultReadWorkers(cores = availableParallelism()): number {
  return Math.min(4, Math.max(2, cores));
}

/** TRUST_PROXY as the server uses it (decision 045). */
export interface TrustProxy {
  /** Addresses, CIDR ranges or proxy-addr's names (loopback); empty: trust no proxy. */
  list: string[];
  /** It was set to `true`/`1`, which now means loopback only (the start-up log says so). */
  fromTrue: boolean;
}

/**
 * TRUST_PROXY: unset/false/0 trusts no proxy; true/1 trusts loopback only; otherwise a
 * comma-separated list of addresses and CIDR ranges, each checked by proxy-addr (the
 * library that then decides trust), so a typo stops the start instead of trusting nobody.
 */
const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const v = raw?.trim() ?? "";
    if (v === "" || v === "false" || v === "0") return { list: [], fromTrue: false };
    if (v === "true" || v === "1") return { list: ["loopback"], fromTrue: true };
    const list = v
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of list) {
      try {
        proxyaddr.compile(entry);
      } catch {
        ctx.addIssue({
          code: "custom",
          message: `"${entry}" is not an IP address or CIDR range (give e.g. 127.0.0.1,10.0.0.0/8,::1, or true for loopback only)`,
        });
        return z.NEVER;
      }
    }
    return { list, fromTrue: false };
  });

/** PUBLIC_ORIGIN: scheme, host and optional port only; answered as the URL standard's origin. */
function publicOrigin(v: string | undefined, ctx: z.RefinementCtx): string | undefined {
  if (v === undefined) return undefined;
  const example = "give scheme and host only, e.g. https://bets.example.ie";
  let url: URL;
  try {
    url = new URL(v.trim());
  } catch {
    ctx.addIssue({ code: "custom", message: `is not a URL (${example})` });
    return z.NEVER;
  }
  const bare =
    (url.protocol === "https:" || url.protocol === "http:") &&
    url.pathname === "/" &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (!bare) {
    ctx.addIssue({ code: "custom", message: `must be an origin (${example})` });
    return z.NEVER;
  }
  return url.origin;
}

/**
 * BUSINESS_TIMEZONE: an IANA name (Europe/Dublin), the one clock for every day-based rule
 * (decision 062); answered in its canonical spelling. An unknown zone stops the start.
 */
const timeZoneSetting = z
  .string()
  .optional()
  .transform(blankToUndefined)
  .transform((raw, ctx): string => {
    const v = raw?.trim() ?? "UTC";
    try {
      return new Intl.DateTimeFormat("en", { timeZone: v }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({
        code: "custom",
        message: `"${v}" is not an IANA time zone (give e.g. Europe/Dublin, America/New_York or UTC)`,
      });
      return z.NEVER;
    }
  });

const envSchema = z.object({
  PORT: blankIsUnset(z.coerce.number().int().min(0).max(65535).default(3000)),
  /** The address the server listens on: all of them by default; 127.0.0.1 behind a local proxy. */
  HOST: z
    .string()
    .trim()
    .min(1, "must be an address, e.g. 0.0.0.0 or 127.0.0.1")
    .default("0.0.0.0"),
  /** On SIGTERM/SIGINT/SIGHUP, requests in flight get this long to finish (decision 054). */
  SHUTDOWN_GRACE_SECONDS: blankIsUnset(z.coerce.number().min(0).max(3600).default(10)),
  DATABASE_PATH: z.string().min(1).default("data/betting-shop.db"),
  ADMIN_PASSWORD: z.string().optional(),
  COOKIE_SECURE: flag.transform((v) => (v === undefined || v === "" ? undefined : isOn(v))),
  /** Behind a reverse proxy: the proxies whose X-Forwarded-For/-Proto/-Host are believed. */
  TRUST_PROXY: trustProxySetting,
  /** The one origin browsers use (https://bets.example.ie); unset: any host name (the LAN). */
  PUBLIC_ORIGIN: z.string().optional().transform(blankToUndefined).transform(publicOrigin),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SESSION_IDLE_MINUTES: blankIsUnset(
    z.coerce
      .number()
      .int()
      .positive()
      .max(400 * 24 * 60, "must be at most 576000 (400 days)")
      .default(30),
  ),
  /**
   * The session cookie's Max-Age too: a browser keeps a cookie at most 400 days (RFC 6265bis),
   * and Hono refuses to write a longer one, so a longer lifetime would fail every sign-in.
   */
  SESSION_ABSOLUTE_HOURS: blankIsUnset(
    z.coerce
      .number()
      .int()
      .positive()
      .max(400 * 24, "must be at most 9600 (400 days, the longest a browser keeps a cookie)")
      .default(12),
  ),
  /** The web bundle's folder: relative to the project (not to where the server was started). */
  WEB_DIST: z
    .string()
    .default("dist/web")
    .transform((dir) => resolve(PROJECT_ROOT, dir)),
  /** quick_check at start (seconds at any size); `full` runs integrity_check before serving. */
  STARTUP_INTEGRITY_CHECK: z.enum(["full", "quick"]).default("quick"),
  /** Hours between full integrity checks in the background (decision 025); 0 turns them off. */
  INTEGRITY_CHECK_HOURS: blankIsUnset(
    z.coerce
      .number()
      .min(0)
      .max(24 * 24, "must be at most 576 (24 days)")
      .default(24),
  ),
  /** Hours between books checks in the background (issue 13, decision 037); 0 turns them off. */
  BOOKS_CHECK_HOURS: blankIsUnset(
    z.coerce
      .number()
      .min(0)
      .max(24 * 24, "must be at most 576 (24 days)")
      .default(24),
  ),
  /** Deposits, withdrawals, stakes and Won payouts from this amount ask for a second confirmation. */
  LARGE_AMOUNT: amountSetting("1000.00", 1),
  /**
   * The largest cash bet (no customer) staff may take; above it an admin is needed (issue 21,
   * decision 051). Unset: LARGE_AMOUNT.
   */
  CASH_BET_MAX_STAKE: z
    .string()
    .optional()
    .transform(blankToUndefined)
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const cents = parseCents(v);
      if (cents === null || cents < 1) {
        ctx.addIssue({ code: "custom", message: "must be a positive amount, e.g. 500.00" });
        return z.NEVER;
      }
      return cents;
    }),
  /** The highest credit limit staff may set; above it (or to allow overdraft) needs an admin. */
  STAFF_MAX_CREDIT_LIMIT: amountSetting("1000.00", 0),
  /** The shop's time zone: "today", days, weeks, months and years are its dates (decision 062). */
  BUSINESS_TIMEZONE: timeZoneSetting,
  /** How prices show to a user who has not chosen (issue 21, decision 048). */
  ODDS_FORMAT: z.enum(["decimal", "fractional"]).default("decimal"),
  /** The web app's language for a user who chose none and whose browser asks for none it speaks (decision 065). */
  DEFAULT_LANGUAGE: z.enum(LANGUAGES).default("en"),
  /**
   * The shop's country calling code, digits only (353 Ireland, 49 Germany, 44 the UK, 1 North
   * America): a phone searched as +<code> finds one stored with its national 0 and the other
   * way round (decision 083).
   */
  PHONE_CALLING_CODE: blankIsUnset(
    z
      .string()
      .trim()
      .regex(
        /^(\+|00)?[1-9]\d{0,2}$/,
        "must be a country calling code: 1 to 3 digits, e.g. 353 or 49 (+49 reads as 49)",
      )
      .transform((code) => code.replace(/^(\+|00)/, ""))
      .default(DEFAULT_CALLING_CODE),
  ),
  /** HTTPS without a proxy: both a PEM certificate (chain) and its private key, or neither. */
  TLS_CERT_PATH: z.string().optional().transform(blankToUndefined),
  TLS_KEY_PATH: z.string().optional().transform(blankToUndefined),
  /** Scheduled backups go here (none when unset; delete-all's go beside the database then). */
  BACKUP_DIR: z.string().optional().transform(blankToUndefined),
  BACKUP_INTERVAL_HOURS: blankIsUnset(
    z.coerce
      .number()
      .positive()
      .max(24 * 24, "must be at most 576 (24 days)")
      .default(24),
  ),
  BACKUP_KEEP: blankIsUnset(z.coerce.number().int().min(1).max(10_000).default(14)),
  /** Deposits and withdrawals need the acting user's open shift at that shop (issue 12). */
  REQUIRE_SHIFT: flag.transform(isOn),
  /** No customer younger than this may be created, bet or deposit (issue 20, decision 041). */
  MIN_AGE: blankIsUnset(z.coerce.number().int().min(0).max(100).default(18)),
  /** Bets and deposits need the customer's date of birth on record (decision 041). */
  REQUIRE_DATE_OF_BIRTH: flag.transform(isOn),
  /**
   * Reads run in this many workers, off the request thread (0: on it, as tests do). Default:
   * one per core, at least 2 (one stays free for lookups) and at most 4; more busy threads
   * than cores add memory, not answers (decision 067).
   */
  READ_WORKERS: blankIsUnset(z.coerce.number().int().min(0).max(32).default(defaultReadWorkers())),
  /**
   * GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, /metrics is
   * off (404). At least 16 characters (decision 056).
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform(blankToUndefined)
    .pipe(z.string().trim().min(16, "must be at least 16 characters (a random token)").optional()),
  /** /readyz fails when less than this many MB are free beside the database (decision 056). */
  MIN_FREE_DISK_MB: blankIsUnset(z.coerce.number().int().min(0).default(200)),
  /**
   * Continuous replication with Litestream (decision 060): file:///path, sftp://user@host/path
   * or s3://bucket/path. Unset: no replication.
   */
  REPLICA_URL: z.string().optional().transform(blankToUndefined),
  /** The private key for an sftp:// replica (or a password in REPLICA_URL). */
  REPLICA_SFTP_KEY_PATH: z.string().optional().transform(blankToUndefined),
  /** The Litestream binary; unset: the one @flydotio/litestream installed. */
  LITESTREAM_PATH: z.string().optional().transform(blankToUndefined),
  /**
   * /readyz fails, and an alert is raised, when the replica is further behind than this. At
   * least 5: a lone write shows 2 to 3 s of lag until Litestream's quiet proves it shipped
   * (docs/operations.md), so a lower limit only raised false alarms.
   */
  REPLICA_MAX_LAG_SECONDS: blankIsUnset(
    z.coerce
      .number()
      .int()
      .min(5, "must be at least 5: a lone write shows 2 to 3 s of lag before it counts as shipped")
      .max(86_400)
      .default(10),
  ),
  /** How long the replica keeps the past (point-in-time restores reach back this far). */
  REPLICA_RETENTION_HOURS: blankIsUnset(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 365, "must be at most 8760 (a year)")
      .default(72),
  ),
  /** Requests one API token may make a minute; beyond it, 429 with Retry-After (decision 058). */
  API_TOKEN_RATE_PER_MINUTE: blankIsUnset(
    z.coerce.number().int().min(1).max(1_000_000).default(600),
  ),
});

export type Env = z.output<typeof envSchema>;

/** Every setting this file reads (the tests go through each). */
export const SETTING_NAMES = Object.keys(envSchema.shape) as (keyof Env)[];

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  // Any setting left blank (`HOST=`, `LOG_LEVEL=`, spaces) is unset: its default applies, as
  // docs/operations.md says of every setting (a compose file's `KEY=` with no value).
  const set = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value === undefined || value.trim() !== ""),
  );
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${details}`);
  }
  if (!parsed.data.TLS_CERT_PATH !== !parsed.data.TLS_KEY_PATH) {
    throw new Error("Invalid environment: set both TLS_CERT_PATH and TLS_KEY_PATH, or neither");
  }
  if (parsed.data.REPLICA_URL) {
    try {
      parseReplicaUrl(parsed.data.REPLICA_URL, parsed.data.REPLICA_SFTP_KEY_PATH);
    } catch (err) {
      throw new Error(`Invalid environment: REPLICA_URL: ${(err as Error).message}`);
    }
  }
  return parsed.data;
}
