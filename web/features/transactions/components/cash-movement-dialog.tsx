import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  centsOf,
  checkWithdrawal,
  formatCents,
  type WithdrawalCheck,
  withdrawableCents,
} from "../../../../src/domain/money";
import { cashMovementSchema } from "../../../../src/domain/schemas";
import { AmountConfirmation, useLargeAmountStep } from "../../../components/ui/amount-confirmation";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions, MoneyField, TextareaField } from "../../../components/ui/field";
import { PickerField } from "../../../components/ui/picker-field";
import { useT } from "../../../i18n";
import { useFormDraft } from "../../../lib/draft";
import { euroCents, fullName } from "../../../lib/format";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { useNumberLocale } from "../../../lib/locale";
import { typedCents, withTypedAmounts } from "../../../lib/money-input";
import { useNotify } from "../../../lib/notify";
import { type Customer, CustomerBalanceInfo, CustomerPicker, useCustomer } from "../../customers";
import { transactionReceipt, useOfferReceipt } from "../../receipts";
import { ShiftShopWarning, useShiftShopDefault } from "../../shifts";
import { ShopPicker } from "../../shops";
import { type CashMovementBody, useCreateDeposit } from "../api/create-deposit";
import { useCreateWithdrawal } from "../api/create-withdrawal";
import "../../../i18n/areas/transactions";

type CashFormInput = z.input<typeof cashMovementSchema>;
type CashFormOutput = z.output<typeof cashMovementSchema>;

export interface CashMovementDialogProps {
  kind: "deposit" | "withdrawal";
  onClose: () => void;
  customerId?: number;
  shopId?: number;
}

/**
 * The withdrawal rule's refusal in the reader's language (decision 088): the block's title and
 * message, and the inline alert.
 */
function withdrawalRefusal(
  t: ReturnType<typeof useT>,
  check: Exclude<WithdrawalCheck, { ok: true }>,
) {
  if (check.reason === "NO_POSITIVE_BALANCE") {
    return {
      title: t("transactions.withdrawalCheck.noBalanceTitle"),
      message: t("transactions.withdrawalCheck.noBalance"),
      inline: t("transactions.withdrawalCheck.noBalanceInline"),
    };
  }
  return {
    title: t("transactions.withdrawalCheck.exceedsTitle"),
    message: t("transactions.withdrawalCheck.exceeds", {
      balance: euroCents(check.balanceCents),
      amount: euroCents(check.amountCents),
    }),
    inline: t("transactions.withdrawalCheck.exceedsInline"),
  };
}

function WithdrawalInfo({ customer, amountCents }: { customer: Customer; amountCents: number }) {
  const balance = centsOf(customer.balance);
  const check = checkWithdrawal(balance, amountCents);
  const t = useT();
  return (
    <CustomerBalanceInfo customer={customer} showCredit={false}>
      <div className="flex justify-between">
        <span>{t("cash.availableForWithdrawal")}</span>
        <span>{euroCents(withdrawableCents(balance))}</span>
      </div>
      <p className="mt-1 text-xs text-base-content/70">{t("cash.withdrawalRule")}</p>
      {!check.ok && (
        <div role="alert" className="alert alert-error mt-2 py-2">
          {withdrawalRefusal(t, check).inline}
        </div>
      )}
    </CustomerBalanceInfo>
  );
}

function DepositInfo({ customer, amountCents }: { customer: Customer; amountCents: number }) {
  const balance = centsOf(customer.balance);
  const after = balance + amountCents;
  const t = useT();
  return (
    <CustomerBalanceInfo customer={customer} showCredit={false}>
      <div className="flex justify-between">
        <span>{t("cash.deposit")}</span>
        <span>{euroCents(amountCents)}</span>
      </div>
      <div className="flex justify-between font-semibold">
        <span>{t("cash.newBalance")}</span>
        <span className={after >= 0 ? "text-success" : "text-error"}>{euroCents(after)}</span>
      </div>
      {balance < 0 && after >= 0 && <p className="mt-1 text-success">{t("cash.clearsDebt")}</p>}
      {balance < 0 && after < 0 && <p className="mt-1 text-warning">{t("cash.stillDebt")}</p>}
    </CustomerBalanceInfo>
  );
}

