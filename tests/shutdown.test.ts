/**
 * The clean stop (issue 22 item 3, decision 054) on the real server process (`bun src/index.ts`)
 * with read workers: SIGTERM while clients write money with Idempotency-Keys, a live-update
 * stream is open and a CSV download is in flight. What a client can observe, and so what is
 * asserted:
 * - every write answered 2xx (read in full) is in the database file;
 * - no write was applied without its answer reaching the client: every write that ended in a
 *   connection error has no row and no idempotency key in the file;
 * - no request the app read was answered with an empty reply or a reset: a write that ended
 *   in a connection error is not in the server's request log (each write's key is its
 *   request id), so the server never read it;
 * - a write that arrived while stopping was answered in full (503, nothing done) or refused;
 * - the live-update stream ends with a reconnect hint (`retry:` and a `shutdown` event);
 * - the CSV download ends with an error on the client side, never as a short clean file;
 * - the process exits 0, and the `.db` file copied alone (no -wal, no -shm) has every
 *   acknowledged row, passes integrity_check and its books balance.
 */
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { messageOf } from "../src/lib/errors";
import { suspendSearchIndexes } from "../src/lib/search-index";
import { ledgerViolations } from "./helpers/invariants";
import {
  killRunningServers,
  type ServerProcess,
  signInOverHttp,
  spawnServer,
} from "./helpers/server-process";

const PASSWORD = "shutdown-test-orchard-password";
const SETTINGS = { READ_WORKERS: "2", SHUTDOWN_GRACE_SECONDS: "10" };
/** Customers written straight to the file: their CSV is megabytes, long in flight. */
const SEEDED_CUSTOMERS = 60_000;
const CLIENTS = 6;

