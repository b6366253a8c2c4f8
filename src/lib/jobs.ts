/**
 * Background jobs (issue 11): long reads (the books check, the export) run in a Bun Worker
 * with its own read-only connection to the database file (src/lib/job-worker.ts), so the
 * server's thread keeps answering; WAL lets that reader run beside the writer. A job reports
 * progress, keeps its result, can be cancelled, and may stream its output to one reader with
 * flow control (the export download), so memory stays flat whatever the size.
 *
 * Jobs live in this process's memory only: a restart forgets them (and removes their files).
 * With an in-memory database (tests) a worker cannot reach the data: the same work then runs
 * on the server's connection, synchronously, through the same API.
 */
import type { Database } from "bun:sqlite";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { JobStep } from "../domain/job-steps";
import { messageOf } from "./errors";
import { jobStepPhrase } from "./job-steps";

/** Thrown inside a job's work once it was cancelled; unwinds its read transaction. */
export class JobCancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "JobCancelled";
  }
}

/** What a job's work gets: a connection of its own (or the server's, inline) and its hooks. */
export interface JobContext<I = unknown> {
  sqlite: Database;
  input: I;
  /**
   * Where the work stands (0..1) and what it is doing (a step: its code and params, which the
   * registry writes as the job's English phrase); throws JobCancelled once cancelled.
   */
  progress(fraction: number, step: JobStep): void;
  /** Hands a chunk to the job's reader, waiting while the reader lags; throws JobCancelled. */
  emit(chunk: string): void;
}

/** A job's work: synchronous, on its own thread; its result must survive structuredClone. */
export type JobWork<I = unknown, R = unknown> = (ctx: JobContext<I>) => R;

/** What the worker runs: the named export of `JOB_WORK` in the module at `module` (a URL). */
export interface WorkRef {
  module: string;
  name: string;
}

/** Messages from the worker thread. */
export type WorkerMessage =
  | { type: "progress"; fraction: number; step: JobStep }
  | { type: "chunk"; bytes: Uint8Array }
  | { type: "done"; result: unknown }
  | { type: "failed"; message: string }
  | { type: "cancelled" };

/** The control block shared with a worker: a cancel flag and the reader's chunk credits. */
export const CANCEL = 0;
export const CREDIT = 1;
/** Chunks a streaming job may have in flight ahead of its reader (64 KB each). */
export const STREAM_CREDITS = 2;

export type JobState = "queued" | "running" | "done" | "failed" | "cancelled";

export interface Job {
  id: string;
  kind: string;
  state: JobState;
  /** 0..1 */
  progress: number;
  /** What it is doing: a code and its params (src/domain/job-steps.ts)... */
  step: JobStep;
  /** ...and the same in English (jobStepPhrase). */
  phrase: string;
  startedBy: string;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  error: string | null;
  result: unknown;
  /** A job that writes a file: where, the name a download gets, and its size once done. */
  file: { path: string; name: string; sizeBytes: number | null } | null;
  /** A job whose output is read through `stream()` instead. */
  streamed: boolean;
}

/** What to start: the kind shown to people, the work, its input, and where its output goes. */
export interface JobSpec {
  kind: string;
  work: WorkRef;
  input: Record<string, unknown>;
  startedBy: string;
  /** Write to a file (the work gets `input.out`): its download name. */
  fileName?: string;
  /** Stream the output through `stream(id)` to one reader. */
  streamed?: boolean;
}

interface Running {
  cancel(): void;
  /** One more chunk may be sent (the reader took one). */
  grant(): void;
}

interface Entry {
  job: Job;
  spec: JobSpec;
  running: Running | null;
  settled: Promise<Job>;
  settle: (job: Job) => void;
  /** Streamed output waiting for its reader, and the reader's wake-up. */
  chunks: Uint8Array[];
  wake: (() => void) | null;
}

export interface JobRegistryOptions {
  /** Jobs running at once; later ones wait, queued (two cores: a check and an export). */
  maxRunning?: number;
  /** Finished jobs remembered (newest first); older ones are forgotten with their files. */
  keep?: number;
  /** Finished jobs whose file is kept for download; older files are removed. */
  keepFiles?: number;
  clock?: () => number;
}

