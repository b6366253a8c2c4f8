/**
 * Continuous replication (issue 22 item 1, decisions 060 and 073): the server runs `litestream
 * replicate` as its child, restarts it with backoff when it dies, reads its JSON log lines to
 * know how far the replica is, and stops it after a final sync when the server stops.
 *
 * Lag: the server notes the time of every commit of the group commit that changed the
 * database (one whose writes were all refused writes nothing to the WAL, and Litestream has
 * nothing to ship: CommitBatch.changed); Litestream logs the start of each WAL segment (or
 * snapshot) it writes to the replica ("write wal segment") and its end ("wal segment
 * written", with the time it finished and how long it took as a Go duration,
 * `"elapsed":"6.18ms"`). Litestream copies the WAL to its shadow WAL every monitor
 * interval, wakes the replica when that copy found something new, and the replica ships the
 * shadow WAL at most once a sync interval. So a commit is on the replica:
 * - once a sync that began at least a monitor interval (plus a margin) after it has finished
 *   (that sync read a shadow WAL copied after the commit); or
 * - once a sync that began after it has finished and Litestream has then stayed quiet (no
 *   sync begun, no error) for a sync interval and a margin: had that sync missed the commit,
 *   the copy that took it would have woken the replica for another one by then. This is what
 *   settles the last commit before a pause: with nothing written after it, no later sync
 *   comes to prove it shipped (issue 22's audit: the lag of an idle server grew until the
 *   alert's own write woke Litestream).
 * The lag is the age of the oldest commit not yet known to be there (0 when none), so an idle
 * server has no lag however long ago its last sync was. A commit known to be there is dropped
 * for good: the next sync's start ends the quiet, not what the quiet proved.
 *
 * A sync that stays open (its start line and no end line) beyond hungSyncAfterMs is a hung
 * upload: Litestream 0.3.13 waits for ever on an SFTP connection dropped under it, alive and
 * silent. The watch kills it (its process group) and the restart that follows any exit
 * connects again.
 *
 * The child cannot outlive the server: `-exec` makes Litestream run a watchdog (`tail --pid`
 * on the server's pid, or a few lines of Bun where tail has no --pid) and exit, after a final
 * sync, as soon as the watchdog ends, which it does when the server's process is gone, even
 * after `kill -9`. Its output goes to a file beside the database (`<db>.litestream.log`, read
 * by the server as it grows, emptied when it passes 4 MB), not to a pipe: Litestream is a Go
 * program, which dies of SIGPIPE at its first log line once the reading end of a pipe on its
 * stdout is gone, and so would end before that final sync when the server is killed.
 */

import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { type Subprocess, spawnSync } from "bun";
import type { AppDb } from "../../db/client";
import { writeTx } from "../../db/client";
import type { AlertParams } from "../../domain/alert-codes";
import { raiseAlert } from "../alerts";

/** The most of Litestream's or the tracker's English an alert quotes. */
const FREE_TEXT_CHARS = 400;

import { type Backoff, backoffDelayMs } from "../backoff";
import { messageOf } from "../errors";
import { observeCommits } from "../group-commit";
import { log } from "../logger";
import {
  configPathFor,
  describeReplica,
  litestreamConfig,
  MONITOR_INTERVAL_MS,
  type ReplicaTarget,
  SYNC_INTERVAL_MS,
  writePrivateFile,
} from "./config";

export type ReplicationState = "off" | "ok" | "lagging" | "stopped";

export interface ReplicationStatus {
  state: ReplicationState;
  /** The replica's URL without its password; null when off. */
  replica: string | null;
  /** Seconds since the oldest commit not yet on the replica (0: none waiting); null when off. */
  lagSeconds: number | null;
  /** When Litestream last wrote to the replica (ms since the epoch); null: not since start. */
  lastSyncAt: number | null;
  /** Whether the Litestream process runs. */
  running: boolean;
  /** Why the state is not ok (or what Litestream last complained about). */
  detail: string | null;
  /** REPLICA_MAX_LAG_SECONDS. */
  maxLagSeconds: number | null;
}

