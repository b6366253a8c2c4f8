import type { PeriodType as ReportPeriodType } from "../../../../src/domain/dto";

export type {
  PeriodsDto as Periods,
  ReportDto as Report,
  ReportSeriesDto as Series,
} from "../../../../src/domain/dto";

/**
 * The period selector's choice: "all" is the UI's name for the server's "totals" (a report
 * asked for without a period); the other types are the server's own.
 */
export type PeriodType = "all" | Exclude<ReportPeriodType, "totals">;

export interface PeriodChoice {
  type: PeriodType;
  /** The chosen year ("2026"), month ("2026-11") or week ("2026-W47"); "" for none. */
  value: string;
}
