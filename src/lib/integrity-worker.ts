/**
 * The worker thread of `runIntegrityCheck()` (src/lib/integrity.ts): opens its own read-only
 * connection to the live database file and runs the check there, so the server's thread
 * keeps answering while SQLite reads every page.
 */
import { Database } from "bun:sqlite";
import type { IntegrityCheck } from "../db/client";
import { lowerThisThreadsPriority } from "./background-thread";
import { checkIntegrity } from "./integrity";

declare const self: Worker;

lowerThisThreadsPriority();

self.onmessage = (
  event: MessageEvent<{ databasePath: string; kind: IntegrityCheck; tables?: string[] }>,
) => {
  const { databasePath, kind, tables } = event.data;
  const source = new Database(databasePath, { readonly: true, strict: true });
  try {
    source.run("pragma busy_timeout = 5000");
    postMessage(checkIntegrity(source, kind, tables));
  } finally {
    source.close();
  }
};
