/**
 * Group commit (issue 11, decisions/027): the endpoints' writes that arrive together share
 * one `BEGIN IMMEDIATE ... COMMIT`, so one fsync (`synchronous=FULL` stays) covers them all.
 *
 * - Each write runs in its own SAVEPOINT: a write that throws (a 4xx refusal, or anything
 *   else) is rolled back alone, its idempotency and audit rows with it, and gets its own
 *   error; the others of the batch carry on.
 * - A write's promise settles only after the COMMIT that holds it, so its reply, its live
 *   events and its `after` hook come after the data is on disk. If BEGIN or COMMIT fails,
 *   nothing of the batch was written and every write in it gets that error.
 * - No timers, no added wait: the first write queued schedules a flush with setImmediate,
 *   which runs once the event loop has dispatched the I/O already received. A lone write is
 *   committed at once; writes that arrive while a COMMIT's fsync blocks the thread queue up
 *   and the next flush takes them all.
 *
 * Writes are synchronous callbacks (writeTx's rule): a batch runs from BEGIN to COMMIT
 * without yielding, so nothing else touches the connection meanwhile.
 *
 * Whether a batch changed the database (CommitBatch.changed) is what the replication's lag
 * needs: a COMMIT of refused writes only writes nothing, and Litestream has nothing to ship.
 * SQLite's own counters do not say it: total_changes() counts a row a rolled-back savepoint
 * wrote (such a COMMIT does write to the WAL: the pages stay dirty) and an UPDATE to the same
 * values (which writes nothing). So an observer that asks for it (observeCommits' `changes`)
 * gets it from a second, read-only connection's `PRAGMA data_version`, which moves exactly
 * when another connection's COMMIT wrote to the file or its WAL: read once BEGIN IMMEDIATE
 * holds the write lock and again after COMMIT.
 */
import { Database, type Statement } from "bun:sqlite";
import { type AppDb, type Tx, writeTx } from "../db/client";

/** What the committer has done so far (tests and the benchmark read it). */
export interface CommitStats {
  /** Transactions committed (or attempted: a failed COMMIT counts too). */
  commits: number;
  /** Writes those transactions carried, refused ones included. */
  writes: number;
  /** The most writes one transaction carried. */
  largestBatch: number;
}

/** One transaction the committer ran: how many writes it carried, how long, and its fate. */
export interface CommitBatch {
  size: number;
  /** The writes that returned (the others were refused, each rolled back to its savepoint). */
  applied: number;
  /**
   * Whether the COMMIT wrote to the database (its WAL): false when every write was refused or
   * wrote nothing, and when the batch failed. Exact while an observer asked for it
   * (observeCommits' `changes`); otherwise (or for an in-memory database) whether
   * total_changes() moved, which an UPDATE to the same values moves too.
   */
  changed: boolean;
  /** From BEGIN to the end of COMMIT (the fsync included). */
  seconds: number;
  /** False when BEGIN or COMMIT failed, or SQLite abandoned the transaction. */
  ok: boolean;
  error?: unknown;
  /**
   * A write that failed outside a batch (reportFailedWrite): no transaction of the group
   * commit, so commit counts and timings leave it out.
   */
  outside?: true;
}

type CommitObserver = (batch: CommitBatch) => void;

/** Where the database stood: the watching connection's data_version, the writer's total_changes(). */
interface Mark {
  version: number | null;
  changes: number | null;
}

/** A read-only connection to the same file: its data_version moves with the writer's commits. */
interface ChangeWatcher {
  connection: Database;
  version: Statement;
}

interface Job {
  fn: (tx: Tx) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

class GroupCommitter {
  private queue: Job[] = [];
  private scheduled = false;
  readonly stats: CommitStats = { commits: 0, writes: 0, largestBatch: 0 };
  /** Told of each transaction once it has committed or failed (the metrics, decision 056). */
  readonly observers = new Set<CommitObserver>();
  private readonly savepoint: Statement;
  private readonly release: Statement;
  private readonly rollbackTo: Statement;
  private readonly totalChanges: Statement;
  /** Observers that asked whether a batch changed the database (observeCommits' `changes`). */
  private changeObservers = 0;
  /** Opened by the first batch while changeObservers > 0 (undefined: not tried yet). */
  private watcher: ChangeWatcher | null | undefined;

  constructor(
    private readonly db: AppDb,
    private readonly sqlite: Database,
  ) {
    this.savepoint = sqlite.prepare("SAVEPOINT group_write");
    this.release = sqlite.prepare("RELEASE group_write");
    this.rollbackTo = sqlite.prepare("ROLLBACK TO group_write");
    this.totalChanges = sqlite.prepare("SELECT total_changes() AS n");
  }

  /**
   * One more observer wants `changed` exact: the watching connection opens with the next
   * batch (a server that fails before its first write never opens it).
   */
  watchChanges(): () => void {
    this.changeObservers++;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.changeObservers--;
      // Closed with the last: the database's own close must be its last connection's (that
      // one checkpoints and deletes the WAL).
      if (this.changeObservers === 0) {
        if (this.watcher) closeWatcher(this.watcher);
        this.watcher = undefined;
      }
    };
  }

  /** The watching connection's data_version, or the writer's total_changes(); null: unknown. */
  private mark(): Mark {
    if (this.changeObservers > 0 && this.watcher === undefined) {
      this.watcher = openWatcher(this.sqlite);
    }
    return {
      version: this.watcher ? readNumber(this.watcher.version, "data_version") : null,
      changes: readNumber(this.totalChanges, "n"),
    };
  }