const FILE_PREFIX = "job-";

/** The folder of job files beside the database (`<dir>/job-files`), or null in memory. */
export function jobFilesDir(sqlite: Database): string | null {
  const file = sqlite.filename;
  if (!file || file === ":memory:") return null;
  return join(dirname(resolve(file)), "job-files");
}

/** The jobs of one database. */
export class JobRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly maxRunning: number;
  private readonly keep: number;
  private readonly keepFiles: number;
  private readonly clock: () => number;
  private dir: string | null = null;

  constructor(
    private readonly sqlite: Database,
    options: JobRegistryOptions = {},
  ) {
    this.maxRunning = options.maxRunning ?? 2;
    this.keep = options.keep ?? 20;
    this.keepFiles = options.keepFiles ?? 2;
    this.clock = options.clock ?? Date.now;
  }

  /** Queues a job and starts it when a slot is free. */
  start(spec: JobSpec): Job {
    const id = crypto.randomUUID();
    let settle: (job: Job) => void = () => {};
    const settled = new Promise<Job>((done) => {
      settle = done;
    });
    const job: Job = {
      id,
      kind: spec.kind,
      state: "queued",
      progress: 0,
      ...stepOf({ code: "waiting" }),
      startedBy: spec.startedBy,
      createdAt: this.clock(),
      startedAt: null,
      finishedAt: null,
      error: null,
      result: null,
      file: spec.fileName
        ? { path: this.filePath(id), name: spec.fileName, sizeBytes: null }
        : null,
      streamed: spec.streamed ?? false,
    };
    this.entries.set(id, { job, spec, running: null, settled, settle, chunks: [], wake: null });
    this.pump();
    return job;
  }

  /** Newest first. */
  list(): Job[] {
    return [...this.entries.values()].map((e) => e.job).reverse();
  }

  get(id: string): Job | undefined {
    return this.entries.get(id)?.job;
  }

  /** Resolves when the job has finished, whichever way. */
  finished(id: string): Promise<Job> {
    const entry = this.entries.get(id);
    if (!entry) return Promise.reject(new Error(`no job ${id}`));
    return entry.settled;
  }

  /**
   * Cancels a queued or running job: it is marked cancelled at once and its worker stops
   * (a worker busy inside one SQLite statement stops when that statement returns). A
   * finished job is left as it is.
   */
  cancel(id: string): Job | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.job.state === "queued" || entry.job.state === "running") {
      entry.running?.cancel();
      this.finish(entry, { state: "cancelled", ...stepOf({ code: "cancelled" }) });
    }
    return entry.job;
  }

  /**
   * The output of a streamed job, chunk by chunk as its reader asks: the worker sends at most
   * STREAM_CREDITS chunks ahead. Cancelling the stream cancels the job; a job that fails or is
   * cancelled ends the stream with an error.
   */
  stream(id: string): ReadableStream<Uint8Array> {
    const entry = this.entries.get(id);
    if (!entry?.job.streamed) throw new Error(`job ${id} is not streamed`);
    return chunkStream({
      take: () => entry.chunks.shift(),
      ended: () => {
        const { state, error } = entry.job;
        if (state === "done") return null;
        if (state === "failed" || state === "cancelled") return error ?? `the job was ${state}`;
        return undefined;
      },
      news: () =>
        new Promise<void>((wake) => {
          entry.wake = wake;
        }),
      grant: () => entry.running?.grant(),
      cancel: () => this.cancel(id),
    });
  }

  /** Cancels every job and removes the files (server stop). */
  dispose(): void {
    for (const id of this.entries.keys()) this.cancel(id);
    for (const entry of this.entries.values()) this.removeFile(entry.job);
    this.entries.clear();
  }

  private filePath(id: string): string {
    if (!this.dir) {
      const dir = jobFilesDir(this.sqlite);
      if (dir) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        // Files of a previous run belong to jobs nobody remembers any more.
        for (const name of readdirSync(dir)) {
          if (name.startsWith(FILE_PREFIX)) rmSync(join(dir, name), { force: true });
        }
      }
      this.dir = dir ?? join(tmpdir(), `betting-shop-jobs-${process.pid}`);
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    }
    return join(this.dir, `${FILE_PREFIX}${id}.json`);
  }

  /** Starts queued jobs while slots are free, oldest first. */
  private pump(): void {
    let running = 0;
    for (const e of this.entries.values()) if (e.job.state === "running") running += 1;
    for (const entry of this.entries.values()) {
      if (running >= this.maxRunning) return;
      if (entry.job.state !== "queued") continue;
      running += 1;
      this.run(entry);
    }
  }

  private run(entry: Entry): void {
    const { job, spec } = entry;
    job.state = "running";
    job.startedAt = this.clock();
    Object.assign(job, stepOf({ code: "starting" }));
    const input = job.file ? { ...spec.input, out: job.file.path } : spec.input;
    const listener = (message: WorkerMessage) => {
      if (job.state !== "running") return;
      switch (message.type) {
        case "progress":
          job.progress = Math.min(1, Math.max(0, message.fraction));
          Object.assign(job, stepOf(message.step));
          return;
        case "chunk":
          entry.chunks.push(message.bytes);
          this.wakeReader(entry);
          return;
        case "done":
          if (job.file) job.file.sizeBytes = sizeOf(job.file.path);
          return this.finish(entry, {
            state: "done",
            progress: 1,
            ...stepOf({ code: "done" }),
            result: message.result,
          });
        case "failed":
          return this.finish(entry, {
            state: "failed",
            ...stepOf({ code: "failed" }),
            error: message.message,
          });
        case "cancelled":
          return this.finish(entry, { state: "cancelled", ...stepOf({ code: "cancelled" }) });
      }
    };
    entry.running = isInMemory(this.sqlite)
      ? runInline(this.sqlite, spec.work, input, listener)
      : runInWorker(this.sqlite.filename, spec.work, input, listener);
  }

  private finish(entry: Entry, change: Partial<Job>): void {
    Object.assign(entry.job, change, { finishedAt: this.clock() });
    entry.running = null;
    if (entry.job.state !== "done") this.removeFile(entry.job);
    this.wakeReader(entry);
    entry.settle(entry.job);
    this.forgetOld();
    this.pump();
  }

  private wakeReader(entry: Entry): void {
    const wake = entry.wake;
    entry.wake = null;
    wake?.();
  }

  /** Beyond `keep` finished jobs the oldest are forgotten; beyond `keepFiles` files, removed. */
  private forgetOld(): void {
    const finished = this.list().filter((j) => j.finishedAt !== null);
    for (const job of finished.slice(this.keep)) {
      this.removeFile(job);
      this.entries.delete(job.id);
    }
    const withFiles = finished.filter((j) => j.file?.sizeBytes != null);
    for (const job of withFiles.slice(this.keepFiles)) this.removeFile(job);
  }

  private removeFile(job: Job): void {
    if (!job.file) return;
    rmSync(job.file.path, { force: true });
    rmSync(`${job.file.path}.partial`, { force: true });
    job.file.sizeBytes = null;
  }
}

