/** Passwords: Bun.password (argon2id) with its default cost, and the policy for new ones. */
import type { checkPassword } from "../../domain/password-strength";
import { AppError } from "../errors";
import { takeFromBucket } from "../rate-bucket";

type Strength = { checkPassword: typeof checkPassword };
let strength: Strength | null = null;

/**
 * The strength estimator, loaded on the first password set, not with the module: its
 * dictionaries cost some 35 MB of memory, in every read worker that loads the endpoints
 * (src/lib/read-pool.ts) and never sets a password. Bun's require loads the ES module
 * synchronously, so the check stays synchronous inside its write transaction.
 */
function estimator(): Strength {
  strength ??= require("../../domain/password-strength") as Strength;
  return strength;
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash);
}

/**
 * Every place a password is set calls this before hashing (decision 046): a 400 that names
 * `field` and says why (too short, only blank, contains the username, common, too easy to guess).
 */
export function assertPasswordAllowed(password: string, username: string, field: string): void {
  const { problem } = estimator().checkPassword(password, username);
  if (problem) throw new AppError("VALIDATION", problem, { [field]: problem });
}

/**
 * How many new passwords one user may have judged a minute, on their own change (decision
 * 072): each estimate costs up to about 0.2 s of the only request thread, so someone who knows
 * their password still cannot keep the server busy by sending weak ones in a loop.
 */
export const PASSWORD_CHECKS_PER_MINUTE = 6;

/** Takes one of `userId`'s password checks this minute, or refuses with 429 and Retry-After. */
export function takePasswordCheck(owner: object, userId: number, now: number): void {
  const wait = takeFromBucket(owner, `password-check:${userId}`, PASSWORD_CHECKS_PER_MINUTE, now);
  if (wait > 0) {
    throw new AppError(
      "RATE_LIMITED",
      `Too many new passwords tried: try again in ${wait} seconds`,
      undefined,
      { "Retry-After": String(wait) },
    );
  }
}

/** Verified against when the username is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= Bun.password.hash("not-a-real-password-used-for-timing");
  return dummyHash;
}