  submit<T>(fn: (tx: Tx) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Runs every queued write in one transaction, then settles each write's promise. */
  private flush(): void {
    const jobs = this.queue;
    this.queue = [];
    this.scheduled = false;
    if (jobs.length === 0) return;
    this.stats.commits++;
    this.stats.writes += jobs.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, jobs.length);
    const outcomes: Outcome[] = [];
    const started = performance.now();
    let before: Mark | null = null;
    try {
      writeTx(this.db, (tx) => {
        // Under the write lock: no other connection commits until this one has.
        before = this.mark();
        for (const job of jobs) outcomes.push(this.runOne(tx, job));
      });
    } catch (error) {
      this.tell({
        size: jobs.length,
        applied: 0,
        changed: false,
        seconds: secondsSince(started),
        ok: false,
        error,
      });
      // BEGIN or COMMIT failed, or SQLite abandoned the transaction: nothing was written.
      // A write refused on its own keeps its own answer (it wrote nothing either way).
      jobs.forEach((job, i) => {
        const outcome = outcomes[i];
        job.reject(outcome && !outcome.ok ? outcome.error : error);
      });
      return;
    }
    const seconds = secondsSince(started);
    const applied = outcomes.filter((outcome) => outcome.ok).length;
    const changed = changedSince(before, this.mark());
    this.tell({ size: jobs.length, applied, changed, seconds, ok: true });
    jobs.forEach((job, i) => {
      const outcome = outcomes[i] as Outcome;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  tell(batch: CommitBatch): void {
    if (!batch.ok && typeof batch.error === "object" && batch.error !== null) {
      told.add(batch.error);
    }
    for (const observer of this.observers) {
      try {
        observer(batch);
      } catch {
        // An observer never fails the writes.
      }
    }
  }

  /** One write in its own savepoint: on a throw only its own changes are undone. */
  private runOne(tx: Tx, job: Job): Outcome {
    this.savepoint.run();
    try {
      const value = job.fn(tx);
      if (value instanceof Promise) throw new Error("group commit writes must be synchronous");
      this.release.run();
      return { ok: true, value };
    } catch (error) {
      // An I/O error or a full disk can make SQLite roll the whole transaction back: then
      // the batch as a whole fails (the throw reaches flush()).
      if (!this.sqlite.inTransaction) throw error;
      this.rollbackTo.run();
      this.release.run();
      return { ok: false, error };
    }
  }
}

const secondsSince = (started: number) => (performance.now() - started) / 1000;

function readNumber(statement: Statement, column: string): number | null {
  try {
    const row = statement.get() as Record<string, unknown> | null;
    const value = row?.[column];
    return typeof value === "number" ? value : null;
  } catch {
    return null;
  }
}

/**
 * Whether a batch committed between two marks changed the database: the watching
 * connection's data_version when both were read, else total_changes(); when neither could be
 * read, it did (a lag shown for nothing beats a lag hidden).
 */
function changedSince(before: Mark | null, after: Mark): boolean {
  if (before?.version != null && after.version !== null) return after.version !== before.version;
  if (before?.changes != null && after.changes !== null) return after.changes !== before.changes;
  return true;
}

/** The watching connection of a file database; null in memory, or when it cannot be opened. */
function openWatcher(sqlite: Database): ChangeWatcher | null {
  const file = sqlite.filename;
  if (!file || file === ":memory:" || file.startsWith("file::memory:")) return null;
  let connection: Database | null = null;
  try {
    connection = new Database(file, { readonly: true });
    const version = connection.prepare("PRAGMA data_version");
    version.get();
    return { connection, version };
  } catch {
    connection?.close();
    return null;
  }
}

function closeWatcher(watcher: ChangeWatcher): void {
  try {
    watcher.version.finalize();
    watcher.connection.close();
  } catch {
    // Already closed with the process's end: nothing to release.
  }
}

const committers = new WeakMap<AppDb, GroupCommitter>();

function committerOf(db: AppDb): GroupCommitter {
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommitter(db, db.$client);
    committers.set(db, committer);
  }
  return committer;
}

/**
 * Runs `fn` in a write transaction shared with the other writes queued in this turn of the
 * event loop, in its own savepoint; resolves with its result once that transaction has
 * committed, or rejects with its own error (or the commit's).
 */
export function groupWrite<T>(db: AppDb, fn: (tx: Tx) => T): Promise<T> {
  return committerOf(db).submit(fn);
}

/** The committer's counters for this database. */
export function commitStats(db: AppDb): Readonly<CommitStats> {
  return committerOf(db).stats;
}

/** Failed batches' errors already told to the observers (each writer of the batch gets it). */
const told = new WeakSet<object>();

/**
 * A write that failed outside the group commit (a sign-in's session, a script's
 * transaction through writeTx) told to the same observers, once: so a full disk that
 * refuses a sign-in fails /readyz and counts in storage_full_total as a refused deposit does.
 * An error a failed batch already told is not told again.
 */
export function reportFailedWrite(db: AppDb, error: unknown): void {
  if (typeof error === "object" && error !== null && told.has(error)) return;
  committerOf(db).tell({
    size: 1,
    applied: 0,
    changed: false,
    seconds: 0,
    ok: false,
    error,
    outside: true,
  });
}

/**
 * Calls `observer` after each transaction the committer runs on `db`; returns its removal.
 * With `changes`, the batches' `changed` is exact while it observes: a read-only connection
 * to the file stays open until the last such observer is removed (remove it before the
 * database closes, as the replication's stop does).
 */
export function observeCommits(
  db: AppDb,
  observer: CommitObserver,
  options: { changes?: boolean } = {},
): () => void {
  const committer = committerOf(db);
  committer.observers.add(observer);
  const unwatch = options.changes ? committer.watchChanges() : null;
  return () => {
    committer.observers.delete(observer);
    unwatch?.();
  };
}
