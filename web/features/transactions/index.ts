/** The transactions feature's public entry: what other features and the app use of it. */
import { lazy } from "react";

export { MONEY_KEYS } from "./api/create-deposit";
export { useTransactions } from "./api/get-transactions";
export type { Transaction } from "./api/types";
export { CustomerCashButtons } from "./components/cash-movement-button";
// One ledger line for every screen (issue 20): the dashboard panel renders it too.
export { LedgerLine } from "./components/ledger-line";
export { RecentTransactionsList } from "./components/recent-transactions-list";

// Screens load on first use, like dialogs. The bundler splits by module, so a static
// re-export here would put each screen in every chunk that imports this entry for a button.
export const TransactionsTable = lazy(() => import("./components/transactions-table"));
// The counter keys (issue 21, item 7) open Deposit and Withdrawal from any screen.
export const CashMovementDialog = lazy(() => import("./components/cash-movement-dialog"));
// Reversal with its preview (issue 12): the admin page opens it for a typed id.
export const ReverseTransactionDialog = lazy(
  () => import("./components/reverse-transaction-dialog"),
);
