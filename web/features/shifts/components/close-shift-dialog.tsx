import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { formatCents } from "../../../../src/domain/money";
import { closeShiftSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, MoneyField } from "../../../components/ui/field";
import { useNumberLocale } from "../../../lib/locale";
import { withTypedAmounts } from "../../../lib/money-input";
import { type Shift, useCurrentShift } from "../api/get-shifts";
import { useCloseShift } from "../api/shift-mutations";
import { ShiftFigures } from "./shift-figures";

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
  const form = useForm<CloseInput, unknown, CloseOutput>({
    resolver: withTypedAmounts(zodResolver(closeShiftSchema), closeShiftSchema, locale),
    defaultValues: { countedCash: "" },
  });
  const { register, handleSubmit, watch, formState } = form;
  const closed = close.data;
  return (
    <Dialog onClose={onClose} title={closed ? "Shift closed" : "Close shift"}>
      {closed ? (
        <div>
          <p className="mb-3 text-sm" role="status">
            Shift #{closed.id} at {closed.shop?.name ?? `shop #${closed.shopId}`} is closed.
          </p>
          <ShiftFigures shift={closed} />
          <div className="modal-action">
            <Link href={`/shifts/${closed.id}`} className="btn" onClick={onClose}>
              Shift report
            </Link>
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Done
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
          <p className="mb-3 text-sm">
            Count the cash in the till at {shift.shop?.name ?? `shop #${shift.shopId}`} and enter
            the total.
          </p>
          <div className="mb-3">
            <ShiftFigures shift={current} />
          </div>
          <MoneyField
            label="Counted cash (€)"
            typed={watch("countedCash")}
            error={formState.errors.countedCash?.message}
            {...register("countedCash")}
          />
          <FormActions
            onCancel={onClose}
            pending={close.isPending}
            label="Close shift"
            pendingLabel="Closing..."
          />
        </form>
      )}
    </Dialog>
  );
}
