export type { TransactionDto as Transaction } from "../../../../src/modules/transactions/transactions.dto";
