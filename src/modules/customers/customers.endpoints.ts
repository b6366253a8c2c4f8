import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import {
  createCustomer,
  customerBetStats,
  getCustomer,
  listCustomers,
  updateCustomer,
} from "./customers.service";

export const customersEndpoints = [
  implement(contracts.listCustomers, ({ db, query }) => listCustomers(db, query)),
  implement(contracts.getCustomer, ({ db, params }) => getCustomer(db, params.id)),
  implement(contracts.customerStats, ({ db, params }) => customerBetStats(db, params.id)),
  implement(contracts.createCustomer, {
    write: (tx, { op, body, deps }) => createCustomer(tx, op, body, deps.creditLimitCapCents),
  }),
  implement(contracts.updateCustomer, {
    write: (tx, { op, params, body, deps }) =>
      updateCustomer(tx, op, params.id, body, deps.creditLimitCapCents),
  }),
];
