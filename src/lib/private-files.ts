/**
 * Private files (issue 25, decision 045). The database, its WAL and SHM and every backup hold
 * the password hashes and the key that signs bet-slip codes: nobody but the server's own user
 * may read them. The server and every script set a umask of 0o077 before they create anything
 * (folders come out 0700, files 0600; SQLite gives the WAL and SHM the database file's mode),
 * and at start the server takes the group and other bits off what an older version, a copy or
 * an operator left readable, saying what it changed.
 */
import { chmodSync, existsSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, parse, resolve } from "node:path";
import { messageOf } from "./errors";
import { log } from "./logger";

/** No permission bits for group or others on anything created from here on. */
export const PRIVATE_UMASK = 0o077;

/** Sets the process's umask to PRIVATE_UMASK (workers share it); first thing at start. */
export function setPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/** What making a set of paths private came to: one entry per path changed or left open. */
export interface PrivateReport {
  /** "data/betting-shop.db 0644 -> 0600" */
  changed: string[];
  /** "data/betting-shop.db: EPERM ..." or why a folder was left as it is. */
  leftOpen: string[];
}

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, "0");

/**
 * A folder that is shared by design: the filesystem root, /tmp-like sticky folders, the home
 * folder and the working directory (DATABASE_PATH=shop.db). Taking others' access off those
 * would break other software; the files inside are made private all the same.
 */
function sharedFolder(path: string, mode: number): boolean {
  const full = resolve(path);
  return (
    (mode & 0o1000) !== 0 ||
    full === parse(full).root ||
    full === resolve(homedir()) ||
    full === resolve(process.cwd())
  );
}

/** Takes the group and other bits off one path, noting the change or why it cannot be made. */
function tighten(path: string, report: PrivateReport, folder: boolean): void {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch {
    return; // gone meanwhile (a WAL at checkpoint): nothing to protect
  }
  if ((mode & 0o077) === 0) return;
  if (folder && sharedFolder(path, mode)) {
    report.leftOpen.push(
      `${path} (${octal(mode)}): a shared folder, left as it is; its database files are private, but give them a folder of their own`,
    );
    return;
  }
  const wanted = mode & 0o7700;
  try {
    chmodSync(path, wanted);
    report.changed.push(`${path} ${octal(mode)} -> ${octal(wanted)}`);
  } catch (err) {
    report.leftOpen.push(`${path} (${octal(mode)}): ${messageOf(err)}`);
  }
}

/**
 * Makes the database (its folder, the file, its WAL, SHM and journal) and the backup folder
 * (and the files in it) private where others may read them. Paths that do not exist yet are
 * skipped: they will be created private.
 */
export function makeDataPrivate(databasePath: string, backupDir: string | null): PrivateReport {
  const report: PrivateReport = { changed: [], leftOpen: [] };
  if (databasePath && databasePath !== ":memory:") {
    tighten(dirname(databasePath), report, true);
    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      if (existsSync(`${databasePath}${suffix}`)) {
        tighten(`${databasePath}${suffix}`, report, false);
      }
    }
  }
  if (backupDir && existsSync(backupDir)) {
    tighten(backupDir, report, true);
    let names: string[] = [];
    try {
      names = readdirSync(backupDir);
    } catch (err) {
      report.leftOpen.push(`${backupDir}: cannot list it (${messageOf(err)})`);
    }
    for (const name of names) {
      const path = join(backupDir, name);
      try {
        if (statSync(path).isFile()) tighten(path, report, false);
      } catch {
        // removed meanwhile
      }
    }
  }
  return report;
}

/** makeDataPrivate, with one log line for what changed and one warning for what could not. */
export function makeDataPrivateAndSay(databasePath: string, backupDir: string | null): void {
  const report = makeDataPrivate(databasePath, backupDir);
  if (report.changed.length > 0) {
    log.warn("made private: others could read these files, now only this user can", {
      changed: report.changed,
    });
  }
  if (report.leftOpen.length > 0) {
    log.warn("could not make private: others may still read these", {
      leftOpen: report.leftOpen,
    });
  }
}
