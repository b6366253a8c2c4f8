/**
 * One server per port (issue 22 item 2, decision 054): a second server on a taken port fails
 * at once with one clear line, and before it touches its database: no file created, no
 * migration run, no first admin made (the audit's second server printed "first start: created
 * user admin" before failing, and left a migrated database behind). A listen that fails for
 * another reason names the setting at fault: HOST for an address this machine does not have,
 * PORT for a port this user may not take (below 1024 as a user other than root).
 */
import { afterAll, expect, test } from "bun:test";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from "node:fs";
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

/** Root here, with runuser, and a system that keeps ports below 1024 for root (Linux's default). */
const RUNUSER = Bun.which("runuser");
const UNPRIVILEGED_FROM = (() => {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_unprivileged_port_start", "utf8").trim());
  } catch {
    return 1024;
  }
})();
const canDropToNobody = process.getuid?.() === 0 && RUNUSER !== null && UNPRIVILEGED_FROM > 443;
if (!canDropToNobody) {
  console.warn(
    "tests/port-taken.test.ts: the port-below-1024 test is skipped (it needs root, runuser, and ports below 1024 kept for root)",
  );
}

test.skipIf(!canDropToNobody)(
  "a port below 1024 as a user other than root is refused naming PORT, not HOST, before the database",
  async () => {
    // A folder the user nobody may write (in one it may pass through): the refusal must be
    // about the port, nothing else.
    const outer = join(dir, "for-nobody");
    mkdirSync(outer);
    chmodSync(dir, 0o711);
    chmodSync(outer, 0o711);
    const data = join(outer, "data");
    mkdirSync(data);
    chownSync(data, 65534, 65534);
    const databasePath = join(data, "shop.db");
    const proc = Bun.spawn(
      [RUNUSER as string, "-u", "nobody", "--", process.execPath, "src/index.ts"],
      {
        cwd: join(import.meta.dir, ".."),
        env: {
          ...process.env,
          PORT: "443",
          HOST: "0.0.0.0",
          DATABASE_PATH: databasePath,
          ADMIN_PASSWORD: "",
          REPLICA_URL: "",
          BACKUP_DIR: "",
          TLS_CERT_PATH: "",
          TLS_KEY_PATH: "",
        },
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const [stdout, stderr, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    expect({ code, stderr: stderr.trim() }).toEqual({
      code: 1,
      stderr:
        "Not started: PORT=443: permission denied: a port below 1024 needs root or CAP_NET_BIND_SERVICE (or use a port from 1024 up behind a proxy)",
    });
    expect(stdout).not.toMatch(/first start/i);
    expect(existsSync(databasePath)).toBe(false);
  },
);
