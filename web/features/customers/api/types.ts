export type {
  CustomerDto as Customer,
  CustomerStatsDto as BetCounts,
} from "../../../../src/domain/dto";