/** 'Process Customer Deposit' and 'Process Customer Withdrawal'. */
export default function CashMovementDialog({
  kind,
  onClose,
  customerId,
  shopId,
}: CashMovementDialogProps) {
  const notify = useNotify();
  const t = useT();
  const idempotency = useIdempotencyKey();
  // The receipt is offered once the movement is done (issue 21 item 4, decision 053).
  const offerReceipt = useOfferReceipt();
  const deposit = useCreateDeposit();
  const withdrawal = useCreateWithdrawal();
  const mutation = kind === "deposit" ? deposit : withdrawal;
  const locale = useNumberLocale();
  // The page's shop, else the open shift's, else the working shop (decision 088).
  const shop = useShiftShopDefault(
    shopId,
    () => String(form.getValues("shopId") ?? ""),
    (id) => form.setValue("shopId", id),
  );
  const defaults: CashFormInput = {
    customerId: customerId ? String(customerId) : "",
    shopId: shop.shopId,
    amount: "",
    description: "",
  };
  const form = useForm<CashFormInput, unknown, CashFormOutput>({
    resolver: withTypedAmounts(zodResolver(cashMovementSchema), cashMovementSchema, locale),
    defaultValues: defaults,
  });
  const { register, handleSubmit, control, watch, formState } = form;
  const errors = formState.errors;
  const chosen = String(watch("customerId") ?? "");
  const customer = useCustomer(chosen ? Number(chosen) : undefined).data;
  const amountCents = Math.max(0, typedCents(watch("amount"), locale) ?? 0);
  const blocked =
    kind === "withdrawal" &&
    customer !== undefined &&
    !checkWithdrawal(centsOf(customer.balance), amountCents).ok;

  // Go back from the large amount: the amount is what the cashier corrects.
  const large = useLargeAmountStep<CashMovementBody>(() => form.setFocus("amount"));

  const forgetDraft = useFormDraft(kind, form);
  const close = () => {
    forgetDraft();
    large.back();
    form.reset(defaults);
    idempotency.reset();
    onClose();
  };

  const submit = (values: CashFormOutput) => {
    if (kind === "withdrawal" && customer) {
      const check = checkWithdrawal(centsOf(customer.balance), values.amountCents);
      if (!check.ok) {
        const refusal = withdrawalRefusal(t, check);
        notify.block(refusal.title, refusal.message);
        return;
      }
    }
    const body = {
      customerId: values.customerId,
      shopId: values.shopId,
      amount: formatCents(values.amountCents),
      description: values.description,
    };
    if (!large.holds(body, values.amountCents)) send(body);
  };
  const send = (body: CashMovementBody) =>
    mutation.mutate(
      { body, key: idempotency.keyFor(body) },
      {
        onSuccess: (transaction) => {
          offerReceipt({ receipt: transactionReceipt(transaction) });
          close();
        },
      },
    );

  return (
    <Dialog
      onClose={close}
      title={t(kind === "deposit" ? "cash.depositTitle" : "cash.withdrawalTitle")}
    >
      {large.pending && (
        <AmountConfirmation
          question={t(kind === "deposit" ? "cash.confirmDeposit" : "cash.confirmWithdrawal", {
            name: customer ? fullName(customer) : t("common.theCustomer"),
          })}
          amountCents={large.pending.amountCents}
          confirmLabel={t(kind === "deposit" ? "cash.yesDeposit" : "cash.yesWithdraw", {
            amount: euroCents(large.pending.amountCents),
          })}
          pending={mutation.isPending}
          pendingLabel={t("common.processing")}
          onBack={large.goBack}
          onConfirm={() => large.pending && send(large.pending.body)}
        />
      )}
      <form noValidate hidden={large.pending !== null} onSubmit={handleSubmit(submit)}>
        <PickerField control={control} name="customerId" picker={CustomerPicker} />
        <PickerField control={control} name="shopId" picker={ShopPicker} />
        <ShiftShopWarning shift={shop.shift} shopId={String(watch("shopId") ?? "")} what="cash" />
        {customer &&
          (kind === "deposit" ? (
            <DepositInfo customer={customer} amountCents={amountCents} />
          ) : (
            <WithdrawalInfo customer={customer} amountCents={amountCents} />
          ))}
        <MoneyField
          label={t("cash.amount")}
          typed={watch("amount")}
          error={errors.amount?.message}
          {...register("amount")}
        />
        <TextareaField
          label={t("cash.description")}
          rows={2}
          error={errors.description?.message}
          {...register("description")}
        />
        <FormActions
          onCancel={close}
          pending={mutation.isPending}
          label={t("cash.process")}
          pendingLabel={t("common.processing")}
          disabled={blocked}
        />
      </form>
    </Dialog>
  );
}
