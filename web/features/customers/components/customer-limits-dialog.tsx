import { zodResolver } from "@hookform/resolvers/zod";
import { useAtomValue } from "jotai";
import { type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import { startOfLocalDate } from "../../../../src/domain/business-time";
import { exclusionProtects, moneyLimitProtects } from "../../../../src/domain/limits";
import { centsOf, formatCents } from "../../../../src/domain/money";
import { limitFields } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, InputField, MoneyField } from "../../../components/ui/field";
import { i18n, useT } from "../../../i18n";
import { useNumberLocale } from "../../../lib/locale";
import { typedCents as readCents, typedAmount, withTypedAmounts } from "../../../lib/money-input";
import { isAdminAtom } from "../../../lib/session";
import { businessTimeZone, localDate } from "../../../lib/time";
import type { Customer } from "../api/types";
import { useUpdateCustomer } from "../api/update-customer";
import "../../../i18n/areas/customers";

interface LimitFormValues {
  maxStake: string;
  dailyDepositLimit: string;
  selfExcludedUntil: string;
}

const limitsSchema = z.object(limitFields);
type LimitsParsed = z.output<typeof limitsSchema>;
type LimitsResolver = Resolver<LimitFormValues, unknown, LimitsParsed>;

/**
 * The form starts from the limits in force (a waiting change is shown beside, not here), each
 * amount as the locale types it ("1.000,50" in German, read back "= 1.000,50 €"). The
 * exclusion's end is its date in the business zone (decision 062), the date that was typed.
 */
function defaultsOf(customer: Customer, locale: string): LimitFormValues {
  const typed = (value: string | null) =>
    value === null ? "" : typedAmount(centsOf(value), locale);
  return {
    maxStake: typed(customer.maxStake),
    dailyDepositLimit: typed(customer.dailyDepositLimit),
    selfExcludedUntil: customer.selfExcludedUntil ? localDate(customer.selfExcludedUntil) : "",
  };
}

const inForceCents = (value: string | null) => (value === null ? null : centsOf(value));

/** A typed limit: null when blank (none), undefined when not (yet) an amount. */
function typedCents(value: string, locale: string): number | null | undefined {
  if (value.trim() === "") return null;
  return readCents(value, locale) ?? undefined;
}

/**
 * A typed end date: the first instant of that date in the business zone, where the server
 * starts it (decision 062); null when blank, undefined when not a date.
 */
function typedDay(value: string): number | null | undefined {
  if (value.trim() === "") return null;
  return startOfLocalDate(value.trim(), businessTimeZone()) ?? undefined;
}

/**
 * Which of the typed changes would wait 24 hours (decision 032): a higher or removed limit, a
 * shorter or ended exclusion. The server decides; this only says so before saving.
 */
function delayedChanges(
  customer: Customer,
  values: LimitFormValues,
  initial: LimitFormValues,
  locale: string,
) {
  const delayed: string[] = [];
  // An amount is changed when it reads as another amount, however it is written.
  const stake = typedCents(values.maxStake, locale);
  if (stake !== undefined && stake !== inForceCents(customer.maxStake)) {
    if (!moneyLimitProtects(inForceCents(customer.maxStake), stake))
      delayed.push(i18n.t("customers.limits.delayedMaxStake"));
  }
  const deposits = typedCents(values.dailyDepositLimit, locale);
  if (deposits !== undefined && deposits !== inForceCents(customer.dailyDepositLimit)) {
    if (!moneyLimitProtects(inForceCents(customer.dailyDepositLimit), deposits))
      delayed.push(i18n.t("customers.limits.delayedDailyDeposit"));
  }
  const until = typedDay(values.selfExcludedUntil);
  if (values.selfExcludedUntil !== initial.selfExcludedUntil && until !== undefined) {
    const inForce = customer.selfExcludedUntil ? Date.parse(customer.selfExcludedUntil) : null;
    if (!exclusionProtects(inForce, until))
      delayed.push(i18n.t("customers.limits.delayedSelfExclusion"));
  }
  return delayed;
}

/**
 * 'Responsible Gambling Limits': the maximum stake, the daily deposit limit (per business day,
 * decision 062) and a self-exclusion end date. Blank removes. Only the fields changed here are
 * sent.
 */
export default function CustomerLimitsDialog({
  customer,
  onClose,
}: {
  customer: Customer;
  onClose: () => void;
}) {
  const update = useUpdateCustomer();
  const isAdmin = useAtomValue(isAdminAtom);
  const locale = useNumberLocale();
  const initial = defaultsOf(customer, locale);
  const t = useT();
  const form = useForm<LimitFormValues, unknown, LimitsParsed>({
    resolver: withTypedAmounts(
      zodResolver(limitsSchema) as unknown as LimitsResolver,
      limitsSchema,
      locale,
    ),
    defaultValues: initial,
  });
  const { register, handleSubmit, formState, watch } = form;
  const errors = formState.errors;
  const values = watch();
  const delayed = delayedChanges(customer, values, initial, locale);

  const submit = (parsed: LimitsParsed) => {
    const body: Partial<Record<keyof LimitFormValues, string | null>> = {};
    // Amounts by what they read as (the prefill "1.000,50" is the 1000.50 in force), sent as
    // the literal the API reads ("1.000,50" typed in de is "1000.50"); blank removes.
    for (const key of ["maxStake", "dailyDepositLimit"] as const) {
      const cents = parsed[key] ?? null;
      if (cents !== inForceCents(customer[key])) {
        body[key] = cents === null ? null : formatCents(cents);
      }
    }
    const until = values.selfExcludedUntil.trim();
    if (until !== initial.selfExcludedUntil) body.selfExcludedUntil = until === "" ? null : until;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate({ id: customer.id, body }, { onSuccess: onClose });
  };

  return (
    <Dialog onClose={onClose} title={t("customers.limits.dialogTitle")}>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <MoneyField
          label={t("customers.limits.maxStakeField")}
          placeholder={t("customers.limits.noLimit")}
          typed={values.maxStake}
          error={errors.maxStake?.message}
          {...register("maxStake")}
        />
        <MoneyField
          label={t("customers.limits.dailyDepositField")}
          placeholder={t("customers.limits.noLimit")}
          typed={values.dailyDepositLimit}
          error={errors.dailyDepositLimit?.message}
          {...register("dailyDepositLimit")}
        />
        <InputField
          label={t("customers.limits.selfExcludedUntil")}
          type="date"
          hint={isAdmin ? undefined : t("customers.limits.endingNeedsAdmin")}
          error={errors.selfExcludedUntil?.message}
          {...register("selfExcludedUntil")}
        />
        <p className="mb-3 text-sm text-base-content/80">{t("customers.limits.rule")}</p>
        {delayed.length > 0 && (
          <p className="alert alert-info mb-3 text-sm" role="status">
            {t("customers.limits.delayed", { changes: delayed.join(", ") })}
          </p>
        )}
        <FormActions
          onCancel={onClose}
          pending={update.isPending}
          label={t("customers.limits.save")}
          pendingLabel={t("customers.limits.saving")}
        />
      </form>
    </Dialog>
  );
}
