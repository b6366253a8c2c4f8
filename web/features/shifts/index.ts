/** The shifts feature's public entry: what other features and the app use of it. */
import { lazy } from "react";

export { useCurrentShift } from "./api/get-shifts";
export { ShiftControl } from "./components/shift-control";
export { ShiftShopWarning, useShiftShopDefault } from "./components/shift-shop";

// Screens load on first use, like dialogs (see the shops feature's entry).
export const ShiftsTable = lazy(() => import("./components/shifts-table"));
export const ShiftReport = lazy(() => import("./components/shift-report"));
