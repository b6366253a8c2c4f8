import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { ownCustomerOf } from "../../lib/scope";
import { csvDownload } from "../csv/csv.service";
import { deposit, listTransactions, transfer, withdraw } from "./transactions.service";

export const transactionsEndpoints = [
  implement(contracts.listTransactions, ({ c, db, deps, query, now }) => {
    const own = ownCustomerOf(c.get("user"));
    const scoped = own === null ? query : { ...query, customerId: own };
    if (query.format === "csv") return csvDownload(deps, "transactions", scoped, { now });
    return listTransactions(db, scoped);
  }),
  implement(contracts.createTransfer, { write: (tx, { op, body }) => transfer(tx, op, body) }),
  implement(contracts.deposit, {
    write: (tx, { op, body, deps }) => deposit(tx, op, body, { requireShift: deps.requireShift }),
  }),
  implement(contracts.withdraw, {
    write: (tx, { op, body, deps }) => withdraw(tx, op, body, { requireShift: deps.requireShift }),
  }),
];