/** What /readyz, /metrics and GET /api/health read. */
export interface ReplicationSource {
  status(): ReplicationStatus;
}

export const REPLICATION_OFF: ReplicationStatus = {
  state: "off",
  replica: null,
  lagSeconds: null,
  lastSyncAt: null,
  running: false,
  detail: null,
  maxLagSeconds: null,
};

/** A commit counts as shipped by a sync that began this long after it (see the file comment). */
const SHIP_MARGIN_MS = MONITOR_INTERVAL_MS + 100;
/**
 * Litestream quiet this long after a sync ended (and a sync interval after it began): every
 * commit made before that sync began is shipped. The margin covers the monitor interval, the
 * reading of the log (LOG_POLL_MS) and a slow start of the next upload.
 */
const QUIET_MARGIN_MS = 1_000;
/**
 * A commit is noted just after SQLite's COMMIT returns (and Date.now() rounds down to the
 * millisecond): one noted this soon after a sync began may be in it. Taking it as shipped is
 * safe: had the sync missed it, a next sync would follow and end the quiet.
 */
const NOTE_SLACK_MS = 50;
/** Commit times remembered while waiting for the replica (older ones are kept, newer dropped). */
const MAX_PENDING = 10_000;
/** Restarts: 1 s doubling to a minute; a child that ran a minute starts the count again. */
export const RESTART_BACKOFF: Backoff = { baseMs: 1_000, capMs: 60_000 };
const STABLE_RUN_MS = 60_000;
/**
 * A sync open this long is taken as hung (an SFTP connection dropped mid-upload leaves
 * Litestream waiting for ever, alive, with no error): Litestream is killed and started again.
 * The bound grows by a second per MB of what the sync writes (the WAL, or the database for a
 * snapshot), so a large snapshot over a slow link (1 MB/s) is not cut off.
 */
export const HUNG_SYNC_MS = 60_000;
const HUNG_SYNC_MS_PER_BYTE = 1 / 1_000;

/** How long a sync writing `bytes` may stay open before it counts as hung. */
export function hungSyncAfterMs(bytes: number): number {
  return HUNG_SYNC_MS + Math.max(0, bytes) * HUNG_SYNC_MS_PER_BYTE;
}
/** Litestream's log file is read this often, and emptied past this size. */
const LOG_POLL_MS = 200;
const LOG_MAX_BYTES = 4 * 1024 * 1024;

/** One line of Litestream's JSON log, as far as the supervisor needs it. */
export interface LitestreamLine {
  time: number;
  level: string;
  msg: string;
  /** How long the step took, in ms (Litestream 0.3.13 logs a Go duration: "6.183873ms"). */
  elapsedMs?: number;
  error?: string;
}

/** Go's duration units (time.Duration.String writes µs with U+00B5; U+03BC and "us" parse too). */
const GO_UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  "\u00b5s": 1e-3,
  "\u03bcs": 1e-3,
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
};
const GO_DURATION = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)/;

/**
 * A Go duration as `time.Duration.String` writes it ("6.183873ms", "502.084µs", "1m2.5s",
 * "0s") in ms; a number is taken as nanoseconds (a Duration logged as a number). Null when
 * it is neither.
 */
export function parseGoDurationMs(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value / 1e6 : null;
  if (typeof value !== "string") return null;
  let rest = value.trim();
  if (rest === "") return null;
  if (rest === "0") return 0;
  let ms = 0;
  // A bound on the loop: Go writes at most h, m and s, or one smaller unit.
  for (let parts = 0; rest !== "" && parts < 4; parts++) {
    const match = GO_DURATION.exec(rest);
    if (!match) return null;
    ms += Number.parseFloat(match[1] as string) * (GO_UNIT_MS[match[2] as string] as number);
    rest = rest.slice(match[0].length);
  }
  return rest === "" ? ms : null;
}

