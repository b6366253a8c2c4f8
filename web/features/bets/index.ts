/** The bets feature's public entry: what other features and the app use of it. */
import { lazy } from "react";

export { useBets } from "./api/get-bets";
export type { Bet } from "./api/types";
export { listedStake } from "./components/each-way";
export { NewBetButton } from "./components/new-bet-button";
export { PrintSlipLink } from "./components/print-slip-link";
export { RecentBetsList } from "./components/recent-bets-list";

// Screens load on first use, like dialogs. The bundler splits by module, so a static
// re-export here would put each screen in every chunk that imports this entry for a button.
export const BetDetail = lazy(() => import("./components/bet-detail"));
export const BetsTable = lazy(() => import("./components/bets-table"));
// Bet slips (issue 12): the slip view carries the QR library, loaded only when a slip opens.
export const BetSlip = lazy(() => import("./components/bet-slip"));
export const FindSlip = lazy(() => import("./components/find-slip"));
// The counter keys (issue 21, item 7) open it from any screen, without its button.
export const NewBetDialog = lazy(() => import("./components/new-bet-dialog"));
