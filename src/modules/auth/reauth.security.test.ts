/**
 * Issue 20, "re-authentication can be locked from elsewhere": the password checks inside a
 * signed-in session (changing one's own password, delete-all's confirmation) follow the
 * sign-in rule, per username and address (decisions/018, 042). Failures for "admin" from
 * another address lock that address only; the admin, signed in at his own address, still
 * changes his password and passes delete-all's check. His own address's failures do throttle
 * him. Through the real app; addresses come from X-Forwarded-For with TRUST_PROXY on.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/helpers/test-app";
import { MAX_PER_USERNAME_ADDRESS } from "./auth.service";

const ATTACKER = "203.0.113.9";
const OWN = "198.51.100.7";
const NEW_PASSWORD = "a-brand-new-passphrase";
/** Argon2id is slow on purpose, and these tests check a dozen passwords. */
const SLOW = 60_000;

let t: TestApp;
let backupDir: string;
beforeEach(async () => {
  t = await createTestApp(":memory:", { trustProxy: true });
  backupDir = mkdtempSync(join(tmpdir(), "reauth-test-"));
  t.deps.backups = { dir: backupDir, intervalHours: null, keep: 14 };
});
afterEach(() => {
  t.close();
  rmSync(backupDir, { recursive: true, force: true });
});

const from = (address: string) => ({ "X-Forwarded-For": address });

/** Sign-ins for the admin's username (admin1) from `address`, as anyone could send them. */
const signIn = (password: string, address: string) =>
  t.request("POST", "/api/login", {
    as: "anonymous",
    body: { username: "admin1", password },
    headers: from(address),
  });

/** The signed-in admin changes his own password. */
const changePassword = (currentPassword: string, newPassword: string, address: string) =>
  t.request("PATCH", "/api/user/password", {
    body: { currentPassword, newPassword },
    headers: from(address),
  });

/** Delete-all's password check, from the signed-in admin's session. */
const deleteAll = (password: string, address: string) =>
  t.request("DELETE", "/api/admin/delete-all-data", { body: { password }, headers: from(address) });

async function lockFrom(address: string) {
  for (let i = 0; i < MAX_PER_USERNAME_ADDRESS; i++) {
    expect((await signIn("a-wrong-guess", address)).status).toBe(401);
  }
  // That address is now refused, even with the right password.
  expect((await signIn(TEST_PASSWORD, address)).status).toBe(429);
}

test(
  "failures from another address never lock the signed-in owner out of his re-authentication",
  async () => {
    await lockFrom(ATTACKER);
    // The owner, signed in at his own address: his password change goes through ...
    const changed = await changePassword(TEST_PASSWORD, NEW_PASSWORD, OWN);
    expect(changed.status).toBe(200);
    // Plain sign-in from his own address works too; the attacker's address stays refused.
    expect((await signIn(NEW_PASSWORD, OWN)).status).toBe(200);
    expect((await signIn(NEW_PASSWORD, ATTACKER)).status).toBe(429);
    // Delete-all's check passes as well (the wipe itself answers 200 with its backup).
    const wiped = await deleteAll(NEW_PASSWORD, OWN);
    expect(wiped.status).toBe(200);
    expect(((await wiped.json()) as { backupFile: string }).backupFile).toContain("delete-all");
  },
  SLOW,
);

test(
  "failures from the owner's own address throttle his re-authentication there",
  async () => {
    await lockFrom(OWN);
    const refused = await changePassword(TEST_PASSWORD, NEW_PASSWORD, OWN);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await deleteAll(TEST_PASSWORD, OWN)).status).toBe(429);
    // Another address of his is not refused: the lock is per username and address.
    expect((await changePassword(TEST_PASSWORD, NEW_PASSWORD, ATTACKER)).status).toBe(200);
  },
  SLOW,
);

test(
  "wrong passwords typed inside the session count like failed sign-ins from that address",
  async () => {
    for (let i = 0; i < MAX_PER_USERNAME_ADDRESS; i++) {
      const wrong = await changePassword("a-wrong-guess", NEW_PASSWORD, OWN);
      expect(wrong.status).toBe(400);
    }
    expect((await deleteAll(TEST_PASSWORD, OWN)).status).toBe(429);
    expect((await signIn(TEST_PASSWORD, OWN)).status).toBe(429);
    // A guessing session at one address does not lock the owner's sign-in elsewhere.
    expect((await signIn(TEST_PASSWORD, ATTACKER)).status).toBe(200);
  },
  SLOW,
);
