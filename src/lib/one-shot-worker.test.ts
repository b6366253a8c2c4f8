import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { oneShotWorkersDone, runInWorker } from "./one-shot-worker";

const GATED = new URL("./fixtures/gated-worker.ts", import.meta.url);
const gates = mkdtempSync(join(tmpdir(), "one-shot-"));
afterAll(() => rmSync(gates, { recursive: true, force: true }));

describe("one-shot workers at the stop", () => {
  test("the stop's wait ends only once a worker at work has answered", async () => {
    const gate = join(gates, "open");
    const answer = runInWorker<string>(GATED, gate);
    // At work: a wait of no time finds it still running.
    expect(await oneShotWorkersDone(0)).toBe(false);
    writeFileSync(gate, "");
    expect(await oneShotWorkersDone(30_000)).toBe(true);
    expect(await answer).toBe("done");
  });

  test("a worker that failed or was aborted no longer counts as at work", async () => {
    const gate = join(gates, "never");
    const aborter = new AbortController();
    const answer = runInWorker<string>(GATED, gate, aborter.signal);
    aborter.abort(new Error("stopped"));
    await expect(answer).rejects.toThrow("stopped");
    expect(await oneShotWorkersDone(0)).toBe(true);
  });
});
