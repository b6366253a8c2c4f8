/**
 * A job step's English is written twice (decision 026): by the server (src/lib/job-steps.ts
 * JOB_STEP_TEXTS, answered as a job's `phrase`) and by the web from the job's `step` and
 * `stepParams` (web/i18n/areas/jobs.ts `steps`, web/features/admin/components/job-step.ts),
 * so that the web can write it in the reader's language. This holds the two to the same words
 * for every code, on representative params (every table the export reads, counts over a
 * thousand), and every code and table to German.
 *
 * A new code fails here (or in tsc) until it has English on both sides, params below and
 * German: JOB_STEP_TEXTS and FIXTURES are typed over every code of src/domain/job-steps.ts,
 * the catalogue's `steps` must have each (`satisfies`), and the German catalogue the same
 * keys (web/i18n/catalogue.test.ts). A new exported table fails until the catalogue names it.
 */
import { describe, expect, test } from "bun:test";
import type { JobDto } from "../src/domain/dto";
import type { JobStep, JobStepCode, JobStepParams } from "../src/domain/job-steps";
import { JOB_STEP_TEXTS, jobStepPhrase } from "../src/lib/job-steps";
import { EXPORTED_TABLES } from "../src/modules/admin/export";
import { jobStepText } from "../web/features/admin/components/job-step";
import { i18n } from "../web/i18n";
import { en } from "../web/i18n/areas/jobs";
import { de } from "../web/i18n/de";

i18n.addResourceBundle("de", "translation", de, true, true);

const none = [{}] as Record<string, never>[];
const FIXTURES: { [C in JobStepCode]: JobStepParams[C][] } = {
  waiting: none,
  starting: none,
  "export-rows": EXPORTED_TABLES.flatMap((table) => [
    { table, done: 12_345, total: 40_000 },
    { table, done: 0, total: 4_100_000 },
  ]),
  "export-finishing": none,
  "books-balances": none,
  "books-bets": none,
  "books-ledger-rows": none,
  "books-reversals": none,
  done: none,
  failed: none,
  cancelled: none,
};

const codes = Object.keys(JOB_STEP_TEXTS) as JobStepCode[];
const cases = codes.flatMap((code) =>
  (FIXTURES[code] as Record<string, string | number>[]).map((params) => ({ code, params })),
);
const english = i18n.getFixedT("en");
const german = i18n.getFixedT("de");
/** The job as GET /api/admin/jobs answers it: the step, its params and the server's English. */
const answered = (code: string, params: Record<string, string | number>) => ({
  step: code,
  stepParams: params,
  phrase: jobStepPhrase({ code, params } as JobStep),
});

describe("a job step's text", () => {
  test("the web's catalogue has a text for every code the server writes, and no other", () => {
    expect(Object.keys(en.steps).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(FIXTURES[code].length).toBeGreaterThan(0);
  });

  test("the web's catalogue names every table the export reads, and no other", () => {
    expect(Object.keys(en.table).sort()).toEqual([...EXPORTED_TABLES].sort());
  });

  test.each(cases)(
    "$code in English is the server's English, word for word",
    ({ code, params }) => {
      const job = answered(code, params);
      expect(jobStepText(job, english, "en-IE")).toBe(job.phrase);
    },
  );

  test.each(cases)("$code in German is German, every value in its place", ({ code, params }) => {
    const job = answered(code, params);
    const text = jobStepText(job, german, "de-DE");
    expect(text).not.toBe(job.phrase);
    expect(text).not.toMatch(/\{\{|\}\}|jobs\.|undefined|NaN|_/);
    for (const value of Object.values(params)) {
      if (typeof value === "number") {
        expect(text).toContain(new Intl.NumberFormat("de-DE").format(value));
      }
    }
  });

  test("counts are written in the reader's locale", () => {
    const job = answered("export-rows", { table: "bet_settlements", done: 12_345, total: 40_000 });
    expect(job.phrase).toBe("Exporting bet settlements: 12,345 of 40,000 rows");
    expect(jobStepText(job, german, "de-DE")).toBe(
      "Exportiere Wettabrechnungen: 12.345 von 40.000 Zeilen",
    );
    const books = answered("books-balances", {});
    expect(jobStepText(books, german, "de-DE")).toBe(
      "Vergleiche gespeicherte Kontostände mit den Buchungen",
    );
  });

  test("an unknown code, or params that do not fit the code: the server's phrase", () => {
    const jobs: Pick<JobDto, "step" | "stepParams" | "phrase">[] = [
      { step: "newer-step", stepParams: {}, phrase: "Doing something newer" },
      { step: "export-rows", stepParams: {}, phrase: "Exporting: no params" },
      {
        step: "export-rows",
        stepParams: { table: "newer_table", done: 1, total: 2 },
        phrase: "Exporting newer table: 1 of 2 rows",
      },
      {
        step: "export-rows",
        stepParams: { table: "bets", done: "1", total: 2 },
        phrase: "Exporting bets: 1 of 2 rows",
      },
      { step: "toString", stepParams: {}, phrase: "Not a catalogue key" },
    ];
    for (const job of jobs) expect(jobStepText(job, german, "de-DE")).toBe(job.phrase);
  });
});
