import { zodResolver } from "@hookform/resolvers/zod";
import { Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { recalculateSchema, reverseSchema } from "../../../../src/domain/schemas";
import { InputField, SelectField, TextareaField } from "../../../components/ui/field";
import { Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { euro } from "../../../lib/format";
import { translateValidation } from "../../../lib/validation";
import { ReverseTransactionDialog } from "../../transactions";
import { useRecalculateBalance } from "../api/recalculate-balance";
import "../../../i18n/areas/admin";

/** The first message of a form's errors: both fields of these forms share one message. */
function firstError(errors: Record<string, { message?: string } | undefined>): string | undefined {
  return Object.values(errors).find((e) => e?.message)?.message;
}

export function RecalculateBalancePanel() {
  const mutation = useRecalculateBalance();
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof recalculateSchema>,
    unknown,
    z.output<typeof recalculateSchema>
  >({ resolver: zodResolver(recalculateSchema), defaultValues: { entityId: "" } });
  const error = firstError(formState.errors);
  const t = useT();
  return (
    <Panel title={t("admin.recalculate.title")}>
      <p className="mb-2 text-sm text-base-content/70">{t("admin.recalculate.intro")}</p>
      <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
        <SelectField label={t("admin.recalculate.entityType")} {...register("entityType")}>
          <option value="">{t("admin.recalculate.selectType")}</option>
          <option value="CUSTOMER">{t("admin.recalculate.customer")}</option>
          <option value="SHOP">{t("admin.recalculate.shop")}</option>
        </SelectField>
        <InputField
          label={t("admin.recalculate.entityId")}
          inputMode="numeric"
          {...register("entityId")}
        />
        {/* The schema's English message in the language shown, as a field's (field.tsx). */}
        {error && <p className="mb-2 text-sm text-error">{translateValidation(error)}</p>}
        {mutation.data && (
          <p className="mb-2 text-sm">
            {t("admin.recalculate.result", {
              previous: euro(mutation.data.previousBalance),
              balance: euro(mutation.data.balance),
              drift: euro(mutation.data.drift),
            })}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? t("common.processing") : t("admin.recalculate.submit")}
        </button>
      </form>
    </Panel>
  );
}

/**
 * Reversal by a typed id: "Reverse Transaction" opens the preview of what it writes and does
 * to each balance (issue 12), and only its "Confirm reversal" writes. Rows of the
 * Transactions page open the same dialog.
 */
export function ReverseTransactionPanel() {
  // The id and the reason (issue 20: required, kept with the reversal) the preview is for.
  const [previewing, setPreviewing] = useState<{ id: number; reason: string } | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<
    z.input<typeof reverseSchema>,
    unknown,
    z.output<typeof reverseSchema>
  >({
    resolver: zodResolver(reverseSchema),
    defaultValues: { transactionId: "", reason: "" },
  });
  const t = useT();
  return (
    <Panel title={t("admin.reverse.title")}>
      <div role="alert" className="alert alert-warning mb-3 text-sm">
        {t("admin.reverse.warning")}
      </div>
      <p className="mb-2 text-sm text-base-content/70">{t("admin.reverse.intro")}</p>
      <form
        noValidate
        onSubmit={handleSubmit(({ transactionId, reason }) =>
          setPreviewing({ id: transactionId, reason }),
        )}
      >
        <InputField
          label={t("admin.reverse.transactionId")}
          inputMode="numeric"
          error={formState.errors.transactionId?.message}
          {...register("transactionId")}
        />
        <TextareaField
          label={t("admin.reverse.reason")}
          rows={2}
          maxLength={500}
          error={formState.errors.reason?.message}
          {...register("reason")}
        />
        <button type="submit" className="btn btn-warning">
          {t("admin.reverse.submit")}
        </button>
      </form>
      {previewing !== null && (
        <Suspense fallback={null}>
          <ReverseTransactionDialog
            transactionId={previewing.id}
            reason={previewing.reason}
            onClose={() => setPreviewing(null)}
            onDone={() => reset()}
          />
        </Suspense>
      )}
    </Panel>
  );
}