export function parseLitestreamLine(line: string): LitestreamLine | null {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const time = typeof r.time === "string" ? Date.parse(r.time) : Number.NaN;
  if (!Number.isFinite(time) || typeof r.msg !== "string") return null;
  const elapsedMs = parseGoDurationMs(r.elapsed);
  return {
    time,
    level: typeof r.level === "string" ? r.level : "INFO",
    msg: r.msg,
    ...(elapsedMs !== null ? { elapsedMs } : {}),
    ...(typeof r.error === "string" ? { error: r.error } : {}),
  };
}

/** Whether the line says Litestream finished writing to the replica. */
export function isSyncLine(line: LitestreamLine): boolean {
  return line.msg === "wal segment written" || line.msg === "snapshot written";
}

/** Whether the line says Litestream begins writing to the replica (its end line follows). */
export function isSyncStartLine(line: LitestreamLine): boolean {
  return line.msg === "write wal segment" || line.msg === "write snapshot";
}

/** What a sync writes: a WAL segment, or a snapshot (the whole database). */
export type SyncKind = "wal" | "snapshot";

/**
 * The bookkeeping behind the status, apart from any process (unit-tested): commits waiting
 * for the replica, the last sync, the last error.
 */
export class ReplicaTracker {
  private pending: number[] = [];
  lastSyncAt: number | null = null;
  lastError: { at: number; message: string } | null = null;
  /** When the current Litestream process started (null: none runs). */
  runningSince: number | null = null;
  /** The last finished sync: when it began and ended (Litestream's clock, ms). */
  private lastSync: { startedAt: number; finishedAt: number } | null = null;
  /** A sync begun ("write wal segment" or "write snapshot") and not yet finished. */
  private openSyncAt: number | null = null;
  private openSyncKind: SyncKind = "wal";

  /** A Litestream process started at `at`: what the previous one had begun is void. */
  noteStarted(at: number): void {
    this.runningSince = at;
    this.openSyncAt = null;
  }

  /** The Litestream process is gone (noticed at `at`): what its quiet proved stays proved. */
  noteStopped(at: number): void {
    this.settle(at);
    this.runningSince = null;
  }

  noteCommit(at: number): void {
    this.settle(at);
    const last = this.pending.at(-1);
    // Commits within the same 50 ms are one entry: the list stays short under load.
    if (last !== undefined && at - last < 50) return;
    if (this.pending.length < MAX_PENDING) this.pending.push(at);
  }

  /** Litestream began writing a WAL segment or a snapshot at `at`: the quiet ends there. */
  noteSyncStart(at: number, kind: SyncKind = "wal"): void {
    this.settle(at);
    this.openSyncAt = at;
    this.openSyncKind = kind;
  }

  /** The sync begun and not yet finished (null: none), for the watch on hung uploads. */
  openSync(): { at: number; kind: SyncKind } | null {
    return this.openSyncAt === null ? null : { at: this.openSyncAt, kind: this.openSyncKind };
  }

  /**
   * A sync finished at `finishedAt`; it began at `startedAt` (its elapsed time), else when
   * its start line said, else (neither known) at its end.
   */
  noteSync(startedAt: number | null, finishedAt: number): void {
    const began = startedAt ?? this.openSyncAt ?? finishedAt;
    this.openSyncAt = null;
    this.lastSyncAt = Math.max(this.lastSyncAt ?? 0, finishedAt);
    if (!this.lastSync || finishedAt >= this.lastSync.finishedAt) {
      this.lastSync = { startedAt: began, finishedAt };
    }
    this.dropThrough(began - SHIP_MARGIN_MS);
  }

  noteError(at: number, message: string): void {
    this.settle(at);
    this.lastError = { at, message };
  }

  /** Commits noted up to `through` are on the replica: never counted again. */
  private dropThrough(through: number): void {
    let i = 0;
    while (i < this.pending.length && (this.pending[i] ?? 0) <= through) i++;
    if (i > 0) this.pending = this.pending.slice(i);
  }

