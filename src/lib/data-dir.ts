/**
 * The data folder must be writable by the server's user before anything opens the database
 * (issue 22 item 7, decision 061). A container's volume mounted from a root-owned host folder
 * is the usual case: SQLite would say only "unable to open database file". This says which
 * folder, which user, who owns it, and what to do, in the one line of a refused start. So is
 * a DATABASE_PATH that names a folder or a file that is not SQLite's.
 */
import {
  accessSync,
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readSync,
  type Stats,
  statSync,
} from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * Thrown when DATABASE_PATH names something that is not a database: a folder, or a file that
 * does not begin as SQLite's do (an empty file is fine: SQLite makes it a database). Said
 * before anything is locked or made private: SQLite would say only "unable to open database
 * file" or "file is not a database", and the start first took others' access off that folder
 * or file.
 */
export class NotADatabase extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotADatabase";
  }
}

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
 * or mount a writable volume". ":memory:" has no folder. Then that the path is a database:
 * throws NotADatabase when it is a folder ("DATABASE_PATH /srv/shop: is a folder, not a
 * database file") or a file that is not empty and not SQLite ("DATABASE_PATH /srv/shop.csv:
 * not a SQLite database"), touching neither.
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
  let stats: Stats | null = null;
  try {
    stats = statSync(file);
  } catch {
    stats = null;
  }
  if (stats === null) return;
  if (stats.isDirectory()) throw new NotADatabase(`${what}: is a folder, not a database file`);
  if (notWritable(file, constants.R_OK | constants.W_OK)) {
    throw new DataDirNotWritable(
      `${what}: the file is not writable by uid ${uid()} (${whoOwns(file)}); ${fix}`,
    );
  }
  if (!stats.isFile()) throw new NotADatabase(`${what}: not a file, so not a SQLite database`);
  if (stats.size > 0 && !hasSqliteHeader(file)) {
    throw new NotADatabase(`${what}: not a SQLite database`);
  }
}

/** What every SQLite database file begins with (its first 16 bytes). */
const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");

/** Whether the file begins as a SQLite database does. */
function hasSqliteHeader(file: string): boolean {
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, "r");
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}
