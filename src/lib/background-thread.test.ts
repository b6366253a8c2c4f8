import { describe, expect, test } from "bun:test";
import { getPriority } from "node:os";

describe("background threads", () => {
  test.if(process.platform === "linux")(
    "a background worker runs at nice 10 and leaves the request thread at its own priority",
    async () => {
      const before = getPriority(0);
      const worker = new Worker(
        new URL("./fixtures/background-thread-worker.ts", import.meta.url).href,
      );
      const nice = await new Promise<number>((resolve) => {
        worker.onmessage = (event: MessageEvent<number>) => resolve(event.data);
      });
      worker.terminate();
      expect(nice).toBe(10);
      expect(getPriority(0)).toBe(before);
    },
  );
});
