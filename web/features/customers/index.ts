/** The customers feature's public entry: what other features and the app use of it. */
import { lazy } from "react";

export { customerAfterWrite, customerQuery, useCustomer } from "./api/get-customer";
export type { BetCounts, Customer } from "./api/types";
export { CustomerBalanceInfo } from "./components/customer-balance-info";
export { CustomerFormButton } from "./components/customer-form-button";
export { CustomerPicker } from "./components/customer-picker";
export { customerContact, customerName, customerNumber, customerPickLabel } from "./customer-label";

// Screens load on first use, like dialogs. The bundler splits by module, so a static
// re-export here would put each screen in every chunk that imports this entry for a button.
export const CustomerDetail = lazy(() => import("./components/customer-detail"));
export const CustomersTable = lazy(() => import("./components/customers-table"));