  /**
   * Drops the commits the quiet after the last sync proves shipped, as of `now`: once proved,
   * they stay shipped when a later sync begins, an error comes or Litestream restarts (each
   * ends the quiet and so stops the rule from saying it again). Called before each of those
   * is noted, and whenever the lag is read.
   */
  private settle(now: number): void {
    const settled = this.settledThrough(now);
    if (settled !== null) this.dropThrough(settled);
  }

  /**
   * Commits noted up to this time are shipped because Litestream went quiet after the last
   * sync (the file comment's second rule); null while that cannot be said: no sync by the
   * running process yet, a sync under way, an error since, or not quiet for long enough.
   */
  private settledThrough(now: number): number | null {
    const sync = this.lastSync;
    if (!sync || this.runningSince === null || this.openSyncAt !== null) return null;
    if (sync.startedAt < this.runningSince) return null;
    if (this.lastError && this.lastError.at >= sync.startedAt) return null;
    const quietFrom = Math.max(sync.startedAt + SYNC_INTERVAL_MS, sync.finishedAt);
    if (now < quietFrom + QUIET_MARGIN_MS) return null;
    return sync.startedAt + NOTE_SLACK_MS;
  }

  /** Seconds since the oldest commit not yet on the replica. */
  lagSeconds(now: number): number {
    this.settle(now);
    const oldest = this.pending[0];
    return oldest === undefined ? 0 : Math.max(0, (now - oldest) / 1000);
  }

  state(now: number, maxLagSeconds: number): { state: ReplicationState; detail: string | null } {
    if (this.runningSince === null) {
      return { state: "stopped", detail: this.lastError?.message ?? "Litestream is not running" };
    }
    const lag = this.lagSeconds(now);
    if (lag > maxLagSeconds) {
      return {
        state: "lagging",
        detail: `the replica is ${Math.round(lag)} s behind (REPLICA_MAX_LAG_SECONDS is ${maxLagSeconds})${this.lastError ? `: ${this.lastError.message}` : ""}`,
      };
    }
    // Failing to reach the replica with nothing to ship yet: lagging once it has lasted.
    const failingSince = this.lastError?.at ?? null;
    const reachedSince = Math.max(this.lastSyncAt ?? 0, this.runningSince);
    if (failingSince !== null && failingSince > reachedSince) {
      if (now - reachedSince > maxLagSeconds * 1000) {
        return {
          state: "lagging",
          detail: `Litestream cannot reach the replica: ${this.lastError?.message}`,
        };
      }
    }
    return { state: "ok", detail: null };
  }
}

/** `-exec`'s watchdog: ends when the process `pid` is gone. */
export function watchdogCommand(pid: number): string {
  const tail = Bun.which("tail");
  if (tail) {
    const version = spawnSync([tail, "--version"], { stdout: "pipe", stderr: "ignore" });
    if (version.exitCode === 0 && /GNU coreutils/.test(version.stdout.toString())) {
      return `${tail} --pid=${pid} -s 0.5 -f /dev/null`;
    }
  }
  // Busybox and others: Bun itself, polling the pid twice a second.
  const script = `setInterval(()=>{try{process.kill(${pid},0)}catch{process.exit(0)}},500)`;
  return `${process.execPath} -e '${script}'`;
}

export interface ReplicationOptions {
  db: AppDb;
  dbPath: string;
  target: ReplicaTarget;
  binary: string;
  maxLagSeconds: number;
  retentionHours: number;
  clock: () => number;
}

/** The supervisor of one `litestream replicate` child. */
export class Replication implements ReplicationSource {
  readonly tracker = new ReplicaTracker();
  readonly replica: string;
  private readonly configPath: string;
  private readonly logPath: string;
  private logFd: number | null = null;
  private logOffset = 0;
  private logRest = "";
  private logTimer: ReturnType<typeof setInterval> | null = null;
  private proc: Subprocess<"ignore", number, number> | null = null;
  private stopping = false;
  private failures = 0;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private watchTimer: ReturnType<typeof setInterval> | null = null;
  private lastState: ReplicationState = "ok";
  private readonly unobserve: () => void;
  private watchdog: string | null = null;
  /** The process the watch killed because its sync hung, and why (its exit's reason). */
  private hung: { proc: Subprocess<"ignore", number, number>; why: string } | null = null;

