import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { assertVisibleCustomer, ownCustomerOf } from "../../lib/scope";
import { csvDownload } from "../csv/csv.service";
import {
  createCustomer,
  customerBetStats,
  getCustomer,
  listCustomers,
  updateCustomer,
} from "./customers.service";

export const customersEndpoints = [
  implement(contracts.listCustomers, ({ c, db, deps, query, now }) => {
    const only = ownCustomerOf(c.get("user"));
    if (query.format === "csv") return csvDownload(deps, "customers", query, { only, now });
    return listCustomers(db, query, now, only);
  }),
  implement(contracts.getCustomer, ({ c, db, params, now }) => {
    assertVisibleCustomer(ownCustomerOf(c.get("user")), params.id, "Customer");
    return getCustomer(db, params.id, now);
  }),
  implement(contracts.customerStats, ({ c, db, params, now }) => {
    assertVisibleCustomer(ownCustomerOf(c.get("user")), params.id, "Customer");
    return customerBetStats(db, params.id, now);
  }),
  implement(contracts.createCustomer, {
    write: (tx, { op, body, deps }) => createCustomer(tx, op, body, deps.creditLimitCapCents),
  }),
  implement(contracts.updateCustomer, {
    write: (tx, { op, params, body, deps }) =>
      updateCustomer(tx, op, params.id, body, deps.creditLimitCapCents),
  }),
];
