/**
 * The catalogues (issue 23 item 2, decision 065): every key in every language, none empty,
 * the same {{placeholders}} in each; and no literal text in JSX outside the catalogue, but in
 * the files listed in NOT_YET_CONVERTED: a ratchet that only shrinks (a listed file that has
 * no literal text left fails too, so it comes off the list when it is converted).
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { LANGUAGES } from "../../src/domain/language";
import { i18n } from ".";
import * as admin from "./areas/admin";
import * as alerts from "./areas/alerts";
import * as audit from "./areas/audit";
import * as auth from "./areas/auth";
import * as bets from "./areas/bets";
import * as books from "./areas/books";
import * as charts from "./areas/charts";
import * as customers from "./areas/customers";
import * as jobs from "./areas/jobs";
import * as receipts from "./areas/receipts";
import * as refusals from "./areas/refusals";
import * as shifts from "./areas/shifts";
import * as shops from "./areas/shops";
import * as transactions from "./areas/transactions";
import * as ui from "./areas/ui";
import * as users from "./areas/users";
import * as validation from "./areas/validation";
import { de } from "./de";
import { type EnglishAreas, type EnglishCatalogue, en } from "./en";
import { ERROR_KEYS, MESSAGE_KEYS } from "./errors";
import { literalJsxText } from "./literal-text";

type Tree = { readonly [key: string]: string | Tree };

/** Each area's English, as the areas add it when imported. */
const AREAS: EnglishAreas = {
  admin: admin.en,
  alerts: alerts.en,
  audit: audit.en,
  auth: auth.en,
  bets: bets.en,
  books: books.en,
  charts: charts.en,
  customers: customers.en,
  jobs: jobs.en,
  receipts: receipts.en,
  refusals: refusals.en,
  shifts: shifts.en,
  shops: shops.en,
  transactions: transactions.en,
  ui: ui.en,
  users: users.en,
  validation: validation.en,
};

/** The whole English catalogue: the core and every area. */
const english: EnglishCatalogue = { ...en, ...AREAS };

const catalogues: Record<"en" | "de", Tree> = {
  en: english as unknown as Tree,
  de: de as unknown as Tree,
};

/** Every leaf as "a.b.c" -> text. */
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("the catalogues", () => {
  const english = leaves(catalogues.en);

  for (const language of LANGUAGES) {
    test(`${language} has every key of English and no other, none empty`, () => {
      const own = leaves(catalogues[language]);
      const missing = [...english.keys()].filter((key) => !own.has(key));
      const extra = [...own.keys()].filter((key) => !english.has(key));
      const empty = [...own].filter(([, text]) => text.trim() === "").map(([key]) => key);
      expect({ missing, extra, empty }).toEqual({ missing: [], extra: [], empty: [] });
    });

    test(`${language} uses the same {{placeholders}} as English`, () => {
      const own = leaves(catalogues[language]);
      const differ = [...english].filter(
        ([key, text]) => placeholders(text).join() !== placeholders(own.get(key) ?? "").join(),
      );
      expect(differ.map(([key]) => key)).toEqual([]);
    });
  }

  test("every server error code and known message maps to a key that exists", () => {
    for (const key of [...Object.values(ERROR_KEYS), ...Object.values(MESSAGE_KEYS)]) {
      expect(english.has(key)).toBe(true);
    }
    // The English catalogue holds the server's messages word for word.
    for (const [message, key] of Object.entries(MESSAGE_KEYS)) {
      expect(english.get(key)).toBe(message);
    }
  });
});

/**
 * Files whose JSX still has literal text (decision 065's ratchet): it only ever shrinks. A
 * file converted comes off; a new file never goes on.
 */
const NOT_YET_CONVERTED = new Set<string>([]);

const WEB = join(import.meta.dir, "..");

describe("literal text in JSX", () => {
  const files = [...new Bun.Glob("**/*.tsx").scanSync(WEB)]
    .map((path) => relative(WEB, join(WEB, path)).split(sep).join("/"))
    .filter((path) => !/\.test\.tsx$/.test(path) && !path.startsWith("test/"))
    .sort();

  test("the check finds text children, string children and text attributes", () => {
    expect(
      literalJsxText(
        `const a = <div title="Hover me" className="x">Hello {"there"} {t("k")} <b aria-label={"Close it"} /></div>;`,
      ),
    ).toEqual(["Hover me", "Hello", "there", "Close it"]);
    expect(
      literalJsxText(`const a = <div className="btn">{t("app.name")} {" "} € 10</div>;`),
    ).toEqual([]);
  });

  test("no file outside the ratchet list has literal text in its JSX", () => {
    const offenders = files
      .filter((path) => !NOT_YET_CONVERTED.has(path))
      .map((path) => [path, literalJsxText(readFileSync(join(WEB, path), "utf8"), path)] as const)
      .filter(([, texts]) => texts.length > 0);
    expect(offenders).toEqual([]);
  });

  test("every file on the list still has literal text (a converted one comes off it)", () => {
    const done = [...NOT_YET_CONVERTED].filter(
      (path) =>
        !files.includes(path) ||
        literalJsxText(readFileSync(join(WEB, path), "utf8"), path).length === 0,
    );
    expect(done).toEqual([]);
  });
});

describe("an area's texts come with the code that shows them", () => {
  const areaNames = Object.keys(AREAS);
  const usage = new RegExp(`["'\`](${areaNames.join("|")})\\.[a-zA-Z]`, "g");
  const sources = [...new Bun.Glob("**/*.{ts,tsx}").scanSync(WEB)]
    .map((path) => relative(WEB, join(WEB, path)).split(sep).join("/"))
    .filter((path) => !path.startsWith("i18n/"));

  test("the check sees an area's keys and the import that brings them", () => {
    expect(areasMissing(`const a = t("bets.title");`, usage)).toEqual(["bets"]);
    expect(
      areasMissing(`import "../../i18n/areas/bets";\nconst a = t(\`bets.x.\${k}\`);`, usage),
    ).toEqual([]);
  });

  test("every file that uses an area's keys imports that area (else its texts may be missing)", () => {
    const offenders = sources
      .map((path) => [path, areasMissing(readFileSync(join(WEB, path), "utf8"), usage)] as const)
      .filter(([, missing]) => missing.length > 0);
    expect(offenders).toEqual([]);
  });

  test("every area adds its English when imported", () => {
    for (const [name, texts] of Object.entries(AREAS)) {
      expect(i18n.getResourceBundle("en", "translation")[name]).toEqual(texts);
    }
  });
});

/** The areas whose keys `source` uses but does not import (web/i18n/areas/<area>). */
function areasMissing(source: string, usage: RegExp): string[] {
  const used = new Set([...source.matchAll(usage)].map((match) => match[1] as string));
  const imported = new Set(
    [...source.matchAll(/^import\s+(?:[^;]*?\sfrom\s+)?"[^"]*i18n\/areas\/(\w+)";/gm)].map(
      (match) => match[1] as string,
    ),
  );
  return [...used].filter((area) => !imported.has(area)).sort();
}
