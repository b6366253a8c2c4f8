/**
 * GET /api/shops?format=csv (issue 13): every matching shop, walked in a worker that loads
 * this module for its JOB_WORK (so it stays free of side effects). A customer login (`own`
 * set, scope "no-tills") gets them without their till balances, as in the JSON. See
 * src/lib/csv-export.ts.
 */
import { shopDto } from "../../domain/dto";
import { defineCsvList } from "../../lib/csv-export";
import { shopListSpec, shopsByIds } from "./shops.service";

const SHOPS_CSV = defineCsvList(import.meta.url, {
  name: "shops",
  spec: ({ query }) => shopListSpec(query),
  load: (db, ids, { own }) =>
    shopsByIds(db, ids).map((shop) => (own === null ? shop : { ...shop, balance: null })),
  dto: shopDto,
});

export const JOB_WORK = SHOPS_CSV.work;

/** The columns of the file (the tests read them). */
export const CSV_COLUMNS = SHOPS_CSV.columns;

export const shopsCsv = SHOPS_CSV.download;
