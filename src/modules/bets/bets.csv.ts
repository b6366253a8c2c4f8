/**
 * GET /api/bets?format=csv (issue 13): every matching bet, walked in a worker that loads this
 * module for its JOB_WORK (so it stays free of side effects). See src/lib/csv-export.ts.
 */
import { betDto } from "../../domain/dto";
import { defineCsvList } from "../../lib/csv-export";
import { betListSpec, betsByIds } from "./bets.service";

const BETS_CSV = defineCsvList(import.meta.url, {
  name: "bets",
  spec: ({ query }) => betListSpec(query),
  load: (db, ids) => betsByIds(db, ids),
  dto: betDto,
});

export const JOB_WORK = BETS_CSV.work;

export const betsCsv = BETS_CSV.download;
