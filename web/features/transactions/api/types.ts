export type { TransactionDto as Transaction } from "../../../../src/domain/dto";
