import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { centsOf, formatCents, parseCents } from "../../../../src/domain/money";
import {
  createCustomerSchema,
  type UpdateCustomerInput,
  updateCustomerSchema,
} from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import {
  CheckboxField,
  FormActions,
  InputField,
  MoneyField,
  TextareaField,
} from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { euroCents } from "../../../lib/format";
import { useNumberLocale } from "../../../lib/locale";
import { typedAmount, withTypedAmounts } from "../../../lib/money-input";
import { isAdminAtom } from "../../../lib/session";
import { useCreditLimitCapCents } from "../../../lib/settings";
import { useCreateCustomer } from "../api/create-customer";
import { customerStatsQuery } from "../api/get-customer-stats";
import type { Customer } from "../api/types";
import { useUpdateCustomer } from "../api/update-customer";
import "../../../i18n/areas/customers";

interface CustomerFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  dateOfBirth: string;
  creditLimit: string;
  allowOverdraft: boolean;
  isActive: boolean;
}

/**
 * The form's first values: the credit limit as the locale types it ("1.000,50" in German,
 * read back "= 1.000,50 €"), which the locale reads back as the same amount.
 */
function defaultsOf(locale: string, customer?: Customer): CustomerFormValues {
  return {
    firstName: customer?.firstName ?? "",
    lastName: customer?.lastName ?? "",
    email: customer?.email ?? "",
    phone: customer?.phone ?? "",
    address: customer?.address ?? "",
    dateOfBirth: customer?.dateOfBirth ?? "",
    creditLimit: typedAmount(customer ? centsOf(customer.creditLimit) : 0, locale),
    allowOverdraft: customer?.allowOverdraft ?? false,
    isActive: customer?.isActive ?? true,
  };
}

/**
 * Unticking 'Customer is active' on an account that still holds money or pending bets: what
 * it holds, read from the customer's stats (as the page's Account Summary is), before saving.
 * A closed account takes no deposit, withdrawal or new bet (CUSTOMER_INACTIVE).
 */
function ClosingWarning({ customer }: { customer: Customer }) {
  const stats = useQuery(customerStatsQuery(customer.id));
  const t = useT();
  const balance = centsOf(customer.balance);
  const pending = stats.data?.activeBets ?? 0;
  const holdings = [
    ...(balance !== 0 ? [t("customers.form.closingBalance", { amount: euroCents(balance) })] : []),
    ...(pending > 0 ? [t("customers.form.closingBets", { count: pending })] : []),
  ];
  if (holdings.length === 0) return null;
  return (
    <div role="alert" className="alert alert-warning mb-3 text-sm">
      {t("customers.form.closingWarning", { holdings: holdings.join("; ") })}
    </div>
  );
}

/** The form's resolver, given only the form's own values and answer types. */
type FormResolver = Resolver<CustomerFormValues, unknown, UpdateCustomerInput>;

/**
 * Four eyes on risk (issue 10): for staff, a credit limit above STAFF_MAX_CREDIT_LIMIT is refused
 * here with the server's reason, unless it is no higher than the value an admin already gave.
 */
function withCreditLimitCap(
  resolver: FormResolver,
  rule: { capCents: number; keptCents?: number; reason: string } | null,
): FormResolver {
  if (!rule) return resolver;
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    // The literal withTypedAmounts handed on (the typed text when unreadable: null here).
    const cents = parseCents(values.creditLimit);
    const kept = rule.keptCents ?? 0;
    if (cents === null || cents <= rule.capCents || cents <= kept) return result;
    const creditLimit = { type: "cap", message: rule.reason };
    return { values: {}, errors: { ...result.errors, creditLimit } };
  };
}

/**
 * 'Add New Customer' (identical wherever it opens) and, given a customer, 'Edit Customer'
 * with the same rules plus date of birth and the active flag. Staff see the four-eyes
 * limits (issue 10): overdraft and a credit limit above the cap need an admin.
 */
