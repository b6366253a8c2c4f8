export type { CustomerDto as Customer } from "../../../../src/modules/customers/customers.service";

export interface BetCounts {
  totalBets: number;
  activeBets: number;
  wonBets: number;
  lostBets: number;
  voidBets: number;
}
