/** Builds the app's dependencies from the environment and starts Bun.serve. */
import type { Database } from "bun:sqlite";
import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createApp } from "./app";
import { type DbHandle, openDatabase, refreshStatistics } from "./db/client";
import { ENDPOINTS_MODULE } from "./endpoints";
import type { Env } from "./env";
import { DEFAULT_SESSION_POLICY, deleteExpiredSessions } from "./lib/auth/session";
import { type BackupSettings, defaultBackupDir, startBackupScheduler } from "./lib/backup";
import { ensureWritableDataDir } from "./lib/data-dir";
import { AppError, errorBody, messageOf } from "./lib/errors";
import { endStreams } from "./lib/events";
import { type Deps, misdirected, systemClock, workerSettingsOf } from "./lib/http";
import { pruneIdempotencyKeys } from "./lib/idempotency";
import { lockDatabase } from "./lib/instance-lock";
import {
  checkLargeFileBeforeOpening,
  checkWholeFileAfterStart,
  recordStartupCheck,
  startIntegrityScheduler,
} from "./lib/integrity";
import { abortStreams, disposeJobs, stopJobWorkers } from "./lib/jobs";
import { log, setLogLevel } from "./lib/logger";
import { oneShotWorkersDone } from "./lib/one-shot-worker";
import { makeDataPrivateAndSay, setPrivateUmask } from "./lib/private-files";
import { ReadPool } from "./lib/read-pool";
import { startReplication } from "./lib/replication/start";
import { startBooksScheduler } from "./modules/admin/books.service";
import { ensureFirstAdmin, pruneLoginFailures } from "./modules/auth/auth.service";
import { startSlipBackfill } from "./modules/bets/slips.service";
import { isServerPath } from "./modules/health/probes";
import { ensureRollupZone } from "./modules/reports/rollups";
import { serveWeb } from "./web-static";

/** How often the housekeeping below runs (and once at start). */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/** Deletes what has expired: sessions, idempotency keys, failed sign-ins past their use. */
export function housekeeping(deps: Pick<Deps, "db" | "sessionPolicy" | "clock">): void {
  const now = deps.clock();
  try {
    deleteExpiredSessions(deps.db, deps.sessionPolicy, now);
    pruneIdempotencyKeys(deps.db, now);
    pruneLoginFailures(deps.db, now);
  } catch (err) {
    // A busy database now is no reason to stop the server; the next round tries again.
    log.error("housekeeping failed", { error: messageOf(err) });
  }
}

/**
 * refreshStatistics, at the start and each housekeeping round: a busy or full file now is no
 * reason not to start or to stop; the next round tries again.
 */
function keepStatistics(sqlite: Database, first = false): void {
  try {
    refreshStatistics(sqlite, first);
  } catch (err) {
    log.error("refreshing the planner's statistics failed", { error: messageOf(err) });
  }
}

/**
 * Anything a handler did not catch: a plain 500 naming a request id, the stack to the log
 * only. Never Bun's developer page (which shows source, paths and the stack).
 */
function unexpectedError(error: Error): Response {
  const requestId = crypto.randomUUID();
  log.error("unhandled error", {
    requestId,
    error: `${error.name}: ${error.message}`,
    stack: error.stack,
  });
  return new Response(`Internal server error (request id ${requestId})`, {
    status: 500,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Request-Id": requestId },
  });
}

/** The text of a TLS file, or a one-line refusal naming its setting and why it cannot be read. */
function readTlsFile(name: "TLS_CERT_PATH" | "TLS_KEY_PATH", path: string): string {
  if (!existsSync(path)) throw new Error(`${name}: no file at ${path}`);
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EISDIR") throw new Error(`${name} ${path}: is a folder, not a PEM file`);
    throw new Error(`${name} ${path}: cannot be read (${code ?? messageOf(err)})`);
  }
}

