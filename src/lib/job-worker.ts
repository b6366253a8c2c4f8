/**
 * The worker thread of a background job (src/lib/jobs.ts): opens its own read-only
 * connection to the database file, runs the named work with hooks that post progress and
 * output chunks back, and answers done, failed or cancelled. The shared control block
 * carries the cancel flag and the reader's credits: with none left, `emit` waits (the
 * export never runs further ahead of its download than a couple of chunks).
 */
import { Database } from "bun:sqlite";
import { lowerThisThreadsPriority } from "./background-thread";
import { messageOf } from "./errors";
import {
  CANCEL,
  CREDIT,
  JobCancelled,
  type JobContext,
  loadWork,
  type WorkerMessage,
  type WorkRef,
} from "./jobs";

declare const self: Worker;

lowerThisThreadsPriority();

/** Progress is posted at most this often (ms), and always at 100 %. */
const PROGRESS_EVERY_MS = 100;

interface StartMessage {
  databasePath: string;
  work: WorkRef;
  input: unknown;
  control: SharedArrayBuffer;
}

const post = (message: WorkerMessage, transfer?: ArrayBuffer[]) =>
  transfer ? self.postMessage(message, transfer) : self.postMessage(message);

self.onmessage = async (event: MessageEvent<StartMessage>) => {
  const { databasePath, work, input, control: buffer } = event.data;
  const control = new Int32Array(buffer);
  const check = () => {
    if (Atomics.load(control, CANCEL) !== 0) throw new JobCancelled();
  };
  let sqlite: Database | null = null;
  let answer: WorkerMessage;
  try {
    const run = await loadWork(work);
    // The same options as the server's connection (strict named parameters); the file is
    // in WAL mode already, so this reader sees one snapshot while the writer carries on.
    sqlite = new Database(databasePath, { readonly: true, strict: true });
    sqlite.run("pragma busy_timeout = 5000");
    const encoder = new TextEncoder();
    let lastPost = 0;
    const ctx: JobContext = {
      sqlite,
      input,
      progress(fraction, step) {
        check();
        const now = Date.now();
        if (fraction < 1 && now - lastPost < PROGRESS_EVERY_MS) return;
        lastPost = now;
        post({ type: "progress", fraction, step });
      },
      emit(chunk) {
        // Wait for the reader to take a chunk (or for a cancel, which also notifies).
        for (;;) {
          check();
          if (Atomics.load(control, CREDIT) > 0) break;
          Atomics.wait(control, CREDIT, 0, 1000);
        }
        Atomics.sub(control, CREDIT, 1);
        const bytes = encoder.encode(chunk);
        post({ type: "chunk", bytes }, [bytes.buffer]);
      },
    };
    answer = { type: "done", result: run(ctx) };
  } catch (err) {
    answer =
      err instanceof JobCancelled
        ? { type: "cancelled" }
        : { type: "failed", message: messageOf(err) };
  }
  // Closed before answering: the main thread ends this worker on the answer.
  sqlite?.close();
  post(answer);
};
