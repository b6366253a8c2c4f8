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
 */
import type { Database, Statement } from "bun:sqlite";
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

  constructor(
    private readonly db: AppDb,
    private readonly sqlite: Database,
  ) {
    this.savepoint = sqlite.prepare("SAVEPOINT group_write");
    this.release = sqlite.prepare("RELEASE group_write");
    this.rollbackTo = sqlite.prepare("ROLLBACK TO group_write");
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
    try {
      writeTx(this.db, (tx) => {
        for (const job of jobs) outcomes.push(this.runOne(tx, job));
      });
    } catch (error) {
      this.tell({ size: jobs.length, seconds: secondsSince(started), ok: false, error });
      // BEGIN or COMMIT failed, or SQLite abandoned the transaction: nothing was written.
      // A write refused on its own keeps its own answer (it wrote nothing either way).
      jobs.forEach((job, i) => {
        const outcome = outcomes[i];
        job.reject(outcome && !outcome.ok ? outcome.error : error);
      });
      return;
    }
    this.tell({ size: jobs.length, seconds: secondsSince(started), ok: true });
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
  committerOf(db).tell({ size: 1, seconds: 0, ok: false, error, outside: true });
}

/** Calls `observer` after each transaction the committer runs on `db`; returns its removal. */
export function observeCommits(db: AppDb, observer: CommitObserver): () => void {
  const { observers } = committerOf(db);
  observers.add(observer);
  return () => {
    observers.delete(observer);
  };
}