/** A job's step and its English phrase, always set together. */
function stepOf(step: JobStep): Pick<Job, "step" | "phrase"> {
  return { step, phrase: jobStepPhrase(step) };
}

function isInMemory(sqlite: Database): boolean {
  return !sqlite.filename || sqlite.filename === ":memory:";
}

function sizeOf(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}

const registries = new WeakMap<Database, JobRegistry>();

/** The registry of one database connection, made on first use. */
export function jobsOf(sqlite: Database, options?: JobRegistryOptions): JobRegistry {
  let registry = registries.get(sqlite);
  if (!registry) {
    registry = new JobRegistry(sqlite, options);
    registries.set(sqlite, registry);
  }
  return registry;
}

/** Stops the jobs of a connection, if it has any, and removes their files (server stop). */
export function disposeJobs(sqlite: Database): void {
  registries.get(sqlite)?.dispose();
  registries.delete(sqlite);
}

/**
 * How long a cancelled worker has to stop by itself (its read transaction rolled back and its
 * connection closed, as job-worker.ts does on the cancel flag) before it is terminated: a
 * thread terminated with its connection open would leave its snapshot holding the WAL.
 */
export const CANCEL_GRACE_MS = 2_000;

/** Job workers still running, each with its way to stop (the server's stop waits for them). */
const liveWorkers = new Set<{ stop(): void; over: Promise<void> }>();

