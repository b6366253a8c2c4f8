import { useAtomValue } from "jotai";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import type { TillMovementKind } from "../../../../src/domain/enums";
import { useT } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { currentUserAtom } from "../../../lib/session";
import { type Shift, useCurrentShift } from "../api/get-shifts";
import "../../../i18n/areas/ui";

// The dialogs load when first opened: the shell stays small.
const OpenShiftDialog = lazy(() => import("./open-shift-dialog"));
const CloseShiftDialog = lazy(() => import("./close-shift-dialog"));
const TillMovementDialog = lazy(() => import("./till-movement-dialog"));

type OpenDialog =
  | { closing: Shift | null; moving?: undefined }
  | { moving: { shift: Shift; kind: TillMovementKind }; closing?: undefined };

/**
 * The staff user's shift, in the sidebar's header (issue 12): "No open shift" with an Open
 * button, or the open shift's shop and start with a Close button, and Pick-up / Top-up
 * for cash lifted to the safe or brought in (decision 049). Customers have none.
 */
export function ShiftControl() {
  const user = useAtomValue(currentUserAtom);
  const staff = !!user && user.role !== "customer";
  const shift = useCurrentShift(staff).data;
  // The shift being closed is kept: the dialog shows its result after it is no longer open.
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const t = useT();
  if (!staff) return null;
  const onClose = () => setDialog(null);
  const shopName = (s: Shift) => s.shop?.name ?? t("ui.shift.shopInText", { id: s.shopId });
  return (
    <div className="mt-2 text-sm" data-testid="shift-control">
      <div className="text-xs text-base-content/70">{t("ui.shift.label")}</div>
      <div className="flex items-center justify-between gap-2">
        {shift ? (
          // Which shop's till is open, in full: a long name wraps onto a second line rather
          // than being cut ("Open at Galway Bo…"), and the title names the shop and the start.
          <Link
            href={`/shifts/${shift.id}`}
            className="link min-w-0 font-medium break-words"
            title={t("ui.shift.openAtSince", {
              shop: shopName(shift),
              time: formatDateTime(shift.openedAt),
            })}
          >
            {t("ui.shift.openAt", { shop: shopName(shift) })}
          </Link>
        ) : (
          <span className="font-medium">{shift === null ? t("ui.shift.noOpenShift") : "..."}</span>
        )}
        {shift !== undefined && (
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            onClick={() => setDialog({ closing: shift })}
          >
            {shift ? t("ui.shift.closeShift") : t("ui.shift.openShift")}
          </button>
        )}
      </div>
      {shift && (
        <div className="flex gap-1">
          {(["pickup", "topup"] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setDialog({ moving: { shift, kind } })}
            >
              {kind === "pickup" ? t("ui.shift.pickup") : t("ui.shift.topup")}
            </button>
          ))}
        </div>
      )}
      <Suspense fallback={null}>
        {dialog &&
          (dialog.moving ? (
            <TillMovementDialog
              shift={dialog.moving.shift}
              kind={dialog.moving.kind}
              onClose={onClose}
            />
          ) : dialog.closing ? (
            <CloseShiftDialog shift={dialog.closing} onClose={onClose} />
          ) : (
            <OpenShiftDialog onClose={onClose} />
          ))}
      </Suspense>
    </div>
  );
}
