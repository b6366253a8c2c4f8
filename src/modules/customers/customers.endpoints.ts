import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { customersCsv } from "./customers.csv";
import {
  createCustomer,
  customerBetStats,
  getCustomer,
  listCustomers,
  updateCustomer,
} from "./customers.service";

export const customersEndpoints = [
  // Scope "own-rows": a customer login lists only its own record (`own`).
  implement(contracts.listCustomers, ({ db, deps, query, now, own }) => {
    if (query.format === "csv") return customersCsv(deps, { query, own, now });
    return listCustomers(db, query, now, own, deps.phoneCallingCode);
  }),
  // Scope "customer": implement() lets a customer login ask only for its own record.
  implement(contracts.getCustomer, ({ db, params, now }) => getCustomer(db, params.id, now)),
  implement(contracts.customerStats, ({ db, params, now }) => customerBetStats(db, params.id, now)),
  implement(contracts.createCustomer, {
    write: (tx, { op, body, deps }) =>
      createCustomer(tx, op, body, deps.creditLimitCapCents, deps.ageRules, deps.businessTimeZone),
  }),
  implement(contracts.updateCustomer, {
    write: (tx, { op, params, body, deps }) =>
      updateCustomer(
        tx,
        op,
        params.id,
        body,
        deps.creditLimitCapCents,
        deps.ageRules,
        deps.businessTimeZone,
      ),
  }),
];