/**
 * Cancels every job worker and waits until each has closed its connection and ended, or until
 * `timeoutMs`, after which the rest are terminated (the server's stop, decision 054).
 */
export async function stopJobWorkers(timeoutMs = CANCEL_GRACE_MS): Promise<void> {
  const workers = [...liveWorkers];
  for (const worker of workers) worker.stop();
  const all = Promise.all(workers.map((worker) => worker.over));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((done) => {
    timer = setTimeout(done, timeoutMs);
  });
  await Promise.race([all, late]);
  clearTimeout(timer);
}

/** The work of a job in a worker thread with its own connection to `databasePath`. */
function runInWorker(
  databasePath: string,
  work: WorkRef,
  input: unknown,
  listener: (message: WorkerMessage) => void,
): Running {
  const control = new Int32Array(new SharedArrayBuffer(8));
  control[CREDIT] = STREAM_CREDITS;
  const worker = new Worker(new URL("./job-worker.ts", import.meta.url).href, { smol: true });
  let over = false;
  let ended: () => void = () => {};
  const live = {
    over: new Promise<void>((done) => {
      ended = done;
    }),
    stop: () => cancel(),
  };
  liveWorkers.add(live);
  const end = () => {
    if (over) return;
    over = true;
    worker.terminate();
    liveWorkers.delete(live);
    ended();
  };
  const cancel = () => {
    // The flag ends the work cleanly at its next check (its read transaction rolled back,
    // its connection closed, then its answer ends it); a worker busy inside one long SQLite
    // statement is terminated after CANCEL_GRACE_MS.
    Atomics.store(control, CANCEL, 1);
    Atomics.notify(control, CREDIT);
    if (!over) setTimeout(end, CANCEL_GRACE_MS).unref?.();
  };
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const { type } = event.data;
    if (type === "done" || type === "failed" || type === "cancelled") end();
    listener(event.data);
  };
  worker.onerror = (event) => {
    if (over) return;
    end();
    listener({ type: "failed", message: `the job's worker failed: ${event.message}` });
  };
  worker.postMessage({ databasePath, work, input, control: control.buffer });
  return {
    cancel,
    grant() {
      Atomics.add(control, CREDIT, 1);
      Atomics.notify(control, CREDIT);
    },
  };
}

/** The same work on the server's own connection (an in-memory database), run at once. */
function runInline(
  sqlite: Database,
  work: WorkRef,
  input: unknown,
  listener: (message: WorkerMessage) => void,
): Running {
  let cancelled = false;
  const check = () => {
    if (cancelled) throw new JobCancelled();
  };
  const encoder = new TextEncoder();
  // Deferred, so the caller gets the job back first, as with a worker.
  setTimeout(async () => {
    try {
      const run = await loadWork(work);
      check();
      const result = run({
        sqlite,
        input,
        progress(fraction, step) {
          check();
          listener({ type: "progress", fraction, step });
        },
        emit(chunk) {
          check();
          listener({ type: "chunk", bytes: encoder.encode(chunk) });
        },
      });
      listener({ type: "done", result });
    } catch (err) {
      listener(
        err instanceof JobCancelled
          ? { type: "cancelled" }
          : { type: "failed", message: messageOf(err) },
      );
    }
  }, 0);
  return {
    cancel() {
      cancelled = true;
    },
    grant() {},
  };
}

/** The work a WorkRef names. */
export async function loadWork(work: WorkRef): Promise<JobWork> {
  const mod = (await import(work.module)) as { JOB_WORK?: Record<string, JobWork> };
  const run = mod.JOB_WORK?.[work.name];
  if (!run) throw new Error(`no job work "${work.name}" in ${work.module}`);
  return run;
}

