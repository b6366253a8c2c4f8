import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { parsePeriod } from "./periods";
import { buildReport, reportPeriods } from "./reports.service";
import { buildSeries, parseSeriesPeriod } from "./series";

export const reportsEndpoints = [
  implement(contracts.report, ({ db, query }) => buildReport(db, parsePeriod(query))),
  implement(contracts.reportPeriods, ({ db }) => reportPeriods(db)),
  implement(contracts.reportSeries, ({ db, query }) =>
    buildSeries(db.$client, parseSeriesPeriod(query)),
  ),
];
