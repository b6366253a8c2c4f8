import { zodResolver } from "@hookform/resolvers/zod";
import { useAtomValue } from "jotai";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { formatCents } from "../../../../src/domain/money";
import { openShiftSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, MoneyField } from "../../../components/ui/field";
import { PickerField } from "../../../components/ui/picker-field";
import { useT } from "../../../i18n";
import { useNumberLocale } from "../../../lib/locale";
import { withTypedAmounts } from "../../../lib/money-input";
import { workingShopIdAtom } from "../../../lib/session";
import { ShopPicker } from "../../shops";
import { useOpenShift } from "../api/shift-mutations";
import "../../../i18n/areas/shifts";
import "../../../i18n/areas/ui";

type OpenInput = z.input<typeof openShiftSchema>;
type OpenOutput = z.output<typeof openShiftSchema>;

/** 'Open shift': the shop (the working shop first) and the cash the till starts with. */
export default function OpenShiftDialog({ onClose }: { onClose: () => void }) {
  const workingShopId = useAtomValue(workingShopIdAtom);
  const open = useOpenShift();
  const locale = useNumberLocale();
  const t = useT();
  const form = useForm<OpenInput, unknown, OpenOutput>({
    resolver: withTypedAmounts(zodResolver(openShiftSchema), openShiftSchema, locale),
    defaultValues: { shopId: workingShopId ? String(workingShopId) : "", openingFloat: "" },
  });
  const { register, handleSubmit, control, watch, formState } = form;
  return (
    <Dialog onClose={onClose} title={t("ui.shift.openShift")}>
      <form
        noValidate
        onSubmit={handleSubmit((values) =>
          open.mutate(
            { shopId: values.shopId, openingFloat: formatCents(values.openingFloat) },
            { onSuccess: onClose },
          ),
        )}
      >
        <p className="mb-3 text-sm">{t("shifts.open.text")}</p>
        <PickerField control={control} name="shopId" picker={ShopPicker} />
        <MoneyField
          label={t("shifts.open.openingFloat")}
          typed={watch("openingFloat")}
          error={formState.errors.openingFloat?.message}
          {...register("openingFloat")}
        />
        <FormActions
          onCancel={onClose}
          pending={open.isPending}
          label={t("ui.shift.openShift")}
          pendingLabel={t("shifts.open.opening")}
        />
      </form>
    </Dialog>
  );
}
