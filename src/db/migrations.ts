/**
 * What the migration files are, and whether a database's applied migrations match them
 * (decision 055). Drizzle's migrator (drizzle-orm/sqlite-core/dialect.js) records each
 * migration it applies in `__drizzle_migrations` as (hash, created_at): the sha256 of the
 * file's text and the journal's `when`. It then applies only files whose `when` is later than
 * the last applied one, so an edited file, a file slipped in before the last applied one, or
 * a database migrated by a newer version all go unnoticed: the server starts and answers 500s.
 * checkAppliedMigrations finds each of them before the migrator runs.
 */
import type { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const MIGRATIONS_FOLDER = join(import.meta.dir, "../../drizzle");

export interface MigrationFile {
  tag: string;
  /** The journal's `when`: what drizzle stores as created_at. */
  when: number;
  /** sha256 of the file's text, as drizzle computes and stores it. */
  hash: string;
}

/** sha256 of a migration's SQL exactly as drizzle hashes it (readMigrationFiles). */
export function migrationHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

const filesCache = new Map<string, MigrationFile[]>();

/** The journal's migrations in order, each with its file's hash (read once per folder). */
export function migrationFiles(folder = MIGRATIONS_FOLDER): MigrationFile[] {
  const cached = filesCache.get(folder);
  if (cached) return cached;
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const files = journal.entries.map((e) => ({
    tag: e.tag,
    when: e.when,
    hash: migrationHash(readFileSync(join(folder, `${e.tag}.sql`)).toString()),
  }));
  filesCache.set(folder, files);
  return files;
}

export interface MigrationMismatch {
  /** Applied from a different text than the file's now: a released migration was edited. */
  edited: string[];
  /** Files older than the last applied migration that were never applied (drizzle skips them). */
  skipped: string[];
  /** Applied migrations no file has: a newer version migrated this database (when, hash). */
  unknown: { when: number; hash: string }[];
}

export interface MigrationState {
  /** Files not applied yet, newer than the last applied one: the migrator will apply them. */
  pending: string[];
  /** Null when the applied migrations match the files. */
  mismatch: MigrationMismatch | null;
}

/**
 * Another text a landed migration was applied from, and is still that migration: 0028 was
 * edited on main after it landed (its dead-heat CHECKs made exact) and then restored, the
 * exact shape moving to 0029's triggers. A database migrated with the edited text holds the
 * exact CHECKs, which accept what 0028 and 0029 together accept: it is not a mismatch.
 */
const ALSO_APPLIED_AS: Readonly<Record<string, readonly string[]>> = {
  "0028_dead_heat_rule4": ["e3d2419674d1ffb620ece94b037bc50a3b514b4b0d7dd2296826d88e8d2287f1"],
};

/**
 * The tables of another application in a file without `__drizzle_migrations` (at most five
 * of their names), or null: a new file, or one of ours. SQLite's own tables and Litestream's
 * do not count. Migrating such a file would write this schema and an admin into it.
 */
export function foreignTables(sqlite: Database): string[] | null {
  const names = sqlite
    .query(
      `select name from sqlite_master where type = 'table'
         and name not like 'sqlite!_%' escape '!' and name not like '!_litestream!_%' escape '!'
       order by name`,
    )
    .values()
    .map(([name]) => String(name));
  if (names.length === 0 || names.includes("__drizzle_migrations")) return null;
  return names.slice(0, 5);
}

/**
 * Compares the database's `__drizzle_migrations` (one row per applied migration: a few dozen
 * rows) with the files. A database without the table (a new file) has everything pending.
 */
export function checkAppliedMigrations(
  sqlite: Database,
  files: MigrationFile[] = migrationFiles(),
): MigrationState {
  const hasTable = sqlite
    .query("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get();
  const applied = hasTable
    ? (
        sqlite.query("select hash, created_at from __drizzle_migrations").values() as [
          string,
          number | string,
        ][]
      ).map(([hash, when]) => ({ hash, when: Number(when) }))
    : [];
  const byWhen = new Map(files.map((f) => [f.when, f]));
  const appliedWhens = new Set(applied.map((a) => a.when));
  const last = applied.reduce((max, a) => Math.max(max, a.when), Number.NEGATIVE_INFINITY);
  const edited: string[] = [];
  const unknown: MigrationMismatch["unknown"] = [];
  for (const row of applied) {
    const file = byWhen.get(row.when);
    if (!file) unknown.push(row);
    else if (file.hash !== row.hash && !ALSO_APPLIED_AS[file.tag]?.includes(row.hash)) {
      edited.push(file.tag);
    }
  }
  const skipped = files.filter((f) => f.when < last && !appliedWhens.has(f.when)).map((f) => f.tag);
  const pending = files.filter((f) => f.when > last).map((f) => f.tag);
  unknown.sort((a, b) => a.when - b.when);
  const ok = edited.length === 0 && skipped.length === 0 && unknown.length === 0;
  return { pending, mismatch: ok ? null : { edited, skipped, unknown } };
}

/** One paragraph naming every mismatch and what to do about it. */
export function describeMismatch(subject: string, m: MigrationMismatch): string {
  const parts: string[] = [];
  if (m.unknown.length > 0) {
    const named = m.unknown
      .map((u) => `one dated ${new Date(u.when).toISOString()} (sha256 ${u.hash.slice(0, 12)})`)
      .join(", ");
    parts.push(
      `it has ${m.unknown.length} migration(s) this version does not ship, so a newer version migrated it: ${named}. Run that newer version on it, or restore a backup taken before the upgrade`,
    );
  }
  if (m.edited.length > 0) {
    parts.push(
      `migration(s) ${m.edited.join(", ")} were applied from a different text than this version's files (the files were edited after release), so its tables may lack what they create. Run the version that created it, or restore a backup whose migrations match (bun run restore checks them)`,
    );
  }
  if (m.skipped.length > 0) {
    parts.push(
      `migration(s) ${m.skipped.join(", ")} were never applied although later ones were, and the migrator never applies a migration older than the last one applied. Restore a backup whose migrations match (bun run restore checks them)`,
    );
  }
  return `${subject} does not match this version's migrations: ${parts.join("; ")}.`;
}

/** Thrown by openDatabase before any migration runs. */
export class MigrationMismatchError extends Error {
  constructor(
    readonly subject: string,
    readonly mismatch: MigrationMismatch,
  ) {
    super(`${describeMismatch(subject, mismatch)} Nothing was changed.`);
    this.name = "MigrationMismatchError";
  }
}

/** The checked-in list (drizzle/checksums.json): tag -> sha256 of the file. */
export type ChecksumList = Record<string, string>;

export const CHECKSUMS_FILE = "checksums.json";

export function readChecksums(folder = MIGRATIONS_FOLDER): ChecksumList {
  return JSON.parse(readFileSync(join(folder, CHECKSUMS_FILE), "utf8")) as ChecksumList;
}

export interface ChecksumProblems {
  /** A listed migration whose file no longer has the listed hash. */
  changed: string[];
  /** A migration file with no entry. */
  missing: string[];
  /** An entry whose migration is no longer in the journal. */
  removed: string[];
}

/** Compares the files with the checked-in list. */
export function compareChecksums(files: MigrationFile[], list: ChecksumList): ChecksumProblems {
  const tags = new Set(files.map((f) => f.tag));
  return {
    changed: files.filter((f) => f.tag in list && list[f.tag] !== f.hash).map((f) => f.tag),
    missing: files.filter((f) => !(f.tag in list)).map((f) => f.tag),
    removed: Object.keys(list).filter((tag) => !tags.has(tag)),
  };
}

/** A database whose migrations are behind this version's: where it is and where it will be. */
export interface MigrationsBehind {
  /** The last migration it has, by number ("0020"). */
  at: string;
  /** The last migration this version ships ("0028"): the next start migrates it there. */
  expects: string;
}

const migrationNumber = (tag: string) => tag.split("_")[0] ?? tag;

/**
 * Whether `sqlite` is a database an older version left: migrations applied, all of them this
 * version's files, and newer files not applied yet. Null when it is up to date, has none at
 * all (not a database of ours) or does not match the files (the server and restore refuse
 * that, decision 055). The books check reads this version's columns, so on such a database
 * it cannot run until the database is migrated.
 */
export function migrationsBehind(sqlite: Database): MigrationsBehind | null {
  const files = migrationFiles();
  const { pending, mismatch } = checkAppliedMigrations(sqlite, files);
  // With no mismatch the applied ones are exactly the files before the pending ones.
  const last = files[files.length - pending.length - 1];
  const newest = files.at(-1);
  if (mismatch || pending.length === 0 || !last || !newest) return null;
  return { at: migrationNumber(last.tag), expects: migrationNumber(newest.tag) };
}