/**
 * Streamed work that is no job (the lists' CSV downloads, issue 13): the same worker, read-only
 * connection, chunk credits and cancel as a streamed job, but nothing to list, cancel by id or
 * remember; any role's download may run it. The stream ends with an error if the work fails.
 * Cancelling the stream (the client went away) stops the worker.
 */
export function streamWork(
  sqlite: Database,
  work: WorkRef,
  input: unknown,
  /** Told, as each chunk arrives, how many wait for the reader (at most STREAM_CREDITS). */
  watch?: (waiting: number) => void,
): ReadableStream<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let end: { error: string | null } | null = null;
  let wake: (() => void) | null = null;
  const listener = (message: WorkerMessage) => {
    if (message.type === "chunk") {
      chunks.push(message.bytes);
      watch?.(chunks.length);
    } else if (message.type === "done") end = { error: null };
    else if (message.type === "failed") end = { error: message.message };
    else if (message.type === "cancelled") end = { error: "cancelled" };
    const woken = wake;
    wake = null;
    woken?.();
  };
  let running: Running | null = null;
  const start = () => {
    running ??= isInMemory(sqlite)
      ? runInline(sqlite, work, input, listener)
      : runInWorker(sqlite.filename, work, input, listener);
    return running;
  };
  return chunkStream({
    begin: start,
    take: () => chunks.shift(),
    ended: () => (end === null ? undefined : end.error),
    news: () =>
      new Promise<void>((resolve) => {
        wake = resolve;
      }),
    grant: () => start().grant(),
    cancel: () => running?.cancel(),
  });
}

/** Where a streamed worker's chunks wait for their reader. */
interface ChunkSource {
  /** Called on the first read (a worker that starts only when the download is read). */
  begin?: () => void;
  /** The next chunk that arrived, if any. */
  take(): Uint8Array | undefined;
  /** undefined while the work runs; null once it is done; why it failed or was cancelled. */
  ended(): string | null | undefined;
  /** Resolves at the worker's next message. */
  news(): Promise<void>;
  /** Lets the worker send one more chunk. */
  grant(): void;
  cancel(): void;
}

/** Open downloads (a CSV, the export), each with its way to end with an error. */
const openStreams = new Set<(reason: string) => void>();

/**
 * Ends every download still streaming with an error (the server's stop, decision 054): the
 * response is cut without its last chunk, so the client sees a failed download, never a file
 * that looks complete but is short. Returns how many were open.
 */
export function abortStreams(reason: string): number {
  const aborts = [...openStreams];
  openStreams.clear();
  for (const abort of aborts) abort(reason);
  return aborts.length;
}

/**
 * The chunks as a byte stream read at the reader's pace: each chunk read grants the worker
 * one more (STREAM_CREDITS ahead at most); cancelling the stream cancels the work, and work
 * that fails or is cancelled ends the stream with an error. abortStreams() ends it too.
 */
function chunkStream(source: ChunkSource): ReadableStream<Uint8Array> {
  let abort: (reason: string) => void = () => {};
  let aborted = false;
  const forget = () => openStreams.delete(abort);
  return new ReadableStream<Uint8Array>(
    {
      start: (controller) => {
        abort = (reason) => {
          if (aborted) return;
          aborted = true;
          forget();
          try {
            controller.error(new Error(reason));
          } catch {
            // already ended
          }
          source.cancel();
        };
        openStreams.add(abort);
      },
      pull: async (controller) => {
        source.begin?.();
        for (;;) {
          if (aborted) return;
          const chunk = source.take();
          if (chunk) {
            controller.enqueue(chunk);
            source.grant();
            return;
          }
          const ended = source.ended();
          if (ended !== undefined) {
            forget();
            return ended === null ? controller.close() : controller.error(new Error(ended));
          }
          await source.news();
        }
      },
      cancel: () => {
        forget();
        source.cancel();
      },
    },
    { highWaterMark: 0 },
  );
}
