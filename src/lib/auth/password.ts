/** Passwords: Bun.password (argon2id) with its default cost. */
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash);
}

/** Verified against when the username is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= Bun.password.hash("not-a-real-password-used-for-timing");
  return dummyHash;
}