/**
 * TLS_CERT_PATH + TLS_KEY_PATH: Bun.serve speaks HTTPS itself. Both files are read and
 * checked here, first thing at start, before any folder, lock or database is created: a file
 * that is not PEM, the two swapped, or a key that is not the certificate's used to stop the
 * start only at the listen, with OpenSSL's bare code (`error:0900006e:PEM
 * routines:OPENSSL_internal:NO_START_LINE`), after a fresh database and its first admin (its
 * password printed) had been made. Each refusal is one line naming the setting and the file.
 */
function tlsOptions(env: Env) {
  if (!env.TLS_CERT_PATH || !env.TLS_KEY_PATH) return undefined;
  const certPath = env.TLS_CERT_PATH;
  const keyPath = env.TLS_KEY_PATH;
  const cert = readTlsFile("TLS_CERT_PATH", certPath);
  const key = readTlsFile("TLS_KEY_PATH", keyPath);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    const hint = /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(cert)
      ? " (it holds a private key: are TLS_CERT_PATH and TLS_KEY_PATH swapped?)"
      : "";
    throw new Error(`TLS_CERT_PATH ${certPath}: not a PEM certificate${hint}`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_MISSING_PASSPHRASE") {
      throw new Error(
        `TLS_KEY_PATH ${keyPath}: the private key is encrypted; give it unencrypted (e.g. openssl pkey -in <key> -out <new key>), readable by this user only`,
      );
    }
    const hint = /-----BEGIN [A-Z ]*CERTIFICATE-----/.test(key)
      ? " (it holds a certificate: are TLS_CERT_PATH and TLS_KEY_PATH swapped?)"
      : "";
    throw new Error(`TLS_KEY_PATH ${keyPath}: not a PEM private key${hint}`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new Error(
      `TLS_CERT_PATH and TLS_KEY_PATH do not match: the key is not the certificate's (${certPath}, ${keyPath})`,
    );
  }
  return { cert, key };
}

/** BACKUP_*: scheduled only with BACKUP_DIR; delete-all's backup goes beside the database otherwise. */
function backupSettings(env: Env): BackupSettings {
  return {
    dir: env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : defaultBackupDir(env.DATABASE_PATH),
    intervalHours: env.BACKUP_DIR ? env.BACKUP_INTERVAL_HOURS : null,
    keep: env.BACKUP_KEEP,
  };
}

/** How TRUST_PROXY and PUBLIC_ORIGIN were understood, said once at start (decision 045). */
function logRequestTrust(env: Env): void {
  const { list, fromTrue } = env.TRUST_PROXY;
  if (fromTrue) {
    log.info(
      "TRUST_PROXY=true trusts loopback only (127.0.0.0/8, ::1): X-Forwarded-* from any other peer are ignored; list a proxy elsewhere by its address or range",
      {
        trustProxy: list,
      },
    );
  } else if (list.length > 0) {
    log.info("X-Forwarded-For/-Host/-Proto are read only from these proxies", {
      trustProxy: list,
    });
  }
  if (env.PUBLIC_ORIGIN) {
    log.info("only the public origin is served; any other host name is answered 421", {
      publicOrigin: env.PUBLIC_ORIGIN,
    });
  } else {
    log.info(
      "PUBLIC_ORIGIN is not set: any host name is accepted (a LAN set-up); set it when the server has a public name",
    );
  }
}

/** Whether `err` is Bun.serve's "address in use". */
function portTaken(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === "EADDRINUSE" || /in use/i.test(e?.message ?? "");
}

/** The one line a second server on a taken port says (decision 054). */
function portTakenError(port: number): Error {
  return new Error(`Port ${port} is in use: is another server running?`);
}

/** Whether `err` is the system refusing this user the port (EACCES, EPERM). */
function portForbidden(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === "EACCES" || e?.code === "EPERM" || /permission denied/i.test(e?.message ?? "");
}

/**
 * The one line a failed listen says, naming the setting at fault: PORT when the port is taken
 * (decision 054) or not this user's to take (a port below 1024 as a user other than root: the
 * system's EACCES), HOST for anything else (EADDRNOTAVAIL, EINVAL: an address this machine
 * does not have, or not an address). A permission error used to be blamed on HOST.
 */
