/**
 * The data folder must be writable by the server's user before anything opens the database
 * (issue 22 item 7, decision 061). A container's volume mounted from a root-owned host folder
 * is the usual case: SQLite would say only "unable to open database file". This says which
 * folder, which user, who owns it, and what to do, in the one line of a refused start.
 */
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** Thrown when the database's folder or file cannot be written; the message is the one line. */
export class DataDirNotWritable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataDirNotWritable";
  }
}

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, "0");

function whoOwns(path: string): string {
  try {
    const s = statSync(path);
    return `owner uid ${s.uid}, mode ${octal(s.mode)}`;
  } catch {
    return "cannot be inspected";
  }
}

/** null when writable, else the error code (EACCES, EROFS...). */
function notWritable(path: string, mode: number): string | null {
  try {
    accessSync(path, mode);
    return null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? "error";
  }
}

const uid = () => process.getuid?.() ?? "unknown";

/**
 * Creates the folder of `databasePath` (0700) when it is missing and checks that this process
 * may create files in it, and write the database file when it exists: throws
 * DataDirNotWritable with a message such as "DATABASE_PATH /app/data/betting-shop.db: the
 * folder /app/data is not writable by uid 1000 (owner uid 0, mode 0755); chown it to uid 1000
 * or mount a writable volume". ":memory:" has no folder.
 */
export function ensureWritableDataDir(databasePath: string): void {
  if (databasePath === ":memory:") return;
  const folder = dirname(resolve(databasePath));
  const what = `DATABASE_PATH ${databasePath}`;
  const fix = `chown it to uid ${uid()} or mount a writable volume`;
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "error";
    if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
      throw new DataDirNotWritable(
        `${what}: the folder ${folder} cannot be created by uid ${uid()} (${code}); create it writable for uid ${uid()} or mount a writable volume there`,
      );
    }
    throw new DataDirNotWritable(`${what}: the folder ${folder} cannot be created (${code})`);
  }
  if (!statSync(folder).isDirectory()) {
    throw new DataDirNotWritable(`${what}: ${folder} is not a folder`);
  }
  const folderCode = notWritable(folder, constants.W_OK | constants.X_OK);
  if (folderCode === "EROFS") {
    throw new DataDirNotWritable(
      `${what}: the folder ${folder} is on a read-only filesystem; mount a writable volume there`,
    );
  }
  if (folderCode) {
    throw new DataDirNotWritable(
      `${what}: the folder ${folder} is not writable by uid ${uid()} (${whoOwns(folder)}); ${fix}`,
    );
  }
  const file = resolve(databasePath);
  let exists = true;
  try {
    statSync(file);
  } catch {
    exists = false;
  }
  if (exists && notWritable(file, constants.R_OK | constants.W_OK)) {
    throw new DataDirNotWritable(
      `${what}: the file is not writable by uid ${uid()} (${whoOwns(file)}); ${fix}`,
    );
  }
}
