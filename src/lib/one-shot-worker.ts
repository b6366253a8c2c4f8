/**
 * One message to a worker of its own and its one answer (backups, integrity checks): the
 * worker is terminated afterwards whatever happened. Rejects when the worker fails or
 * `signal` aborts (with the abort's reason).
 */
export async function runInWorker<T>(url: URL, message: unknown, signal?: AbortSignal): Promise<T> {
  signal?.throwIfAborted();
  const worker = new Worker(url.href);
  try {
    return await new Promise<T>((done, fail) => {
      worker.onmessage = (event: MessageEvent<T>) => done(event.data);
      worker.onerror = (event) => fail(new Error(event.message));
      signal?.addEventListener("abort", () => fail(signal.reason), { once: true });
      worker.postMessage(message);
    });
  } finally {
    worker.terminate();
  }
}
