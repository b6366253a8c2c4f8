import { describe, expect, test } from "bun:test";
import { availableParallelism } from "node:os";
import { defaultReadWorkers, readEnv } from "./env";

describe("READ_WORKERS (decision 067)", () => {
  test("defaults to one read worker per core, at least 2 and at most 4", () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultReadWorkers(cores))).toEqual([
      2, 2, 3, 4, 4, 4,
    ]);
    expect(readEnv({}).READ_WORKERS).toBe(defaultReadWorkers(availableParallelism()));
  });

  test("a set value wins, 0 included (reads on the request thread)", () => {
    expect(readEnv({ READ_WORKERS: "0" }).READ_WORKERS).toBe(0);
    expect(readEnv({ READ_WORKERS: "6" }).READ_WORKERS).toBe(6);
  });
});
