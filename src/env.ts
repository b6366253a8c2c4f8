/** The only reader of process.env. */
import { z } from "zod";
import { parseCents } from "./domain/money";

/** An amount setting such as "1000.00", read as cents (at least `minCents`). */
function amountSetting(fallback: string, minCents: number) {
  return z
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
    });
}

/** An on/off setting: true, false, 1, 0, or empty/unset. */
const flag = z.enum(["true", "false", "1", "0", ""]).optional();
const isOn = (v: string | undefined) => v === "true" || v === "1";

const blankToUndefined = (v: string | undefined) => (v?.trim() ? v : undefined);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_PATH: z.string().min(1).default("data/betting-shop.db"),
  ADMIN_PASSWORD: z.string().optional(),
  COOKIE_SECURE: flag.transform((v) => (v === undefined || v === "" ? undefined : isOn(v))),
  /** Behind a reverse proxy: believe its X-Forwarded-For/-Proto/-Host (the nearest hop only). */
  TRUST_PROXY: flag.transform(isOn),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  WEB_DIST: z.string().default("dist/web"),
  /** quick_check at start (seconds at any size); `full` runs integrity_check before serving. */
  STARTUP_INTEGRITY_CHECK: z.enum(["full", "quick"]).default("quick"),
  /** Hours between full integrity checks in the background (decision 025); 0 turns them off. */
  INTEGRITY_CHECK_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 24, "must be at most 576 (24 days)")
    .default(24),
  /** Hours between books checks in the background (issue 13, decision 037); 0 turns them off. */
  BOOKS_CHECK_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 24, "must be at most 576 (24 days)")
    .default(24),
  /** Deposits, withdrawals, stakes and Won payouts from this amount ask for a second confirmation. */
  LARGE_AMOUNT: amountSetting("1000.00", 1),
  /** The highest credit limit staff may set; above it (or to allow overdraft) needs an admin. */
  STAFF_MAX_CREDIT_LIMIT: amountSetting("1000.00", 0),
  /** HTTPS without a proxy: both a PEM certificate (chain) and its private key, or neither. */
  TLS_CERT_PATH: z.string().optional().transform(blankToUndefined),
  TLS_KEY_PATH: z.string().optional().transform(blankToUndefined),
  /** Scheduled backups go here (none when unset; delete-all's go beside the database then). */
  BACKUP_DIR: z.string().optional().transform(blankToUndefined),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 24, "must be at most 576 (24 days)")
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** Deposits and withdrawals need the acting user's open shift at that shop (issue 12). */
  REQUIRE_SHIFT: flag.transform(isOn),
  /** No customer younger than this may be created, bet or deposit (issue 20, decision 041). */
  MIN_AGE: z.coerce.number().int().min(0).max(100).default(18),
  /** Bets and deposits need the customer's date of birth on record (decision 041). */
  REQUIRE_DATE_OF_BIRTH: flag.transform(isOn),
  /** Reads run in this many workers, off the request thread (0: on it, as tests do). */
  READ_WORKERS: z.coerce.number().int().min(0).max(32).default(4),
});

export type Env = z.output<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${details}`);
  }
  if (!parsed.data.TLS_CERT_PATH !== !parsed.data.TLS_KEY_PATH) {
    throw new Error("Invalid environment: set both TLS_CERT_PATH and TLS_KEY_PATH, or neither");
  }
  return parsed.data;
}
