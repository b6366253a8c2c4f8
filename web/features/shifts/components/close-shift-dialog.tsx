import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { formatCents } from "../../../../src/domain/money";
import { closeShiftSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, MoneyField } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { useNumberLocale } from "../../../lib/locale";
import { withTypedAmounts } from "../../../lib/money-input";
import { type Shift, useCurrentShift } from "../api/get-shifts";
import { useCloseShift } from "../api/shift-mutations";
import { ShiftFigures } from "./shift-figures";
import "../../../i18n/areas/shifts";
import "../../../i18n/areas/ui";

type CloseInput = z.input<typeof closeShiftSchema>;
type CloseOutput = z.output<typeof closeShiftSchema>;

/**
 * 'Close shift': the figures so far, then the cash counted in the till; once closed it
 * shows expected, counted and the discrepancy, with a link to the shift's report.
 */
export default function CloseShiftDialog({
  shift,
  onClose,
}: {
  shift: Shift;
  onClose: () => void;
}) {
  const close = useCloseShift();
  // The figures as they stand now (a pick-up or deposit may land while it is open).
  const live = useCurrentShift().data;
  const current = live?.id === shift.id ? live : shift;
  const locale = useNumberLocale();
  const t = useT();
  const shopOf = (s: Shift) => s.shop?.name ?? t("ui.shift.shopInText", { id: s.shopId });
  const form = useForm<CloseInput, unknown, CloseOutput>({
    resolver: withTypedAmounts(zodResolver(closeShiftSchema), closeShiftSchema, locale),
    defaultValues: { countedCash: "" },
  });
  const { register, handleSubmit, watch, formState } = form;
  const closed = close.data;
  // The form (and its focused field or button) is gone once closed: the result takes the
  // focus (not Done: a second Enter pressed on Close shift would end the dialog before the
  // count and its discrepancy were seen), as a slip's "Paid" does; Tab reaches Done.
  const statusId = useId();
  const result = useRef<HTMLElement>(null);
  useEffect(() => {
    if (closed) result.current?.focus();
  }, [closed]);
  return (
    <Dialog
      onClose={onClose}
      title={closed ? t("shifts.close.closedTitle") : t("ui.shift.closeShift")}
    >
      {closed ? (
        <div>
          <section
            ref={result}
            tabIndex={-1}
            aria-labelledby={statusId}
            className="rounded-box outline-offset-2"
            data-testid="shift-closed-result"
          >
            <p id={statusId} className="mb-3 text-sm" role="status">
              {t("shifts.close.closedText", { id: closed.id, shop: shopOf(closed) })}
            </p>
            <ShiftFigures shift={closed} />
          </section>
          <div className="modal-action">
            <Link href={`/shifts/${closed.id}`} className="btn" onClick={onClose}>
              {t("shifts.close.report")}
            </Link>
            <button
              type="button"
              className="btn btn-primary"
              aria-describedby={statusId}
              onClick={onClose}
            >
              {t("shifts.close.done")}
            </button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit((values) =>
            close.mutate({ id: shift.id, body: { countedCash: formatCents(values.countedCash) } }),
          )}
        >
          <p className="mb-3 text-sm">{t("shifts.close.countText", { shop: shopOf(shift) })}</p>
          <div className="mb-3">
            <ShiftFigures shift={current} />
          </div>
          <MoneyField
            label={t("shifts.close.countedCash")}
            typed={watch("countedCash")}
            error={formState.errors.countedCash?.message}
            {...register("countedCash")}
          />
          <FormActions
            onCancel={onClose}
            pending={close.isPending}
            label={t("ui.shift.closeShift")}
            pendingLabel={t("shifts.close.closing")}
          />
        </form>
      )}
    </Dialog>
  );
}
