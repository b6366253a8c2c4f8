import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { TillMovementKind } from "../../../../src/domain/enums";
import { formatCents } from "../../../../src/domain/money";
import { tillMovementSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, MoneyField, TextareaField } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { euro } from "../../../lib/format";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { useNumberLocale } from "../../../lib/locale";
import { withTypedAmounts } from "../../../lib/money-input";
import { latestMovement, tillMovementReceipt, useOfferReceipt } from "../../receipts";
import type { Shift } from "../api/get-shifts";
import { useRecordTillMovement } from "../api/shift-mutations";
import "../../../i18n/areas/shifts";
import "../../../i18n/areas/ui";

type MovementInput = z.input<typeof tillMovementSchema>;
type MovementOutput = z.output<typeof tillMovementSchema>;

const TITLES = {
  pickup: "shifts.movement.pickupTitle",
  topup: "shifts.movement.topupTitle",
} as const satisfies Record<TillMovementKind, string>;

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
  const t = useT();
  const form = useForm<MovementInput, unknown, MovementOutput>({
    resolver: withTypedAmounts(zodResolver(tillMovementSchema), tillMovementSchema, locale),
    defaultValues: { kind, amount: "", reason: "" },
  });
  const { register, handleSubmit, watch, formState } = form;
  const errors = formState.errors;
  return (
    <Dialog onClose={onClose} title={t(TITLES[kind])}>
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
          {t("shifts.movement.text", {
            id: shift.id,
            shop: shift.shop?.name ?? t("ui.shift.shopInText", { id: shift.shopId }),
            expected: euro(shift.expectedCash),
          })}
        </p>
        <MoneyField
          label={t("shifts.movement.amount")}
          typed={watch("amount")}
          error={errors.amount?.message}
          {...register("amount")}
        />
        <TextareaField
          label={t("shifts.movement.reason")}
          rows={2}
          error={errors.reason?.message}
          {...register("reason")}
        />
        <FormActions
          onCancel={onClose}
          pending={record.isPending}
          label={
            kind === "pickup" ? t("shifts.movement.recordPickup") : t("shifts.movement.recordTopup")
          }
          pendingLabel={t("shifts.movement.recording")}
        />
      </form>
    </Dialog>
  );
}