export default function CustomerFormDialog({
  onClose,
  customer,
}: {
  onClose: () => void;
  customer?: Customer;
}) {
  const editing = customer !== undefined;
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const mutation = editing ? update : create;
  const isAdmin = useAtomValue(isAdminAtom);
  const capCents = useCreditLimitCapCents();
  const overdraftReasonId = useId();
  const t = useT();
  // Staff may keep (or clear) an overdraft an admin allowed, not allow one.
  const overdraftLocked = !isAdmin && !customer?.allowOverdraft;
  const capRule = isAdmin
    ? null
    : {
        capCents,
        keptCents: customer ? centsOf(customer.creditLimit) : undefined,
        reason: t("customers.form.capReason", { amount: euroCents(capCents) }),
      };
  const locale = useNumberLocale();
  const schema = editing ? updateCustomerSchema : createCustomerSchema;
  const form = useForm<CustomerFormValues, unknown, UpdateCustomerInput>({
    resolver: withTypedAmounts(
      withCreditLimitCap(zodResolver(schema) as unknown as FormResolver, capRule),
      schema,
      locale,
    ),
    defaultValues: defaultsOf(locale, customer),
  });
  const { register, handleSubmit, formState, watch } = form;
  const errors = formState.errors;

  const close = () => {
    form.reset(defaultsOf(locale, customer));
    onClose();
  };

  // The server's reasons per field ("Customer is under 18") also show beside the field.
  const showFieldErrors = (error: unknown) => {
    const fields = error instanceof ApiError ? error.fields : undefined;
    for (const [name, message] of Object.entries(fields ?? {})) {
      if (name in defaultsOf(locale)) form.setError(name as keyof CustomerFormValues, { message });
    }
  };
  // A refusal the server names a field for (UNDER_AGE on the date of birth) is written there
  // as its toast is, from its reason in the language shown (decision 070); a schema's
  // message is translated by the field itself (web/lib/validation.ts).
  const refusal =
    mutation.error instanceof ApiError && mutation.error.reason !== undefined
      ? mutation.error
      : null;
  const fieldError = (message: string | undefined) =>
    refusal && message === refusal.serverMessage ? errorMessage(refusal) : message;

  const submit = (values: UpdateCustomerInput) => {
    const common = {
      firstName: values.firstName ?? "",
      lastName: values.lastName ?? "",
      email: values.email ?? null,
      phone: values.phone ?? null,
      address: values.address ?? null,
      creditLimit: formatCents(values.creditLimitCents ?? 0),
      allowOverdraft: values.allowOverdraft ?? false,
    };
    if (customer) {
      update.mutate(
        {
          id: customer.id,
          body: { ...common, dateOfBirth: values.dateOfBirth ?? null, isActive: values.isActive },
        },
        { onSuccess: onClose, onError: showFieldErrors },
      );
    } else {
      create.mutate(
        { ...common, dateOfBirth: values.dateOfBirth ?? null },
        { onSuccess: close, onError: showFieldErrors },
      );
    }
  };

  return (
    <Dialog
      onClose={close}
      title={editing ? t("customers.form.editTitle") : t("customers.form.addTitle")}
      wide
    >
      <form noValidate onSubmit={handleSubmit(submit)}>
        <div className="grid grid-cols-2 gap-3">
          <InputField
            label={t("customers.form.firstName")}
            error={errors.firstName?.message}
            {...register("firstName")}
          />
          <InputField
            label={t("customers.form.lastName")}
            error={errors.lastName?.message}
            {...register("lastName")}
          />
          <InputField
            label={t("customers.email")}
            type="email"
            error={errors.email?.message}
            {...register("email")}
          />
          <InputField
            label={t("customers.phone")}
            type="tel"
            error={errors.phone?.message}
            {...register("phone")}
          />
        </div>
        <TextareaField
          label={t("customers.address")}
          rows={2}
          error={errors.address?.message}
          {...register("address")}
        />
        <div className="grid grid-cols-2 gap-3">
          <MoneyField
            label={t("customers.form.creditLimit")}
            typed={watch("creditLimit")}
            error={errors.creditLimit?.message}
            {...register("creditLimit")}
          />
          {/* Asked on creation too (issue 20): optional per the SPEC; under MIN_AGE is refused. */}
          <InputField
            label={t("customers.dateOfBirth")}
            type="date"
            error={fieldError(errors.dateOfBirth?.message)}
            {...register("dateOfBirth")}
          />
        </div>
        {capRule && (
          <p className="-mt-2 mb-3 text-sm text-base-content/80">
            {t("customers.form.capNote", { amount: euroCents(capCents) })}
          </p>
        )}
        <CheckboxField
          label={t("customers.form.allowOverdraft")}
          {...register("allowOverdraft")}
          disabled={overdraftLocked}
          aria-describedby={overdraftLocked ? overdraftReasonId : undefined}
        />
        {overdraftLocked && (
          <p id={overdraftReasonId} className="-mt-2 mb-3 text-sm text-base-content/80">
            {t("customers.form.overdraftAdminOnly")}
          </p>
        )}
        {editing && <CheckboxField label={t("customers.form.active")} {...register("isActive")} />}
        {customer?.isActive && !watch("isActive") && <ClosingWarning customer={customer} />}
        <FormActions
          onCancel={close}
          pending={mutation.isPending}
          label={editing ? t("customers.form.save") : t("customers.form.create")}
          pendingLabel={editing ? t("customers.form.saving") : t("customers.form.creating")}
        />
      </form>
    </Dialog>
  );
}
