/**
 * GET /api/shops?format=csv (issue 13): every matching shop, walked in a worker that loads
 * this module for its JOB_WORK (so it stays free of side effects). A customer login (`own`
 * set, scope "no-tills") gets them without their till balances, as in the JSON. See
 * src/lib/csv-export.ts.
 */
import { shopDto } from "../../domain/dto";
import {
  type CsvInput,
  type CsvList,
  csvColumns,
  csvDownload,
  csvWork,
} from "../../lib/csv-export";
import type { Deps } from "../../lib/http";
import { shopListSpec, shopsByIds } from "./shops.service";

const SHOPS_CSV: CsvList = {
  name: "shops",
  spec: ({ query }) => shopListSpec(query),
  load: (db, ids, { own }) =>
    shopsByIds(db, ids).map((shop) => (own === null ? shop : { ...shop, balance: null })),
  columns: csvColumns(shopDto),
};

export const JOB_WORK = { csv: csvWork(SHOPS_CSV) };

export const shopsCsv = (deps: Deps, input: CsvInput) =>
  csvDownload(deps, import.meta.url, SHOPS_CSV, input);
