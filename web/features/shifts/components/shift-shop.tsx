import { useAtomValue } from "jotai";
import { useLayoutEffect, useRef } from "react";
import { useT } from "../../../i18n";
import { workingShopIdAtom } from "../../../lib/session";
import { type Shift, useCurrentShift } from "../api/get-shifts";
import "../../../i18n/areas/shifts";

/**
 * The shop a deposit, a withdrawal or an account bet starts with (decision 088): the page's
 * shop when the dialog was opened from one, else the shop of the user's open shift (the till
 * the cash goes into), else the working shop (decision 016). It can still be changed there.
 *
 * `shopId` is the value to start the form with. The open shift (and the user) are usually
 * known already (the sidebar read them); what is only known after the dialog opened is put in
 * by `place` then, unless the field was changed meanwhile (`current` reads it): a shop picked
 * by the user or restored from a draft stays. A shift that goes away meanwhile (closed in
 * another tab) changes nothing: the shop on screen is the one the cashier saw and confirms.
 */
export function useShiftShopDefault(
  pageShopId: number | undefined,
  current: () => string,
  place: (shopId: string) => void,
): { shift: Shift | null | undefined; shopId: string } {
  const shift = useCurrentShift().data;
  const workingShopId = useAtomValue(workingShopIdAtom);
  const shopId = String(pageShopId ?? shift?.shopId ?? workingShopId ?? "");
  const started = useRef(shopId);
  const hadShift = useRef(false);
  if (shift) hadShift.current = true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the default itself changes
  useLayoutEffect(() => {
    if (shopId === started.current || current() !== started.current) return;
    if (!shift && hadShift.current) return;
    started.current = shopId;
    place(shopId);
  }, [shopId]);
  return { shift, shopId };
}

/**
 * Shown while a shop other than the open shift's is chosen (decision 088): with
 * REQUIRE_SHIFT off the server takes the movement, but its cash is in no shift's figures
 * (the shift counts only its own shop's), so the cash-up would not match the till.
 */
export function ShiftShopWarning({
  shift,
  shopId,
  what,
}: {
  shift: Shift | null | undefined;
  shopId: string;
  what: "cash" | "bet";
}) {
  const t = useT();
  if (!shift || !shopId || String(shift.shopId) === shopId) return null;
  const shop = shift.shop?.name ?? t("shifts.otherShop.shopInText", { id: shift.shopId });
  return (
    <div role="alert" className="alert alert-warning mb-3 py-2 text-sm" data-testid="shift-shop">
      {t(what === "cash" ? "shifts.otherShop.cash" : "shifts.otherShop.bet", { shop })}
    </div>
  );
}
