/** bun run create-admin: creates an admin, or sets a new password for an existing user. */

import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../src/db/client";
import { loginFailures } from "../src/db/schema";
import { contracts } from "../src/domain/contracts";
import { checkPassword } from "../src/domain/password-strength";
import { auditedWrite } from "../src/lib/audit";
import { hashPassword } from "../src/lib/auth/password";
import { messageOf } from "../src/lib/errors";
import { setLogLevel } from "../src/lib/logger";
import { insertUser, resetPassword } from "../src/modules/admin/users.service";
import { consoleActorName, fail, parseScriptArgs } from "./cli";

const USAGE = `
Usage: bun run create-admin [--username NAME] [--password PASSWORD] [--promote] [--db PATH]
                            [--create]

Creates an admin user. If the username already exists, sets a new password for that user
instead (keeping their role unless --promote is given). Either way all of that user's
sessions end and the username's failed sign-ins are forgotten (a lock ends); an admin that
was disabled is enabled again (a disabled non-admin stays disabled, and the output says so).
Without --password a random password is generated and printed once, and the user must
choose their own at the next sign-in.
Prints the database file it used. Refuses a database file that does not exist (a wrong
--db or DATABASE_PATH would otherwise get a new, empty database while the real one stays
locked) unless --create is given.

  --username NAME      the user (default: admin)
  --password PASSWORD  at least 8 characters, not common, not containing the username, not
                       too easy to guess (note: visible in shell history)
  --promote            also make an existing user an admin
  --db PATH            database (default: $DATABASE_PATH or data/betting-shop.db)
  --create             create and migrate the database if it does not exist yet (before the
                       first start of the server)
  -h, --help           show this help
`;

const { values, dbPath } = parseScriptArgs(USAGE, {
  username: { type: "string" },
  password: { type: "string" },
  promote: { type: "boolean" },
  create: { type: "boolean" },
});
setLogLevel("warn");

const username = (values.username ?? "admin").trim();
if (!/^[A-Za-z0-9_.@-]{1,100}$/.test(username)) {
  fail("Username may use letters, digits and . _ @ - only");
}
const generated = values.password === undefined;
const password =
  values.password ?? Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
// The same policy as every other place a password is set (decision 046).
const refused = checkPassword(password, username).problem;
if (refused) fail(refused);

// The way back in for a locked-out admin: a path that names no database (DATABASE_PATH
// missing from this shell, a typo) must not quietly get a new one and print "ready".
const databaseFile = resolve(dbPath);
const isNew = !existsSync(dbPath);
if (isNew && !values.create) {
  fail(
    `No database at ${databaseFile} (set --db or DATABASE_PATH; give --create to make a new one)`,
  );
}
if (!isNew && !statSync(dbPath).isFile()) {
  fail(`${databaseFile} is not a file (give a database file, not a directory)`);
}

const handle = openDatabase(dbPath);
console.log(`Database: ${databaseFile}${isNew ? " (new: created and migrated)" : ""}`);
try {
  const passwordHash = await hashPassword(password);
  // No user acts: the audit rows name the console (decision 082), not nobody.
  const op = { actor: null, now: Date.now(), actorName: consoleActorName() };
  let user: { username: string; role: string; disabled: boolean };
  try {
    user = auditedWrite(handle.db, contracts.createUser.audit, op, (tx) => {
      const created = insertUser(tx, op, { username, role: "admin" }, passwordHash, {
        mustChangePassword: generated,
      });
      // Failed sign-ins as this name before it existed would lock its first sign-in (429).
      tx.delete(loginFailures).where(eq(loginFailures.username, username.toLowerCase())).run();
      return created;
    });
  } catch (err) {
    if ((err as { code?: string }).code !== "CONFLICT") throw err;
    // The console's own action: the same write as an admin's password change, audited as such.
    user = auditedWrite(handle.db, "user.password-reset", op, (tx) =>
      resetPassword(tx, op, username, passwordHash, {
        makeAdmin: values.promote,
        mustChangePassword: generated,
      }),
    );
  }
  if (user.disabled) {
    // Only a non-admin stays disabled (an admin is enabled again): say so, never "ready".
    console.log(
      `User "${user.username}" (role ${user.role}) has a new password but is disabled: an admin enables it on the Users page (or run again with --promote to make it an enabled admin). Any sessions were ended.`,
    );
  } else {
    console.log(
      `User "${user.username}" (role ${user.role}) is ready: enabled, failed sign-ins cleared, any sessions ended.`,
    );
  }
  if (generated) {
    console.log(`Password (shown once): ${password}`);
    console.log("It must be changed at the next sign-in.");
  }
} catch (err) {
  fail(`create-admin failed: ${messageOf(err)}`);
} finally {
  handle.close();
}
