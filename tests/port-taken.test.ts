/**
 * One server per port (issue 22 item 2, decision 054): a second server on a taken port fails
 * at once with one clear line, and before it touches its database: no file created, no
 * migration run, no first admin made (the audit's second server printed "first start: created
 * user admin" before failing, and left a migrated database behind).
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, runBun } from "./helpers/server-process";

const dir = mkdtempSync(join(tmpdir(), "port-taken-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a server on a taken port says so and creates no database and no admin", async () => {
  const port = await freePort();
  // Whoever holds the port (any program will do: the refusal is about the port only).
  const holder = Bun.serve({
    port,
    hostname: "127.0.0.1",
    reusePort: false,
    fetch: () => new Response("someone else"),
  });
  try {
    const databasePath = join(dir, "other.sqlite");
    const run = await runBun(["src/index.ts"], {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: databasePath,
      // No ADMIN_PASSWORD: a first start would print the generated one on stdout.
      ADMIN_PASSWORD: "",
      LOG_LEVEL: "info",
      REPLICA_URL: "",
      BACKUP_DIR: "",
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Not started: Port ${port} is in use: is another server running?`,
    );
    expect(run.stdout).not.toMatch(/first start/i);
    for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
      expect({ file, exists: existsSync(file) }).toEqual({ file, exists: false });
    }
    // The holder still has its port.
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("someone else");
  } finally {
    holder.stop(true);
  }
});

test("an address this machine does not have is refused naming HOST, before the database", async () => {
  const databasePath = join(dir, "nowhere.sqlite");
  // 192.0.2.0/24 is TEST-NET-1: documentation only, on no machine's interface.
  const run = await runBun(["src/index.ts"], {
    PORT: String(await freePort()),
    HOST: "192.0.2.7",
    DATABASE_PATH: databasePath,
    ADMIN_PASSWORD: "",
    REPLICA_URL: "",
    BACKUP_DIR: "",
  });
  expect(run.code).toBe(1);
  expect(run.stderr.trim()).toStartWith(
    "Not started: HOST=192.0.2.7: cannot listen on that address (",
  );
  expect(existsSync(databasePath)).toBe(false);
});
