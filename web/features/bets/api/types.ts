export type { BetDto as Bet } from "../../../../src/modules/bets/bets.dto";