  constructor(private readonly options: ReplicationOptions) {
    this.replica = describeReplica(options.target);
    this.configPath = configPathFor(options.dbPath);
    this.logPath = `${this.configPath.replace(/\.yml$/, "")}.log`;
    if (options.target.type === "sftp" && options.target.keyPath) {
      if (!existsSync(options.target.keyPath)) {
        throw new Error(`REPLICA_SFTP_KEY_PATH: no file at ${options.target.keyPath}`);
      }
    }
    // Only a batch that wrote: one whose writes were all refused leaves the WAL as it was,
    // Litestream has nothing to ship, and the commit would wait for a sync that never comes.
    this.unobserve = observeCommits(
      options.db,
      (batch) => {
        if (batch.ok && batch.changed) this.tracker.noteCommit(options.clock());
      },
      { changes: true },
    );
  }

  /** Writes the configuration and starts Litestream (the state is watched every second). */
  start(): void {
    writePrivateFile(
      this.configPath,
      litestreamConfig(this.options.dbPath, this.options.target, this.options.retentionHours),
    );
    this.watchdog ??= watchdogCommand(process.pid);
    // A fresh log for each start of the server; read as it grows.
    writeFileSync(this.logPath, "", { mode: 0o600 });
    this.logFd = openSync(this.logPath, "r");
    this.logOffset = 0;
    this.logTimer = setInterval(() => this.readLog(), LOG_POLL_MS);
    this.logTimer.unref();
    log.info("replication: starting Litestream", {
      replica: this.replica,
      config: this.configPath,
    });
    this.spawn();
    this.watchTimer = setInterval(() => this.watch(), 1_000);
    this.watchTimer.unref();
  }

  status(): ReplicationStatus {
    const now = this.options.clock();
    const { state, detail } = this.tracker.state(now, this.options.maxLagSeconds);
    return {
      state,
      replica: this.replica,
      lagSeconds: Math.round(this.tracker.lagSeconds(now) * 10) / 10,
      lastSyncAt: this.tracker.lastSyncAt,
      running: this.tracker.runningSince !== null,
      detail: detail ?? this.tracker.lastError?.message ?? null,
      maxLagSeconds: this.options.maxLagSeconds,
    };
  }

  /**
   * The clean stop: Litestream gets SIGTERM, syncs what is left to the replica, releases its
   * read transaction and exits (waited for up to `timeoutMs`, then killed). Call it after the
   * last write and before the WAL checkpoint that closes the database.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    this.clearTimers();
    this.unobserve();
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) {
      this.closeLog();
      return;
    }
    proc.kill("SIGTERM");
    const exited = await Promise.race([
      proc.exited.then(() => true),
      Bun.sleep(timeoutMs).then(() => false),
    ]);
    if (!exited) {
      log.warn("replication: Litestream did not stop in time and was killed", {
        seconds: timeoutMs / 1000,
      });
      proc.kill("SIGKILL");
      await proc.exited;
    }
    // Its last lines (the final sync) before saying so.
    this.closeLog();
    const facts = {
      replica: this.replica,
      exitCode: proc.exitCode,
      lastSyncAt: this.tracker.lastSyncAt ? new Date(this.tracker.lastSyncAt).toISOString() : null,
    };
    if (proc.exitCode === 0)
      log.info("replication: Litestream stopped after its final sync", facts);
    else {
      log.warn("replication: Litestream's final sync may not have reached the replica", {
        ...facts,
        error: this.tracker.lastError?.message ?? null,
      });
    }
  }

  /** Stops at once, without waiting (tests' immediate stop). */
  kill(): void {
    this.stopping = true;
    this.clearTimers();
    this.unobserve();
    this.proc?.kill("SIGTERM");
    this.closeLog();
  }

