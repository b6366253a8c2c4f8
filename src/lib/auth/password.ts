/** Passwords: Bun.password (argon2id) with its default cost, and the policy for new ones. */
import { checkPassword } from "../../domain/password-strength";
import { AppError } from "../errors";

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
  const { problem } = checkPassword(password, username);
  if (problem) throw new AppError("VALIDATION", problem, { [field]: problem });
}

/** Verified against when the username is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= Bun.password.hash("not-a-real-password-used-for-timing");
  return dummyHash;
}
