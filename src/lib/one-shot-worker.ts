/**
 * One message to a worker of its own and its one answer (backups, integrity checks): the
 * worker is terminated afterwards whatever happened. Rejects when the worker fails or
 * `signal` aborts (with the abort's reason).
 */
export async function runInWorker<T>(url: URL, message: unknown, signal?: AbortSignal): Promise<T> {
  signal?.throwIfAborted();
  const worker = new Worker(url.href);
  const answered = new Promise<T>((done, fail) => {
    worker.onmessage = (event: MessageEvent<T>) => done(event.data);
    worker.onerror = (event) => fail(new Error(event.message));
    signal?.addEventListener("abort", () => fail(signal.reason), { once: true });
    worker.postMessage(message);
  });
  const settled = answered.then(
    () => undefined,
    () => undefined,
  );
  running.add(settled);
  try {
    return await answered;
  } finally {
    running.delete(settled);
    worker.terminate();
  }
}

/** The one-shot workers still at work (a backup, an integrity check). */
const running = new Set<Promise<void>>();

/**
 * Waits, for up to `ms`, until no one-shot worker is at work; true when none is. The clean
 * stop waits here so that a backup or an integrity check in progress ends and closes its own
 * connection before the WAL is merged (decision 054), rather than being cut off mid-file.
 */
export async function oneShotWorkersDone(ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (running.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await Promise.race([Promise.all(running), Bun.sleep(left)]);
  }
  return true;
}