function listenError(env: Env, err: unknown): Error {
  if (portTaken(err)) return portTakenError(env.PORT);
  if (portForbidden(err)) {
    if (env.PORT < 1024) {
      return new Error(
        `PORT=${env.PORT}: permission denied: a port below 1024 needs root or CAP_NET_BIND_SERVICE (or use a port from 1024 up behind a proxy)`,
      );
    }
    return new Error(
      `PORT=${env.PORT}: permission denied (${messageOf(err)}): this user may not listen on that port; use another one`,
    );
  }
  return new Error(
    `HOST=${env.HOST}: cannot listen on that address (${messageOf(err)}); use one of this machine's addresses, e.g. 0.0.0.0 (all) or 127.0.0.1`,
  );
}

/**
 * Binds the port for an instant and lets it go (decision 073): a taken port (or one this user
 * may not take, or an address this machine does not have) fails the start at once, before the
 * database is opened, migrated or given its first admin (a second server on a taken port used
 * to do all of that, then fail). The real bind comes once the app is built; a port taken in
 * between still fails there, with the same line.
 */
function checkPortFree(env: Env): void {
  if (env.PORT === 0) return;
  let probe: ReturnType<typeof Bun.serve>;
  try {
    probe = Bun.serve({
      port: env.PORT,
      hostname: env.HOST,
      reusePort: false,
      development: false,
      fetch: () => new Response(null, { status: 503 }),
    });
  } catch (err) {
    throw listenError(env, err);
  }
  void probe.stop(true);
}

/** The address a person can open: localhost for "all addresses", brackets for IPv6. */
function displayHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/** Resolves once `done()` holds (checked every 20 ms) or `ms` have passed: true if it held. */
async function waitUntil(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await Bun.sleep(20);
  }
  return true;
}

/** The answer to a request that arrives while the server stops (a full answer, nothing done). */
function stoppingResponse(): Response {
  const stopping = new AppError(
    "UNAVAILABLE",
    "The server is stopping; try again in a few seconds",
  );
  return Response.json(errorBody(stopping), {
    status: stopping.status,
    headers: { "Retry-After": "5", Connection: "close" },
  });
}

/** How a clean stop ended: `walMerged` false when the `.db` file alone is not complete. */
export interface StopOutcome {
  walMerged: boolean;
}

/**
 * The exit code of a stop that could not merge the WAL (a full disk, a reader that held on):
 * not 0, so a supervisor shows it, and not 1 (a failure to start or to stop), so a script can
 * tell "keep the -wal file" apart (docs/operations.md, decision 076).
 */
export const EXIT_WAL_NOT_MERGED = 3;

/**
 * SQLite's word for a damaged file ("database disk image is malformed", "vtable constructor
 * failed: customers_fts") as a start refusal that names the file and the way back; any other
 * error as it is.
 */
export function damagedSaid(path: string, err: unknown): unknown {
  const code = String((err as { code?: unknown })?.code ?? "");
  const message = messageOf(err);
  const damaged =
    code.startsWith("SQLITE_CORRUPT") ||
    code.startsWith("SQLITE_NOTADB") ||
    /malformed|vtable constructor failed|file is not a database/i.test(message);
  if (!damaged) return err;
  return new Error(
    `DATABASE_PATH ${resolve(path)}: the database is damaged (${message}); restore the latest backup (bun run restore <backup>, or --from-replica; docs/operations.md)`,
  );
}

