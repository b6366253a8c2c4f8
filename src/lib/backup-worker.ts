/**
 * The worker thread of `backupDatabase()` (src/lib/backup.ts): opens its own connection to
 * the live database file and runs `writeBackup()`, so the server's thread keeps answering.
 */
import { Database } from "bun:sqlite";
import { writeBackup } from "./backup";

declare const self: Worker;

self.onmessage = (event: MessageEvent<{ databasePath: string; out: string }>) => {
  const { databasePath, out } = event.data;
  const source = new Database(databasePath, { readwrite: true, create: false, strict: true });
  try {
    source.run("pragma busy_timeout = 5000");
    postMessage(writeBackup(source, out));
  } finally {
    source.close();
  }
};
