import { atom, useAtom, useAtomValue } from "jotai";
import { lazy, Suspense, useState } from "react";
import { useT } from "../../../i18n";
import { currentUserAtom } from "../../../lib/session";
import { useShop } from "../api/get-shop";
import "../../../i18n/areas/ui";

// The picker and its dialog load when first opened: the shell stays small.
const WorkingShopDialog = lazy(() => import("./working-shop-dialog"));

/** Asked once per page load: "Not now" is not asked again until the next sign-in. */
const askedAtom = atom(false);

/**
 * The staff user's working shop, in the sidebar (issue 9): shown with a Change button, and
 * asked for after sign-in while none is set, by a prompt that blocks nothing (a cashier
 * with a queue may answer later). Customers have none.
 */
export function WorkingShop() {
  const user = useAtomValue(currentUserAtom);
  const [asked, setAsked] = useAtom(askedAtom);
  const [changing, setChanging] = useState(false);
  const shop = useShop(user?.shopId ?? undefined).data;
  const t = useT();
  if (!user || user.role === "customer") return null;
  const askNow = user.shopId === null && !asked;
  const close = () => {
    setAsked(true);
    setChanging(false);
  };
  return (
    <div className="mt-2 text-sm">
      <div className="text-xs text-base-content/70">{t("ui.workingShop.title")}</div>
      <div className="flex items-center justify-between gap-2">
        <span className="truncate font-medium" data-testid="working-shop">
          {user.shopId === null ? t("ui.workingShop.noneChosen") : (shop?.name ?? "...")}
        </span>
        <button type="button" className="btn btn-ghost btn-xs" onClick={() => setChanging(true)}>
          {user.shopId === null ? t("ui.workingShop.choose") : t("ui.workingShop.change")}
        </button>
      </div>
      {askNow && (
        <div role="note" className="alert alert-warning mt-2 flex flex-col items-start gap-2 p-2">
          <span>{t("ui.workingShop.ask")}</span>
          <div className="flex gap-2">
            <button type="button" className="btn btn-sm" onClick={() => setChanging(true)}>
              {t("ui.workingShop.chooseShop")}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsked(true)}>
              {t("ui.workingShop.notNow")}
            </button>
          </div>
        </div>
      )}
      {changing && (
        <Suspense fallback={null}>
          <WorkingShopDialog onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
