import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { TillMovementKind } from "../../../../src/domain/enums";
import { formatCents } from "../../../../src/domain/money";
import { tillMovementSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, MoneyField, TextareaField } from "../../../components/ui/field";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { useNumberLocale } from "../../../lib/locale";
import { withTypedAmounts } from "../../../lib/money-input";
import { latestMovement, tillMovementReceipt, useOfferReceipt } from "../../receipts";
import type { Shift } from "../api/get-shifts";
import { useRecordTillMovement } from "../api/shift-mutations";

type MovementInput = z.input<typeof tillMovementSchema>;
type MovementOutput = z.output<typeof tillMovementSchema>;

const TITLES: Record<TillMovementKind, string> = {
  pickup: "Pick-up to the safe",
  topup: "Top-up from the safe",
};

/**
 * 'Pick-up' / 'Top-up' (issue 21 item 3, decision 049): cash lifted from the open shift's
 * till to the safe, or brought in (the button chose which); the amount (read back as
 * typed) and why. It changes only
 * the shift's expected cash: no customer's or shop's balance moves.
 */
export default function TillMovementDialog({
  shift,
  kind,
  onClose,
}: {
  shift: Shift;
  kind: TillMovementKind;
  onClose: () => void;
}) {
  const record = useRecordTillMovement();
  // The receipt is offered once the movement is recorded (issue 21 item 4, decision 053).
  const offerReceipt = useOfferReceipt();
  const idempotency = useIdempotencyKey();
  const locale = useNumberLocale();
  const form = useForm<MovementInput, unknown, MovementOutput>({
    resolver: withTypedAmounts(zodResolver(tillMovementSchema), tillMovementSchema, locale),
    defaultValues: { kind, amount: "", reason: "" },
  });
  const { register, handleSubmit, watch, formState } = form;
  const errors = formState.errors;
  return (
    <Dialog onClose={onClose} title={TITLES[kind]}>
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          const body = {
            kind,
            amount: formatCents(values.amountCents),
            reason: values.reason,
          };
          record.mutate(
            { id: shift.id, body, key: idempotency.keyFor(body) },
            {
              onSuccess: (answer) => {
                const movement = latestMovement(answer, kind);
                if (movement) offerReceipt({ receipt: tillMovementReceipt(answer, movement) });
                onClose();
              },
            },
          );
        })}
      >
        <p className="mb-3 text-sm">
          Till of shift #{shift.id} at {shift.shop?.name ?? `shop #${shift.shopId}`}: expected cash
          now €{shift.expectedCash}.
        </p>
        <MoneyField
          label="Amount (€)"
          typed={watch("amount")}
          error={errors.amount?.message}
          {...register("amount")}
        />
        <TextareaField
          label="Reason"
          rows={2}
          error={errors.reason?.message}
          {...register("reason")}
        />
        <FormActions
          onCancel={onClose}
          pending={record.isPending}
          label={kind === "pickup" ? "Record pick-up" : "Record top-up"}
          pendingLabel="Recording..."
        />
      </form>
    </Dialog>
  );
}