export async function startServer(env: Env) {
  // Before anything is created: folders 0700, files 0600, the WAL and SHM included.
  setPrivateUmask();
  setLogLevel(env.LOG_LEVEL);
  const tls = tlsOptions(env);
  const backupsAt = backupSettings(env);
  // One server per database file (decision 054): before anything reads or migrates it.
  // A folder this user cannot write (a root-owned volume) is one clear line (decision 061).
  ensureWritableDataDir(env.DATABASE_PATH);
  const lock = lockDatabase(env.DATABASE_PATH);
  // One server per port: said before the database is touched (the lock named a running one).
  try {
    checkPortFree(env);
  } catch (err) {
    lock.release();
    throw err;
  }
  // Before SQLite opens the file: a WAL or SHM it creates takes the database's mode.
  makeDataPrivateAndSay(env.DATABASE_PATH, backupsAt.dir);
  logRequestTrust(env);
  // A large file's quick_check is split: its business tables before serving, in two
  // workers; the whole file in the background right after (decision 025).
  let handle: DbHandle;
  let checked: DbHandle["startupCheck"] | undefined;
  try {
    checked = await checkLargeFileBeforeOpening(env.DATABASE_PATH, env.STARTUP_INTEGRITY_CHECK);
    handle = openDatabase(env.DATABASE_PATH, env.STARTUP_INTEGRITY_CHECK, checked);
  } catch (err) {
    lock.release();
    throw damagedSaid(env.DATABASE_PATH, err);
  }
  keepStatistics(handle.sqlite, true);
  // The report roll-ups are the business zone's days: rebuilt once when it changed (062).
  const rolledFrom = ensureRollupZone(handle.sqlite, env.BUSINESS_TIMEZONE);
  if (rolledFrom !== null) {
    log.info("report roll-ups rebuilt for the business time zone", {
      businessTimeZone: env.BUSINESS_TIMEZONE,
      was: rolledFrom,
    });
  }
  const deps: Deps = {
    db: handle.db,
    sqlite: handle.sqlite,
    sessionPolicy: {
      ...DEFAULT_SESSION_POLICY,
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    // Under TLS the cookie is Secure unless COOKIE_SECURE says otherwise.
    cookieSecure: env.COOKIE_SECURE ?? (tls ? true : undefined),
    startedAt: systemClock(),
    clock: systemClock,
    largeAmountCents: env.LARGE_AMOUNT,
    cashBetMaxStakeCents: env.CASH_BET_MAX_STAKE ?? env.LARGE_AMOUNT,
    oddsFormat: env.ODDS_FORMAT,
    defaultLanguage: env.DEFAULT_LANGUAGE,
    phoneCallingCode: env.PHONE_CALLING_CODE,
    businessTimeZone: env.BUSINESS_TIMEZONE,
    trustProxy: env.TRUST_PROXY.list,
    ...(env.PUBLIC_ORIGIN ? { publicOrigin: env.PUBLIC_ORIGIN } : {}),
    creditLimitCapCents: env.STAFF_MAX_CREDIT_LIMIT,
    requireShift: env.REQUIRE_SHIFT,
    ageRules: {
      minAge: env.MIN_AGE,
      requireDateOfBirth: env.REQUIRE_DATE_OF_BIRTH,
      timeZone: env.BUSINESS_TIMEZONE,
    },
    backups: backupsAt,
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    minFreeDiskMb: env.MIN_FREE_DISK_MB,
    apiTokenRatePerMinute: env.API_TOKEN_RATE_PER_MINUTE,
    integrityCheckHours: env.INTEGRITY_CHECK_HOURS,
  };
  const admin = await ensureFirstAdmin(handle.db, env.ADMIN_PASSWORD, deps.clock());
  if (admin?.generated) {
    // Printed once, on the very first start, so the operator can sign in.
    console.log(
      `First start: created user "admin" with password: ${admin.password} (to be changed at the first sign-in)`,
    );
  } else if (admin) {
    log.info("first start: created user admin with ADMIN_PASSWORD");
  }
  recordStartupCheck(handle, deps.clock());
  if (env.REPLICA_URL) beginGeneration(handle.sqlite);
  if (env.READ_WORKERS > 0 && env.DATABASE_PATH !== ":memory:") {
    deps.readPool = new ReadPool(
      handle.sqlite.filename,
      env.READ_WORKERS,
      workerSettingsOf(deps),
      ENDPOINTS_MODULE,
    );
  }
  // REPLICA_URL: Litestream as a supervised child (decision 060), started once serving.
  const replication = startReplication(env, deps);
  if (replication) deps.replication = replication;
  const app = createApp(deps);
  if (!existsSync(join(env.WEB_DIST, "index.html"))) {
    // The API serves; the pages answer 503 until the bundle is built (bun start builds it).
    log.warn("the web app is not built: its pages answer 503 until `bun run build`", {
      webDist: env.WEB_DIST,
    });
  }
  const web = serveWeb(env.WEB_DIST, { defaultLanguage: env.DEFAULT_LANGUAGE });
  let stopping = false;
  /** Requests whose handler has not yet answered (not the 503s of the stop). */
  let working = 0;
  /**
   * Streamed downloads being sent (a list's CSV, the full export), each marked `cut` once its
   * body has failed (the stop's abortStreams, or its walk failed) and left here until Bun has
   * read that error or the client has gone. A cut download still here is one Bun is not
   * reading: the client has stopped reading and Bun waits for its socket to drain before it
   * reads the body again, so it would never see the error and the request would stay pending
   * for the whole grace. The stop closes those connections (they fail, as a cut download must).
   */
  const downloads = new Set<{ cut: boolean }>();
  const unreadCutDownloads = () => {
    let n = 0;
    for (const download of downloads) if (download.cut) n += 1;
    return n;
  };
  /** The download's body, passed through chunk by chunk as Bun reads it, watched as above. */
  const watchDownload = (
    request: Request,
    body: ReadableStream<Uint8Array>,
  ): ReadableStream<Uint8Array> => {
    const download = { cut: false };
    downloads.add(download);
    const over = () => downloads.delete(download);
    const reader = body.getReader();
    reader.closed.then(undefined, () => {
      download.cut = true;
    });
    request.signal.addEventListener("abort", over, { once: true });
    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              over();
              controller.close();
            } else controller.enqueue(value);
          } catch (err) {
            over();
            controller.error(err);
          }
        },
        cancel(reason) {
          over();
          return reader.cancel(reason);
        },
      },
      { highWaterMark: 0 },
    );
  };
  /**
   * While stopping, every answer closes its connection (decision 073): a client then opens a
   * new connection for its next request, which the stop answers 503 or refuses, instead of
   * sending it down a kept-alive connection the stop is closing (a reset, a request lost on
   * the wire though the server never read it).
   */
  const answered = async (
    request: Request,
    answer: Response | Promise<Response>,
  ): Promise<Response> => {
    working += 1;
    try {
      let response = await answer;
      // A streamed download (no length): watched, so the stop knows when it is cut and unread.
      if (
        response.headers.get("Content-Disposition")?.startsWith("attachment") &&
        !response.headers.has("Content-Length") &&
        response.body
      ) {
        response = new Response(watchDownload(request, response.body), response);
      }
      if (stopping) {
        try {
          response.headers.set("Connection", "close");
        } catch {
          // An answer with immutable headers keeps them; the connection closes at the stop.
        }
      }
      return response;
    } finally {
      working -= 1;
    }
  };
  const serve = () =>
    Bun.serve({
      port: env.PORT,
      hostname: env.HOST,
      // One server per port (decision 054): a second one fails here instead of sharing it.
      reusePort: false,
      ...(tls ? { tls } : {}),
      // Whatever NODE_ENV says: development mode would answer errors with source and stack.
      development: false,
      // Bun's default closes a connection idle for 10 s; a books check awaited over
      // GET /api/admin/ledger-check on a large database takes longer (the most Bun allows).
      idleTimeout: 255,
      error: unexpectedError,
      fetch(request, srv) {
        // Stopping: new requests on open connections are refused in full, never half-done.
        if (stopping) return stoppingResponse();
        const { pathname } = new URL(request.url);
        // The API, the probes and any probe-like path: JSON, never the web app's HTML (decision 056).
        if (isServerPath(pathname)) {
          return answered(request, app.fetch(request, { server: srv }));
        }
        // The pages follow PUBLIC_ORIGIN's host rule too (the API's is publicHostOnly).
        const refused = misdirected(
          {
            url: request.url,
            header: (name) => request.headers.get(name) ?? undefined,
            peer: srv.requestIP(request)?.address ?? null,
          },
          deps,
        );
        if (refused) return Response.json(errorBody(refused), { status: refused.status });
        return answered(request, web(request));
      },
    });
  let server: ReturnType<typeof serve>;
  try {
    server = serve();
  } catch (err) {
    lock.release();
    handle.close();
    deps.readPool?.close();
    if (portTaken(err) || portForbidden(err)) throw listenError(env, err);
    throw err;
  }
  replication?.start();
  housekeeping(deps);
  const housekeepingTimer = setInterval(() => {
    housekeeping(deps);
    keepStatistics(handle.sqlite);
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeepingTimer.unref();
  const { backups } = deps;
  const backupScheduler =
    backups?.intervalHours == null
      ? null
      : startBackupScheduler(deps, { ...backups, intervalHours: backups.intervalHours });
  // The full integrity_check, daily in a worker (quick_check ran before serving).
  const integrityScheduler =
    env.INTEGRITY_CHECK_HOURS > 0
      ? startIntegrityScheduler(deps, { intervalHours: env.INTEGRITY_CHECK_HOURS })
      : null;
  // The books check, daily in a job, for the books indicator (decision 037).
  const booksScheduler =
    env.BOOKS_CHECK_HOURS > 0
      ? startBooksScheduler(deps, { intervalHours: env.BOOKS_CHECK_HOURS })
      : null;
  // Codes for bets placed before slips existed, in small batches once serving (decision 031).
  const slipBackfill = startSlipBackfill(deps.db);
  if (checked) {
    checkWholeFileAfterStart(deps).catch((err) =>
      log.error("whole-file quick check could not run", { error: messageOf(err) }),
    );
  }
  log.info("listening", {
    url: `${tls ? "https" : "http"}://${displayHost(env.HOST)}:${server.port}`,
    host: env.HOST,
    pid: process.pid,
    database: env.DATABASE_PATH,
    backups: backupScheduler ? `every ${backups?.intervalHours} h to ${backups?.dir}` : "off",
    replication: replication ? replication.replica : "off",
  });
  const stopTimers = () => {
    clearInterval(housekeepingTimer);
    backupScheduler?.stop();
    integrityScheduler?.stop();
    booksScheduler?.stop();
    slipBackfill.stop();
  };
  /** One TRUNCATE checkpoint: its row [busy, WAL frames, frames merged], or null on an error. */
  const checkpoint = () => {
    try {
      const [row] = handle.sqlite.query("PRAGMA wal_checkpoint(TRUNCATE)").values() as [
        number,
        number,
        number,
      ][];
      return row ?? null;
    } catch (err) {
      log.error("WAL checkpoint failed", { error: messageOf(err) });
      return null;
    }
  };
  /**
   * Checkpoints the WAL into the database file and closes it; answers whether the `.db` alone
   * is complete. A worker's connection that is still closing keeps the checkpoint busy: with
   * `waitMs`, it is tried again until that connection is gone or the time is up. A failed
   * checkpoint (a full disk) or one still busy leaves commits in the -wal file only: the
   * operator is told to keep it with the database, since a `.db` copied alone would lack them.
   */
  const closeDatabase = async (waitMs = 0): Promise<boolean> => {
    const deadline = Date.now() + waitMs;
    let row = checkpoint();
    while (row !== null && row[0] !== 0 && Date.now() < deadline) {
      await Bun.sleep(50);
      row = checkpoint();
    }
    const merged = row !== null && row[0] === 0;
    if (!merged) {
      log.error(
        "the WAL could not be merged into the database file: keep its -wal and -shm files with it (copy or move all three together, never delete the -wal); the next start merges them",
        {
          database: env.DATABASE_PATH,
          wal: `${env.DATABASE_PATH}-wal`,
          ...(row === null ? {} : { checkpoint: row }),
        },
      );
    }
    handle.close();
    lock.release();
    return merged;
  };
  let stopped: Promise<StopOutcome> | null = null;
  return {
    server,
    deps,
    /** Stops at once: open connections are closed (tests). */
    stop() {
      stopping = true;
      stopTimers();
      server.stop(true);
      deps.readPool?.close();
      disposeJobs(handle.sqlite);
      replication?.kill();
      void closeDatabase();
    },
    /**
     * The clean stop of SIGTERM, SIGINT and SIGHUP (decision 054): stop accepting; end
     * live-update streams with a reconnect hint and downloads with an error; let requests in
     * flight finish for up to `graceMs`, then close what is left; close the read workers' and
     * jobs' connections; merge the WAL (TRUNCATE) and close the database and its lock.
     */
    shutdown(why: string, graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000): Promise<StopOutcome> {
      stopped ??= (async (): Promise<StopOutcome> => {
        stopping = true;
        log.info("stopping", { signal: why, graceSeconds: graceMs / 1000 });
        stopTimers();
        const streams = endStreams();
        const cut = abortStreams("The server stopped before the download was complete");
        const deadline = Date.now() + graceMs;
        const left = () => Math.max(0, deadline - Date.now());
        // In flight: a handler still working, or an answer Bun is still sending (a body being
        // written out, a live stream's last words). Not in flight: a download cut above whose
        // client does not read (Bun would not read its error before the client did); it is
        // closed below. A 503 of the stop is written as it is answered, so it never counts.
        const settled = () => working === 0 && server.pendingRequests <= unreadCutDownloads();
        // Still listening while the requests in flight finish (decision 073): what arrives
        // meanwhile, on a new or a kept-alive connection, is answered 503 with
        // `Connection: close`, and every answer closes its connection, so when the listener
        // and the idle connections close below no client is caught sending on one.
        const finished = await waitUntil(settled, left());
        void server.stop(false);
        const drained = finished && (await waitUntil(settled, left()));
        const unread = unreadCutDownloads();
        if (!drained) {
          log.warn("requests still running at the end of the grace period were cut off", {
            requests: Math.max(0, server.pendingRequests - unread),
          });
        }
        // Closes what is left: the unread cut downloads (their clients see a failed download)
        // and, after the grace, whatever still ran.
        await Promise.race([server.stop(true), Bun.sleep(1_000)]);
        await deps.readPool?.close();
        if (!(await oneShotWorkersDone(graceMs))) {
          log.warn("a backup or integrity check still running at the stop was cut off");
        }
        await stopJobWorkers();
        disposeJobs(handle.sqlite);
        // After the last write, before the checkpoint: Litestream ships what is left and lets
        // go of its read transaction, which would keep the TRUNCATE checkpoint busy (decision 060).
        await replication?.stop();
        const walMerged = await closeDatabase(5_000);
        const facts = {
          liveStreamsEnded: streams,
          downloadsCut: cut,
          unreadDownloadsClosed: unread,
        };
        if (walMerged) log.info("stopped", facts);
        else log.error("stopped, but the database file alone is not complete", facts);
        return { walMerged };
      })();
      return stopped;
    },
  };
}

/**
 * With a replica, every start begins a new Litestream generation (decision 060): the WAL is
 * merged and emptied before Litestream starts, as a clean stop leaves it. After a crash it
 * was not: a server killed in the middle of a commit leaves one Litestream has shipped but
 * SQLite never saw, and carrying on in that generation would put every later write where a
 * restore cannot reach it (the replica's next WAL index would not follow the one before it).
 */
function beginGeneration(sqlite: Database): void {
  try {
    const [row] = sqlite.query("PRAGMA wal_checkpoint(TRUNCATE)").values() as [number][];
    if (row?.[0] === 1) log.warn("start: the WAL could not be emptied (busy); replication goes on");
  } catch (err) {
    log.error("start: WAL checkpoint failed", { error: messageOf(err) });
  }
}
