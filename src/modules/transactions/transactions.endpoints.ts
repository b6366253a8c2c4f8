import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { transactionsCsv } from "./transactions.csv";
import { deposit, listTransactions, transfer, withdraw } from "./transactions.service";

export const transactionsEndpoints = [
  // Scope "own-list": implement() forces a customer login's customerId filter.
  implement(contracts.listTransactions, ({ db, deps, query, now, own }) => {
    if (query.format === "csv") return transactionsCsv(deps, { query, own, now });
    return listTransactions(db, query);
  }),
  implement(contracts.createTransfer, { write: (tx, { op, body }) => transfer(tx, op, body) }),
  implement(contracts.deposit, {
    write: (tx, { op, body, deps }) =>
      deposit(tx, op, body, {
        requireShift: deps.requireShift,
        ageRules: deps.ageRules,
        businessTimeZone: deps.businessTimeZone,
      }),
  }),
  implement(contracts.withdraw, {
    write: (tx, { op, body, deps }) => withdraw(tx, op, body, { requireShift: deps.requireShift }),
  }),
];