  /** Reads what Litestream wrote since the last read; empties the file past LOG_MAX_BYTES. */
  private readLog(): void {
    const fd = this.logFd;
    if (fd === null) return;
    try {
      const size = fstatSync(fd).size;
      if (size < this.logOffset) this.logOffset = 0;
      while (this.logOffset < size) {
        const chunk = Buffer.alloc(Math.min(size - this.logOffset, 256 * 1024));
        const n = readSync(fd, chunk, 0, chunk.length, this.logOffset);
        if (n <= 0) break;
        this.logOffset += n;
        const text = this.logRest + chunk.subarray(0, n).toString("utf8");
        const lines = text.split("\n");
        this.logRest = lines.pop() ?? "";
        for (const line of lines) this.onLine(line);
      }
      if (this.logOffset > LOG_MAX_BYTES && this.logRest === "") {
        // Litestream appends (O_APPEND): its next line goes to the start of the emptied file.
        truncateSync(this.logPath, 0);
        this.logOffset = 0;
      }
    } catch (err) {
      log.debug("replication: the Litestream log could not be read", { error: messageOf(err) });
    }
  }

  private closeLog(): void {
    if (this.logTimer) clearInterval(this.logTimer);
    this.logTimer = null;
    this.readLog();
    if (this.logRest.trim()) this.onLine(this.logRest);
    this.logRest = "";
    if (this.logFd !== null) closeSync(this.logFd);
    this.logFd = null;
  }

  private clearTimers(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.restartTimer = null;
    this.watchTimer = null;
  }

  private spawn(): void {
    const args = [
      this.options.binary,
      "replicate",
      "-config",
      this.configPath,
      "-no-expand-env",
      ...(this.watchdog ? ["-exec", this.watchdog] : []),
    ];
    let proc: Subprocess<"ignore", number, number>;
    // Appending: the file may be emptied under it (readLog).
    const out = openSync(this.logPath, "a", 0o600);
    try {
      // Its own session: a Ctrl-C in the terminal (SIGINT to the whole process group) reaches
      // the server only, which stops Litestream itself after the last write.
      proc = Bun.spawn(args, { stdin: "ignore", stdout: out, stderr: out, detached: true });
    } catch (err) {
      this.exited(null, `Litestream could not start: ${messageOf(err)}`);
      return;
    } finally {
      closeSync(out);
    }
    this.proc = proc;
    const startedAt = this.options.clock();
    this.tracker.noteStarted(startedAt);
    void proc.exited.then((code) => {
      if (this.proc === proc) this.proc = null;
      const ranMs = this.options.clock() - startedAt;
      if (ranMs >= STABLE_RUN_MS) this.failures = 0;
      const hung = this.hung?.proc === proc ? this.hung.why : null;
      if (hung) this.hung = null;
      this.exited(code, hung ?? `Litestream exited with code ${code}`);
    });
  }