const dir = mkdtempSync(join(tmpdir(), "shutdown-"));
afterAll(async () => {
  await killRunningServers();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits for a state (never for a time), up to 30 s. */
async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}

async function signIn(server: ServerProcess): Promise<string> {
  return (await signInOverHttp(server.url, "admin", PASSWORD)).cookie;
}

interface Deposit {
  key: string;
  customerId: number;
  amount: string;
}

/** The servers' stderr, for a failure's message. */
const serverLogs: (() => string)[] = [];

/** A server with SETTINGS logging every request (its stdout kept), its stderr kept for a failure. */
async function loggingServer(dbPath: string) {
  const server = await spawnServer(
    dbPath,
    PASSWORD,
    undefined,
    { ...SETTINGS, LOG_LEVEL: "info" },
    { keepStdout: true },
  );
  serverLogs.push(server.stderrTail);
  return server;
}

test("SIGTERM under load: acknowledged writes kept, no write applied unanswered, streams and downloads ended, the .db alone complete", async () => {
  try {
    await sigtermUnderLoad();
  } catch (err) {
    const logs = serverLogs.map((tail) => tail()).join("\n---\n");
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nserver stderr:\n${logs}`);
  }
}, 120_000);

async function sigtermUnderLoad(): Promise<void> {
  const dbPath = join(dir, "shop.db");
  // A first life creates the database and its admin; it stops cleanly before any worker read.
  const first = await spawnServer(dbPath, PASSWORD, undefined, SETTINGS);
  serverLogs.push(first.stderrTail);
  await first.kill("SIGTERM");
  expect(first.proc.exitCode).toBe(0);

  const seed = new Database(dbPath);
  seed.run("pragma busy_timeout = 5000");
  // The search index is filled once at the end: row by row, its trigram index makes 60,000
  // inserts take minutes.
  seed.transaction(() => {
    const resumeSearch = suspendSearchIndexes(seed);
    const insert = seed.prepare(
      "insert into customers (first_name, last_name, email, phone, balance_cents, credit_limit_cents, allow_overdraft, is_active, created_at, created_by) values (?, ?, ?, ?, 0, 10000, 0, 1, ?, 1)",
    );
    for (let i = 1; i <= SEEDED_CUSTOMERS; i++) {
      insert.run(`First${i}`, `Last${i}`, `c${i}@example.com`, `08${i}`, Date.now());
    }
    resumeSearch();
  })();
  seed.close();

  // Its request log (one line per request the app answered) says which requests it read.
  const server = await loggingServer(dbPath);
  const cookie = await signIn(server);
  const headers = { Origin: server.url, Cookie: cookie };
  // Kept-alive connections, as clients use them; each write's key is its request id too, so
  // the server's request log says whether the app read it.
  const post = (path: string, body: unknown, key?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        ...headers,
        "Content-Type": "application/json",
        ...(key ? { "Idempotency-Key": key, "X-Request-Id": key } : {}),
      },
      body: JSON.stringify(body),
    });
  const shop = (await (
    await post("/api/shops", { name: "Stop shop", location: "Test" })
  ).json()) as {
    id: number;
  };

  // Reads through the read workers (lists and lookups run there): their connections are open.
  for (let i = 0; i < 4; i++) {
    const list = await fetch(`${server.url}/api/customers?limit=5&offset=${i * 5}`, { headers });
    expect(list.status).toBe(200);
    const one = await fetch(`${server.url}/api/customers/${i + 1}`, { headers });
    expect(one.status).toBe(200);
  }

  // A live-update stream, open and ready.
  const events = await fetch(`${server.url}/api/events`, { headers });
  expect(events.status).toBe(200);
  const eventsReader = (events.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let eventsText = "";
  while (!eventsText.includes("event: ready")) {
    const { done, value } = await eventsReader.read();
    if (done) throw new Error("the event stream ended before it was ready");
    eventsText += decoder.decode(value, { stream: true });
  }

  // The write load: deposits with keys from several clients, until the server is gone.
  const acked: (Deposit & { id: number })[] = [];
  /** Every write that ended in a connection error: refused, or dropped (below). */
  const unanswered: Deposit[] = [];
  /** Connection errors, each with the reason fetch gave. */
  const failed: { deposit: Deposit; why: string }[] = [];
  const refusedInFull: Deposit[] = [];
  const problems: string[] = [];
  let sent = 0;
  const client = async (n: number) => {
    for (;;) {
      sent += 1;
      const deposit: Deposit = {
        key: `stop-${n}-${sent}`,
        customerId: 1 + (sent % 50),
        amount: `${10 + (sent % 40)}.00`,
      };
      let status: number;
      let text: string;
      try {
        const res = await post(
          "/api/deposits",
          { customerId: deposit.customerId, shopId: shop.id, amount: deposit.amount },
          deposit.key,
        );
        status = res.status;
        text = await res.text();
      } catch (err) {
        failed.push({ deposit, why: messageOf(err) });
        unanswered.push(deposit);
        return;
      }
      if (status === 201) acked.push({ ...deposit, id: (JSON.parse(text) as { id: number }).id });
      else if (status === 503) refusedInFull.push(deposit);
      else {
        problems.push(`deposit ${deposit.key}: ${status} ${text}`);
        return;
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  await until("writes acknowledged under load", () => acked.length >= 60);

  // A CSV download of every customer (megabytes, walked batch by batch), begun: the signal
  // comes as soon as its answer has begun, with the writes still going.
  const csv = await fetch(`${server.url}/api/customers?format=csv`, { headers });
  expect(csv.status).toBe(200);
  server.proc.kill("SIGTERM");
  const csvReader = (csv.body as ReadableStream<Uint8Array>).getReader();
  let csvBytes = 0;
  await Promise.all(clients);
  expect(problems).toEqual([]);

  // The stream ended cleanly, its last words a reconnect hint.
  for (;;) {
    const { done, value } = await eventsReader.read();
    if (done) break;
    eventsText += decoder.decode(value, { stream: true });
  }
  expect(eventsText).toContain("event: shutdown");
  expect(eventsText).toMatch(/retry: \d+\n/);

  // The download ends with an error (the connection closes before the chunked body's last,
  // empty chunk): the client never takes the part it got for the whole file.
  let csvError: unknown = null;
  try {
    for (;;) {
      const { done, value } = await csvReader.read();
      if (done) break;
      csvBytes += value.length;
    }
  } catch (err) {
    csvError = err;
  }
  expect({ csvBytes, error: csvError === null ? null : "an error" }).toEqual({
    csvBytes,
    error: "an error",
  });

  expect(await server.proc.exited).toBe(0);
  // The WAL was merged into the file and emptied.
  const wal = `${dbPath}-wal`;
  expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);

  // The .db alone, as a file copy would take it.
  const copy = join(dir, "copy.db");
  copyFileSync(dbPath, copy);
  const db = new Database(copy, { readonly: true });
  try {
    expect(db.query("pragma integrity_check").values()).toEqual([["ok"]]);
    expect(ledgerViolations(db)).toEqual([]);
    const row = db.query("select type, amount_cents from transactions where id = ?");
    const missing = acked.filter((deposit) => {
      const found = row.get(deposit.id) as { type: string; amount_cents: number } | null;
      return found?.type !== "DEPOSIT" || found.amount_cents !== Number(deposit.amount) * 100;
    });
    expect(missing).toEqual([]);
    // Exactly the acknowledged deposits: none applied whose answer was lost or refused.
    const deposits = db.query("select count(*) as n from transactions where type = 'DEPOSIT'");
    expect((deposits.get() as { n: number }).n).toBe(acked.length);
    const keyed = db.query("select count(*) as n from idempotency_keys where key = ?");
    const appliedUnanswered = [...unanswered, ...refusedInFull].filter(
      (deposit) => (keyed.get(deposit.key) as { n: number }).n > 0,
    );
    expect(appliedUnanswered).toEqual([]);
  } finally {
    db.close();
  }
  // The bug: a request the app read and answered, whose answer never reached the
  // client (an empty reply, a reset). A connection error is only ever a request the server
  // never read: the port closed, or a connection the stop closed before reading from it.
  await server.proc.exited;
  const read = new Set(
    (await server.stdoutText())
      .split("\n")
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => (JSON.parse(line) as { requestId: string }).requestId),
  );
  expect(read.size).toBeGreaterThan(acked.length);
  const dropped = failed.filter(({ deposit }) => read.has(deposit.key));
  expect(dropped.map(({ deposit, why }) => `${deposit.key}: ${why}`)).toEqual([]);
  // The test did what it is for: writes in flight when the signal came.
  expect(unanswered.length + refusedInFull.length).toBeGreaterThan(0);
}

test("SIGINT stops cleanly too: exit 0, the WAL merged", async () => {
  const dbPath = join(dir, "interrupted.db");
  const server = await spawnServer(dbPath, PASSWORD, undefined, SETTINGS);
  const cookie = await signIn(server);
  const list = await fetch(`${server.url}/api/customers`, {
    headers: { Origin: server.url, Cookie: cookie },
  });
  expect(list.status).toBe(200);
  server.proc.kill("SIGINT");
  expect(await server.proc.exited).toBe(0);
  const wal = `${dbPath}-wal`;
  expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  const copy = join(dir, "interrupted-copy.db");
  copyFileSync(dbPath, copy);
  const db = new Database(copy, { readonly: true });
  expect(db.query("select username from users").values()).toEqual([["admin"]]);
  db.close();
}, 60_000);

test("SIGHUP (an SSH session closed on a foreground server) is the same clean stop: exit 0, the WAL merged", async () => {
  const dbPath = join(dir, "hung-up.db");
  const server = await loggingServer(dbPath);
  const session = await signInOverHttp(server.url, "admin", PASSWORD);
  const shop = await session.api("/api/shops", {
    method: "POST",
    body: JSON.stringify({ name: "Hung-up shop", location: "Test" }),
  });
  expect(shop.status).toBe(201);
  server.proc.kill("SIGHUP");
  // Unhandled, SIGHUP ended the process at once: exit 129, the WAL left beside the file.
  expect(await server.proc.exited).toBe(0);
  const wal = `${dbPath}-wal`;
  expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  const said = (await server.stdoutText())
    .split("\n")
    .filter((line) => line.includes('"msg":"stopping"') || line.includes('"msg":"stopped"'))
    .map((line) => {
      const { msg, signal } = JSON.parse(line) as { msg: string; signal?: string };
      return signal ? `${msg} ${signal}` : msg;
    });
  expect(said).toEqual(["stopping SIGHUP", "stopped"]);
  const copy = join(dir, "hung-up-copy.db");
  copyFileSync(dbPath, copy);
  const db = new Database(copy, { readonly: true });
  try {
    expect(db.query("select name from shops").values()).toEqual([["Hung-up shop"]]);
  } finally {
    db.close();
  }
}, 60_000);

test("a stop that cannot merge the WAL says to keep the -wal with the database and exits 3", async () => {
  const dbPath = join(dir, "held.db");
  const server = await spawnServer(dbPath, PASSWORD, undefined, {
    READ_WORKERS: "0",
    SHUTDOWN_GRACE_SECONDS: "1",
  });
  serverLogs.push(server.stderrTail);
  const cookie = await signIn(server);
  // A reader that holds on (a backup tool, a sqlite3 shell left open): the TRUNCATE
  // checkpoint stays busy, as it fails on a full disk, and what follows stays in the WAL.
  const reader = new Database(dbPath, { readonly: true });
  try {
    reader.run("begin");
    reader.query("select count(*) from shops").get();
    const shop = await fetch(`${server.url}/api/shops`, {
      method: "POST",
      headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Kept in the WAL", location: "Test" }),
    });
    expect(shop.status).toBe(201);
    server.proc.kill("SIGTERM");
    expect(await server.proc.exited).toBe(3);
    const logged = server.stderrTail();
    expect(logged).toContain(
      "the WAL could not be merged into the database file: keep its -wal and -shm files with it",
    );
    expect(logged).toContain("stopped, but the database file alone is not complete");
    // What the message warns of: the .db copied alone lacks the last write (or, merged in
    // part, cannot even be read).
    const copy = join(dir, "held-copy.db");
    copyFileSync(dbPath, copy);
    const alone = new Database(copy, { readonly: true });
    let holdsIt: boolean;
    try {
      const [[n]] = alone
        .query("select count(*) from shops where name = 'Kept in the WAL'")
        .values() as [[number]];
      holdsIt = n === 1;
    } catch {
      holdsIt = false;
    } finally {
      alone.close();
    }
    expect(holdsIt).toBe(false);
  } finally {
    reader.run("rollback");
    reader.close();
  }
  // Kept together, the database has it.
  const db = new Database(dbPath);
  try {
    expect(db.query("select count(*) from shops where name = 'Kept in the WAL'").values()).toEqual([
      [1],
    ]);
    expect(db.query("pragma integrity_check").values()).toEqual([["ok"]]);
  } finally {
    db.close();
  }
}, 60_000);

/**
 * The bytes the kernel holds to send on the TCP connection from `localPort` to `remotePort`
 * (Linux's /proc/net/tcp `tx_queue`), or null when there is no such connection.
 */
function sendQueue(localPort: number, remotePort: number): number | null {
  const hex = (port: number) => `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1]?.endsWith(hex(localPort)) && fields[2]?.endsWith(hex(remotePort))) {
      return Number.parseInt(fields[4]?.split(":")[0] ?? "", 16);
    }
  }
  return null;
}

