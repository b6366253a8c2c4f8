export type { BetDto as Bet } from "../../../../src/domain/dto";
