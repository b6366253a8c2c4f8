/**
 * GET /api/bets?format=csv (issue 13): every matching bet, walked in a worker that loads this
 * module for its JOB_WORK (so it stays free of side effects). See src/lib/csv-export.ts.
 */
import { betDto } from "../../domain/dto";
import {
  type CsvInput,
  type CsvList,
  csvColumns,
  csvDownload,
  csvWork,
} from "../../lib/csv-export";
import type { Deps } from "../../lib/http";
import { betListSpec, betsByIds } from "./bets.service";

const BETS_CSV: CsvList = {
  name: "bets",
  spec: ({ query }) => betListSpec(query),
  load: (db, ids) => betsByIds(db, ids),
  columns: csvColumns(betDto),
};

export const JOB_WORK = { csv: csvWork(BETS_CSV) };

export const betsCsv = (deps: Deps, input: CsvInput) =>
  csvDownload(deps, import.meta.url, BETS_CSV, input);
