/** The shops feature's public entry: what other features and the app use of it. */
import { lazy } from "react";

export { ShopFormButton } from "./components/shop-form-button";
export { ShopPicker } from "./components/shop-picker";
export { WorkingShop } from "./components/working-shop";

// Screens load on first use, like dialogs. The bundler splits by module, so a static
// re-export here would put each screen in every chunk that imports this entry for a button.
export const ShopDetail = lazy(() => import("./components/shop-detail"));
export const ShopsTable = lazy(() => import("./components/shops-table"));
