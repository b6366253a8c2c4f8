import { z } from "zod";
import { createRouter, validate } from "../../lib/http";
import { parsePeriod } from "./periods";
import { buildReport, reportPeriods } from "./reports.service";

const periodQuerySchema = z.object({
  period: z.string().max(20).optional(),
  year: z.string().max(20).optional(),
  month: z.string().max(20).optional(),
  week: z.string().max(20).optional(),
});

export const reportsRoutes = createRouter()
  .get("/reports", validate("query", periodQuerySchema), (c) => {
    const period = parsePeriod(c.req.valid("query"));
    return c.json(buildReport(c.get("deps").db, period));
  })
  .get("/reports/periods", (c) => c.json(reportPeriods(c.get("deps").db)));
