/**
 * What a background job is doing, in the reader's language (decision 026): a known step code
 * is written from the catalogue's `jobs.steps.<code>` with its counts in the reader's locale
 * and the export's table by its name in `jobs.table`; an unknown code, or params that do not
 * fit it (a newer server's), shows the server's English `phrase`. English comes out word for
 * word the server's phrase (tests/job-step-texts.test.ts).
 */
import type { TFunction } from "i18next";
import type { JobDto } from "../../../../src/domain/dto";
import { en } from "../../../i18n/areas/jobs";
import { formatNumber } from "../../../lib/format";

type Step = Pick<JobDto, "step" | "stepParams" | "phrase">;

const known = <T extends object>(catalogue: T, key: unknown): key is keyof T & string =>
  typeof key === "string" && Object.hasOwn(catalogue, key);

/** The values a step's text takes, or null when its params do not fit it. */
function values(
  code: keyof typeof en.steps,
  params: JobDto["stepParams"],
  t: TFunction,
  locale: string,
): Record<string, string> | null {
  if (code !== "export-rows") return {};
  const { table, done, total } = params;
  if (!known(en.table, table) || typeof done !== "number" || typeof total !== "number") {
    return null;
  }
  return {
    table: t(`jobs.table.${table}`),
    done: formatNumber(done, locale),
    total: formatNumber(total, locale),
  };
}

/** The step's text: `t` is the reader's (useT), `locale` the one numbers are written in. */
export function jobStepText(job: Step, t: TFunction, locale: string): string {
  const { step, stepParams } = job;
  if (!known(en.steps, step)) return job.phrase;
  const options = values(step, stepParams ?? {}, t, locale);
  if (!options) return job.phrase;
  // A key made of a code: the catalogue's `satisfies` holds every code to a text.
  const text = t as unknown as (key: string, options: Record<string, string>) => string;
  return text(`jobs.steps.${step}`, options);
}
