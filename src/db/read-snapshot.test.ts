import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSnapshot } from "./client";

let dir: string;
let reader: Database;
let writer: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "snapshot-"));
  writer = new Database(join(dir, "db.sqlite"));
  writer.run("pragma journal_mode = wal");
  writer.run("create table t (n integer)");
  writer.run("insert into t values (1)");
  reader = new Database(join(dir, "db.sqlite"));
});
afterEach(() => {
  reader.close();
  writer.close();
  rmSync(dir, { recursive: true, force: true });
});

const total = () => (reader.query("select count(*) as n from t").get() as { n: number }).n;

describe("readSnapshot", () => {
  test("every query inside sees one snapshot while another connection writes", () => {
    const seen = readSnapshot(reader, () => {
      const before = total();
      writer.run("insert into t values (2)");
      return [before, total()];
    });
    expect(seen).toEqual([1, 1]);
    expect(total()).toBe(2);
    expect(reader.inTransaction).toBe(false);
  });

  test("ends the transaction when the callback throws or is async", () => {
    expect(() =>
      readSnapshot(reader, () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(reader.inTransaction).toBe(false);
    expect(() => readSnapshot(reader, () => Promise.resolve(1))).toThrow("must be synchronous");
    expect(reader.inTransaction).toBe(false);
  });
});