/** A raw HTTP/1.1 client connection: what it has received, and whether it has ended. */
interface RawClient {
  socket: Socket;
  received(): string;
  ended(): boolean;
}

async function rawClient(port: number): Promise<RawClient> {
  const socket = connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  let ended = false;
  socket.on("data", (bytes: Buffer) => chunks.push(bytes));
  socket.on("close", () => {
    ended = true;
  });
  socket.on("error", () => {
    ended = true;
  });
  await new Promise<void>((ok, fail) => {
    socket.once("connect", () => ok());
    socket.once("error", fail);
  });
  return { socket, received: () => Buffer.concat(chunks).toString("latin1"), ended: () => ended };
}

test("a download cut at the stop whose client has stopped reading is closed at once, the stop does not wait out the grace, and a request arriving while another is in flight is answered 503", async () => {
  try {
    await unreadDownloadAtTheStop();
  } catch (err) {
    const logs = serverLogs.map((tail) => tail()).join("\n---\n");
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nserver stderr:\n${logs}`);
  }
}, 120_000);

async function unreadDownloadAtTheStop(): Promise<void> {
  const dbPath = join(dir, "unread.db");
  // A grace far longer than the stop may take: a stop that waited for the unread download
  // would say so at its end ("requests still running at the end of the grace period...").
  const settings = { READ_WORKERS: "0", SHUTDOWN_GRACE_SECONDS: "60", LOG_LEVEL: "info" };
  const first = await spawnServer(dbPath, PASSWORD, undefined, settings);
  serverLogs.push(first.stderrTail);
  await first.kill("SIGTERM");
  expect(first.proc.exitCode).toBe(0);
  // 100,000 transactions: a CSV of megabytes, more than the sockets' buffers hold.
  const seed = new Database(dbPath);
  seed.run("pragma busy_timeout = 5000");
  const now = Date.now();
  seed.transaction(() => {
    seed.run(
      "insert into shops (name, location, created_at, created_by) values ('Stop shop', 'Test', ?, 1)",
      [now],
    );
    seed.run(
      "insert into customers (first_name, last_name, created_at, created_by) values ('Una', 'Read', ?, 1)",
      [now],
    );
    seed.run(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000)
       insert into transactions (type, amount_cents, status, from_entity_type, from_entity_id, to_entity_type, to_entity_id, processed_by, created_at)
       select 'DEPOSIT', 1000 + i, 'COMPLETED', 'CUSTOMER', 1, 'SHOP', 1, 1, ? + i from n`,
      [now],
    );
  })();
  seed.close();

  const server = await spawnServer(dbPath, PASSWORD, undefined, settings, { keepStdout: true });
  serverLogs.push(server.stderrTail);
  const cookie = await signIn(server);
  const port = Number(new URL(server.url).port);
  const head = (lines: string[]) => `${lines.join("\r\n")}\r\n\r\n`;

  // The download: its answer begins, then its client reads no more, and the server's sending
  // stalls (its queue to the client full and no longer growing).
  const download = await rawClient(port);
  download.socket.write(
    head([
      "GET /api/transactions?format=csv HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Cookie: ${cookie}`,
    ]),
  );
  await until("the download's answer begun", () => download.received().length > 0);
  download.socket.pause();
  expect(download.received()).toStartWith("HTTP/1.1 200");
  // Stalled for good once the server's send buffer has grown to its largest (Linux's
  // tcp_wmem maximum): until then the kernel may still grow it and let the server write on.
  const [, , sendBufferMax = 4 * 2 ** 20] = readFileSync("/proc/sys/net/ipv4/tcp_wmem", "utf8")
    .trim()
    .split(/\s+/)
    .map(Number);
  const stalledAt = Math.min(0.75 * sendBufferMax, 3 * 2 ** 20);
  let queued = -1;
  let same = 0;
  await until("the server's sending of the download stalled", () => {
    const now = sendQueue(port, download.socket.localPort ?? 0) ?? 0;
    same = now === queued ? same + 1 : 0;
    queued = now;
    // A kernel that keeps the buffer smaller: a queue that has not moved for 3 s is stalled.
    return queued > 0 && ((queued >= stalledAt && same >= 10) || same >= 300);
  });

  // A request in flight at the stop: a write whose body has not all arrived yet. The server
  // has read its head (it said 100 Continue) and waits for the rest.
  const body = JSON.stringify({ name: "Held shop", location: "Test" });
  const held = await rawClient(port);
  held.socket.write(
    head([
      "POST /api/shops HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Origin: ${server.url}`,
      `Cookie: ${cookie}`,
      "Content-Type: application/json",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Expect: 100-continue",
    ]) + body.slice(0, 5),
  );
  await until("the held write's head read", () => held.received().includes("100 Continue"));

  server.proc.kill("SIGTERM");
  // While the write is in flight the server still listens: a new request is answered in full,
  // 503 with Connection: close (never refused at the connection, never a reset).
  let refusal: Response | null = null;
  const deadline = Date.now() + 30_000;
  while (refusal === null) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the stop's 503");
    const res = await fetch(`${server.url}/healthz`);
    await res.arrayBuffer();
    if (res.status === 503) refusal = res;
    else expect(res.status).toBe(200);
  }
  expect(refusal.headers.get("Connection")).toBe("close");
  expect(refusal.headers.get("Retry-After")).toBe("5");

  // The rest of the write arrives: it is done and answered in full, its connection closed.
  held.socket.write(body.slice(5));
  await until("the held write's answer and its connection's end", held.ended);
  const answer = held.received().replace("HTTP/1.1 100 Continue\r\n\r\n", "");
  expect(answer).toStartWith("HTTP/1.1 201");
  expect(answer.toLowerCase()).toContain("connection: close");

  // The stop ends by itself, well within its grace: nothing was left running at its end.
  expect(await server.proc.exited).toBe(0);
  expect(server.stderrTail()).not.toContain("requests still running at the end of the grace");
  const stopped = (await server.stdoutText())
    .split("\n")
    .filter((line) => line.includes('"msg":"stopped"'))
    .map((line) => JSON.parse(line) as { downloadsCut: number });
  expect(stopped.map(({ downloadsCut }) => downloadsCut)).toEqual([1]);

  // The download failed: its connection ended before the chunked body's last, empty chunk.
  download.socket.resume();
  await until("the download's connection ended", download.ended);
  // (A reset may take what the client had not read yet: the end is what matters.)
  expect(download.received().endsWith("\r\n0\r\n\r\n")).toBe(false);
}
