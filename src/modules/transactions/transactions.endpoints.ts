import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { deposit, listTransactions, transfer, withdraw } from "./transactions.service";

export const transactionsEndpoints = [
  implement(contracts.listTransactions, ({ db, query }) => listTransactions(db, query)),
  implement(contracts.createTransfer, { write: (tx, { op, body }) => transfer(tx, op, body) }),
  implement(contracts.deposit, { write: (tx, { op, body }) => deposit(tx, op, body) }),
  implement(contracts.withdraw, { write: (tx, { op, body }) => withdraw(tx, op, body) }),
];