  private exited(code: number | null, why: string): void {
    // Its last lines first: they may end (or prove) a sync before the quiet is judged.
    this.readLog();
    this.tracker.noteStopped(this.options.clock());
    if (this.stopping) return;
    this.failures += 1;
    const delay = backoffDelayMs(this.failures, RESTART_BACKOFF);
    this.tracker.noteError(this.options.clock(), why);
    log.error("replication stopped: Litestream is restarted after a pause", {
      replica: this.replica,
      exitCode: code,
      restartInSeconds: delay / 1000,
      error: why,
    });
    this.alert({
      code: "REPLICATION_RESTARTING",
      params: {
        replica: this.replica,
        reason: why.slice(0, FREE_TEXT_CHARS),
        restartInSeconds: Math.round(delay / 100) / 10,
      },
    });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.stopping) this.spawn();
    }, delay);
    this.restartTimer.unref();
  }

  /** Every second: a hung sync is ended; a move to `lagging` raises the alert (once per move). */
  private watch(): void {
    this.endHungSync();
    const { state, detail } = this.tracker.state(this.options.clock(), this.options.maxLagSeconds);
    if (state === "lagging" && this.lastState !== "lagging") {
      log.warn("replication is lagging", { replica: this.replica, detail });
      this.alert({
        code: "REPLICATION_LAGGING",
        params: {
          replica: this.replica,
          detail: (detail ?? "The replica is behind.").slice(0, FREE_TEXT_CHARS),
        },
      });
    } else if (state === "ok" && this.lastState !== "ok") {
      log.info("replication is back in step", { replica: this.replica });
    }
    this.lastState = state;
  }

  /**
   * A sync begun longer ago than hungSyncAfterMs allows: the upload hangs (Litestream 0.3.13
   * waits for ever on an SFTP connection dropped under it, and restarting is what makes it
   * connect again). Litestream and its watchdog (its process group) are killed; its exit then
   * restarts it as any exit does (REPLICATION_RESTARTING, backoff), with this reason.
   */
  private endHungSync(): void {
    const proc = this.proc;
    const open = this.tracker.openSync();
    if (!proc || proc.exitCode !== null || !open || this.hung?.proc === proc) return;
    const openMs = this.options.clock() - open.at;
    const bytes = this.sizeOf(
      open.kind === "snapshot" ? this.options.dbPath : `${this.options.dbPath}-wal`,
    );
    const boundMs = hungSyncAfterMs(bytes);
    if (openMs <= boundMs) return;
    const what = open.kind === "snapshot" ? "snapshot" : "WAL segment";
    const seconds = Math.round(openMs / 1000);
    const why = `Litestream's ${what} upload begun at ${new Date(open.at).toISOString()} has not finished after ${seconds} s (the limit is ${Math.round(boundMs / 1000)} s): Litestream was killed`;
    this.hung = { proc, why };
    log.warn("replication: Litestream's upload hangs; it is killed and started again", {
      replica: this.replica,
      upload: what,
      begunAt: new Date(open.at).toISOString(),
      openSeconds: seconds,
      limitSeconds: Math.round(boundMs / 1000),
    });
    try {
      // detached: Litestream leads its own process group, its -exec watchdog in it.
      process.kill(-proc.pid, "SIGKILL");
    } catch {
      proc.kill("SIGKILL");
    }
  }

  private sizeOf(path: string): number {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  }

  /** "Replication stopped": restarting after a pause, or lagging (decision 066's codes). */
  private alert(
    kind:
      | { code: "REPLICATION_RESTARTING"; params: AlertParams["REPLICATION_RESTARTING"] }
      | { code: "REPLICATION_LAGGING"; params: AlertParams["REPLICATION_LAGGING"] },
  ): void {
    try {
      writeTx(this.options.db, (tx) =>
        raiseAlert(
          tx,
          { type: "error", category: "system", ...kind, dedupeKey: "replication-stopped" },
          this.options.clock(),
        ),
      );
    } catch (err) {
      log.error("replication: the alert could not be raised", { error: messageOf(err) });
    }
  }

  private onLine(text: string): void {
    if (!text.trim()) return;
    const line = parseLitestreamLine(text);
    if (!line) {
      // Not Litestream's JSON (the watchdog, a crash): worth seeing.
      log.warn("litestream", { output: text.slice(0, 500) });
      return;
    }
    if (isSyncStartLine(line)) {
      this.tracker.noteSyncStart(line.time, line.msg === "write snapshot" ? "snapshot" : "wal");
      return;
    }
    if (isSyncLine(line)) {
      this.tracker.noteSync(
        line.elapsedMs === undefined ? null : line.time - line.elapsedMs,
        line.time,
      );
      return;
    }
    if (line.level === "ERROR") {
      this.tracker.noteError(line.time, line.error ? `${line.msg}: ${line.error}` : line.msg);
      log.warn("litestream", { msg: line.msg, error: line.error });
    } else if (line.level === "WARN") {
      log.warn("litestream", { msg: line.msg, error: line.error });
    } else {
      log.debug("litestream", { msg: line.msg });
    }
  }
}
