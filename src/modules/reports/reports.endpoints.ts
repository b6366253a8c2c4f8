import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { parsePeriod } from "./periods";
import { buildReport, reportPeriods } from "./reports.service";
import { buildSeries, parseSeriesPeriod } from "./series";

// Periods are the business time zone's dates (decision 062).
export const reportsEndpoints = [
  implement(contracts.report, ({ db, query, deps }) =>
    buildReport(db, parsePeriod(query, deps.businessTimeZone)),
  ),
  implement(contracts.reportPeriods, ({ db, deps }) => reportPeriods(db, deps.businessTimeZone)),
  implement(contracts.reportSeries, ({ db, query, deps }) =>
    buildSeries(db.$client, parseSeriesPeriod(query, deps.businessTimeZone), deps.businessTimeZone),
  ),
];
