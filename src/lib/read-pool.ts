/**
 * Reads off the request thread (issue 11). bun:sqlite is synchronous, so a slow query on the
 * server's one JavaScript thread would hold every other request, /healthz included. The pool
 * keeps a few Bun workers (src/lib/read-worker.ts), each with its own read-only connection
 * (WAL lets readers run beside the writer); the request thread checks access and validates,
 * then hands the read to an idle worker and answers when it replies. A slow read delays only
 * its own caller. Writes stay on the request thread (one writer, src/lib/group-commit.ts).
 */
import type { ContractName } from "../domain/contracts";
import type { Actor, SessionUser } from "./context";
import { AppError, type ErrorCode } from "./errors";
import { log } from "./logger";

/**
 * Reads that stay on the request thread: they stream, answer from the request thread's memory
 * (background jobs, the API document, the live-update stream), or are cheap and about the
 * request itself (the session's user, settings, health). Every other read runs in a worker;
 * src/lib/read-pool.test.ts compares each one's answers both ways.
 */
export const REQUEST_THREAD_READS: ReadonlySet<ContractName> = new Set<ContractName>([
  "currentUser",
  "settings",
  "health",
  "events",
  "openapi",
  "docs",
  "docsScript",
  // Background jobs (src/lib/jobs.ts) live on the request thread and run in their own workers
  // (starting and cancelling one are not reads: only GETs ever go to the pool).
  "listJobs",
  "getJob",
  "downloadJob",
  "ledgerCheck",
  // The books indicator says whether a check (a job) is running.
  "booksStatus",
  "exportAllData",
]);

/** What a worker needs to run one read handler: everything the request thread parsed. */
export interface ReadRequest {
  name: ContractName;
  params: unknown;
  query: unknown;
  body: unknown;
  actor: Actor | null;
  /** The caller's customer as implement() resolved it from the contract's scope. */
  own: number | null;
  user: SessionUser | null;
  sessionId: string | null;
  requestId: string;
  now: number;
}

export type ReadReply =
  | { id: number; ok: true; reply: unknown; headers: [string, string][] }
  | {
      id: number;
      ok: false;
      error: {
        code?: ErrorCode;
        message: string;
        fields?: Record<string, string>;
        headers?: Record<string, string>;
        stack?: string;
      };
    };

/**
 * A worker's start: its database file, the settings its handlers read (WorkerSettings in
 * src/lib/http.ts: the request thread's Deps without its handles, which this file does not
 * need to know, so that Deps may name the pool without a loop of imports) and its endpoints.
 */
/** Asks a worker to close its connection; it answers "closed". */
export interface WorkerClose {
  type: "close";
}

export interface WorkerInit<Settings = object> {
  type: "init";
  path: string;
  settings: Settings;
  /** The URL of the module whose `moduleEndpoints` the worker runs (src/endpoints.ts). */
  endpoints: string;
}

/**
 * Reads that look up one thing by its key: always a few index seeks. They may take any idle
 * worker; every other read (lists, searches, reports) leaves one worker free for them, so a
 * counter's customer lookup never queues behind four heavy searches.
 */
export const LIGHT_READS: ReadonlySet<ContractName> = new Set<ContractName>([
  "getUser",
  "getCustomer",
  "customerStats",
  "getShop",
  "getBet",
  "getBetSlip",
  "findSlip",
  "currentShift",
  "getShift",
  "counts",
  "listAlerts",
  "integrityStatus",
]);

/**
 * A read dropped because its caller went away (the request was aborted): not a fault of
 * the server, so it is logged at info, not as an unhandled error (src/app.ts).
 */
export class CallerGoneError extends Error {
  constructor() {
    super("The caller went away");
    this.name = "CallerGoneError";
  }
}

type Answer = { reply: unknown; headers: [string, string][] };

interface Job {
  id: number;
  request: ReadRequest;
  light: boolean;
  resolve: (value: Answer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Loaded and connected: it said "ready". */
  ready: boolean;
  /** The read it is running, if any. */
  job: Job | null;
  /** Told when the worker has closed its connection (the pool's close). */
  closed?: () => void;
}

export class ReadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly path: string,
    size: number,
    private readonly settings: object,
    /**
     * The URL of the module listing the endpoints (src/endpoints.ts, ENDPOINTS_MODULE): given
     * by the app, so that this layer imports no module of the layers above it.
     */
    private readonly endpoints: string,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /**
   * Whether the GET `name` runs in a worker (every one but REQUEST_THREAD_READS). While no worker
   * has started (or if none can), reads run on the request thread as without a pool.
   */
  serves(name: ContractName): boolean {
    return !REQUEST_THREAD_READS.has(name) && this.slots.some((slot) => slot.ready);
  }

