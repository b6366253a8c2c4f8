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
import type { Deps } from "./http";
import { log } from "./logger";

/**
 * Reads that stay on the request thread: they stream, answer from the request thread's memory
 * (background jobs, the API document, the live-update stream), or are cheap and about the
 * request itself (the session's user, settings, health). Every other read runs in a worker;
 * src/lib/read-pool.test.ts compares each one's answers both ways.
 */
export const REQUEST_THREAD_READS: ReadonlySet<string> = new Set<string>([
  "currentUser",
  "settings",
  "health",
  "events",
  "openapi",
  "docs",
  "docsScript",
  // Background jobs (src/lib/jobs.ts) live on the request thread and run in their own workers.
  "listJobs",
  "getJob",
  "downloadJob",
  "ledgerCheck",
  "exportAllData",
]);

/** What a worker needs to run one read handler: everything the request thread parsed. */
export interface ReadRequest {
  name: ContractName;
  params: unknown;
  query: unknown;
  body: unknown;
  actor: Actor | null;
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

/** The settings a worker's handlers may read (the request thread's Deps without its handles). */
export type WorkerSettings = Omit<Deps, "db" | "sqlite" | "clock" | "readPool">;

export interface WorkerInit {
  type: "init";
  path: string;
  settings: WorkerSettings;
}

interface Pending {
  resolve: (value: { reply: unknown; headers: [string, string][] }) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Loaded and connected: it said "ready". */
  ready: boolean;
  /** The request it is running, if any. */
  busy: number | null;
}

export class ReadPool {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly queue: { id: number; request: ReadRequest }[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly path: string,
    size: number,
    private readonly settings: WorkerSettings,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /**
   * Whether `name` runs in a worker (every read but REQUEST_THREAD_READS). While no worker
   * has started (or if none can), reads run on the request thread as without a pool.
   */
  serves(name: ContractName): boolean {
    return !REQUEST_THREAD_READS.has(name) && this.slots.some((slot) => slot.ready);
  }

  /** Runs one read in the first idle worker (or queues it); resolves with the handler's reply. */
  run(request: ReadRequest): Promise<{ reply: unknown; headers: [string, string][] }> {
    if (this.closed) return Promise.reject(new Error("The read pool is closed"));
    const id = this.nextId++;
    const promise = new Promise<{ reply: unknown; headers: [string, string][] }>(
      (resolve, reject) => this.pending.set(id, { resolve, reject }),
    );
    this.queue.push({ id, request });
    this.dispatch();
    return promise;
  }

  /** Reads waiting for a worker (for the health page and the benchmark). */
  get waiting(): number {
    return this.queue.length;
  }

  close(): void {
    this.closed = true;
    for (const slot of this.slots) slot.worker.terminate();
    for (const { reject } of this.pending.values()) reject(new Error("The read pool closed"));
    this.pending.clear();
    this.queue.length = 0;
  }

  private spawn(): Slot {
    const worker = new Worker(new URL("./read-worker.ts", import.meta.url).href);
    const slot: Slot = { worker, ready: false, busy: null };
    worker.postMessage({ type: "init", path: this.path, settings: this.settings } as WorkerInit);
    worker.onmessage = (event: MessageEvent<ReadReply | "ready">) => {
      if (event.data === "ready") {
        slot.ready = true;
      } else {
        slot.busy = null;
        this.settle(event.data);
      }
      this.dispatch();
    };
    worker.onerror = (event) => {
      // The worker died: its read fails (500), and a fresh worker takes its place, unless it
      // never started (then the others, or the request thread, carry the reads).
      const id = slot.busy;
      slot.busy = null;
      if (id !== null) this.fail(id, new Error(`Read worker failed: ${event.message}`));
      worker.terminate();
      const index = this.slots.indexOf(slot);
      if (!slot.ready) {
        log.error("read worker failed to start", { error: event.message });
        this.slots.splice(index, 1);
        this.requeueIfNoWorkers();
        return;
      }
      if (this.closed) return;
      this.slots[index] = this.spawn();
      this.dispatch();
    };
    return slot;
  }

  /** With no worker left, queued reads fail (500) rather than wait forever. */
  private requeueIfNoWorkers(): void {
    if (this.slots.length > 0) return;
    for (const { id } of this.queue.splice(0)) {
      this.fail(id, new Error("No read worker could start"));
    }
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.busy !== null) continue;
      const next = this.queue.shift();
      if (!next) return;
      slot.busy = next.id;
      slot.worker.postMessage({ id: next.id, request: next.request });
    }
  }

  private settle(message: ReadReply): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.ok) {
      pending.resolve({ reply: message.reply, headers: message.headers });
      return;
    }
    const { code, message: text, fields, headers, stack } = message.error;
    if (code) {
      pending.reject(new AppError(code, text, fields, headers));
      return;
    }
    const err = new Error(text);
    if (stack) err.stack = stack;
    pending.reject(err);
  }

  private fail(id: number, err: Error): void {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    pending?.reject(err);
  }
}