  /**
   * Runs one read in an idle worker (or queues it) and resolves with the handler's reply.
   * When `signal` aborts (the caller went away), a queued read is dropped and a running one
   * stopped: its worker is replaced, so an abandoned search stops costing CPU.
   */
  run(request: ReadRequest, signal?: AbortSignal): Promise<Answer> {
    if (this.closed) return Promise.reject(new Error("The read pool is closed"));
    return new Promise<Answer>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        request,
        light: LIGHT_READS.has(request.name),
        resolve,
        reject,
      };
      if (signal) {
        if (signal.aborted) return reject(new CallerGoneError());
        signal.addEventListener("abort", () => this.abandon(job), { once: true });
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Reads waiting for a worker (for the health page and the benchmark). */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Stops the pool: queued reads fail, each worker is asked to close its connection (after the
   * read it is running, if any) and is terminated once it has, or after `timeoutMs`. A worker
   * terminated with its connection open would keep the WAL from being merged at the server's
   * stop (decision 054).
   */
  async close(timeoutMs = 2_000): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const closedError = new Error("The read pool closed");
    for (const job of this.queue.splice(0)) job.reject(closedError);
    const slots = [...this.slots];
    const closing = slots.map(
      (slot) =>
        new Promise<void>((done) => {
          if (!slot.ready) return done();
          slot.closed = done;
          slot.worker.postMessage({ type: "close" });
        }),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((done) => {
      timer = setTimeout(done, timeoutMs);
    });
    await Promise.race([Promise.all(closing), late]);
    clearTimeout(timer);
    for (const slot of slots) {
      slot.worker.terminate();
      slot.job?.reject(closedError);
      slot.job = null;
    }
  }

  private spawn(): Slot {
    // smol: a smaller heap, collected sooner; a read's garbage is short-lived (decision 067).
    const worker = new Worker(new URL("./read-worker.ts", import.meta.url).href, { smol: true });
    const slot: Slot = { worker, ready: false, job: null };
    worker.postMessage({
      type: "init",
      path: this.path,
      settings: this.settings,
      endpoints: this.endpoints,
    } as WorkerInit);
    worker.onmessage = (event: MessageEvent<ReadReply | "ready" | "closed">) => {
      if (event.data === "closed") {
        slot.closed?.();
        return;
      }
      if (event.data === "ready") {
        slot.ready = true;
      } else if (slot.job?.id === event.data.id) {
        const job = slot.job;
        slot.job = null;
        settle(job, event.data);
      }
      this.dispatch();
    };
    worker.onerror = (event) => {
      // The worker died: its read fails (500), and a fresh worker takes its place, unless it
      // never started (then the others, or the request thread, carry the reads).
      slot.job?.reject(new Error(`Read worker failed: ${event.message}`));
      slot.job = null;
      if (!slot.ready) log.error("read worker failed to start", { error: event.message });
      this.replace(slot, slot.ready);
    };
    return slot;
  }

  /** Stops `slot`'s worker; a fresh one takes its place when `respawn`. */
  private replace(slot: Slot, respawn: boolean): void {
    slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    if (respawn && !this.closed) {
      this.slots[index] = this.spawn();
    } else {
      this.slots.splice(index, 1);
    }
    if (this.slots.length === 0) {
      // With no worker left, queued reads fail (500) rather than wait forever.
      for (const job of this.queue.splice(0)) job.reject(new Error("No read worker could start"));
    }
    this.dispatch();
  }

  private abandon(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
    } else {
      const slot = this.slots.find((s) => s.job === job);
      if (!slot) return;
      slot.job = null;
      this.replace(slot, true);
    }
    job.reject(new CallerGoneError());
  }

  private dispatch(): void {
    const ready = this.slots.filter((slot) => slot.ready);
    let heavyRunning = ready.filter((slot) => slot.job && !slot.job.light).length;
    for (const slot of ready) {
      if (slot.job) continue;
      // Heavy reads leave one worker for light ones (when there are at least two).
      const heavyAllowed = ready.length < 2 || heavyRunning < ready.length - 1;
      const index = this.queue.findIndex((job) => job.light || heavyAllowed);
      if (index === -1) return;
      const [job] = this.queue.splice(index, 1) as [Job];
      if (!job.light) heavyRunning++;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, request: job.request });
    }
  }
}

function settle(job: Job, message: ReadReply): void {
  if (message.ok) {
    job.resolve({ reply: message.reply, headers: message.headers });
    return;
  }
  const { code, message: text, fields, headers, stack } = message.error;
  if (code) {
    job.reject(new AppError(code, text, fields, headers));
    return;
  }
  const err = new Error(text);
  if (stack) err.stack = stack;
  job.reject(err);
}
