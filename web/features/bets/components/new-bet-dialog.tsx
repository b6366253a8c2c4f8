import { zodResolver } from "@hookform/resolvers/zod";
import { useAtomValue } from "jotai";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import { betReturns, settledReturnCents, totalStakeCents } from "../../../../src/domain/each-way";
import { BET_STATUSES } from "../../../../src/domain/enums";
import {
  availableFundsCents,
  centsOf,
  checkBetFunds,
  formatCents,
} from "../../../../src/domain/money";
import { placeBetSchema } from "../../../../src/domain/schemas";
import { AmountConfirmation, useLargeAmountStep } from "../../../components/ui/amount-confirmation";
import { Dialog } from "../../../components/ui/dialog";
import {
  CheckboxField,
  FormActions,
  MoneyField,
  SelectField,
  TextareaField,
} from "../../../components/ui/field";
import { PickerField } from "../../../components/ui/picker-field";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { useFormDraft } from "../../../lib/draft";
import { euroCents, fullName } from "../../../lib/format";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { useNumberLocale } from "../../../lib/locale";
import { priceLiteral, typedCents, typedPrice, withTypedAmounts } from "../../../lib/money-input";
import { useNotify } from "../../../lib/notify";
import { isAdminAtom } from "../../../lib/session";
import { useCashBetMaxStakeCents } from "../../../lib/settings";
import { CustomerBalanceInfo, CustomerPicker, useCustomer } from "../../customers";
import { ShiftShopWarning, type useCurrentShift, useShiftShopDefault } from "../../shifts";
import { ShopPicker } from "../../shops";
import { type PlaceBetBody, usePlaceBet } from "../api/place-bet";
import { EachWayFields } from "./each-way-fields";
import { readTerms, SettlementTermsFields, termsBody, useTermsInput } from "./settlement-terms";
import "../../../i18n/areas/bets";

type BetFormInput = z.input<typeof placeBetSchema>;
type BetFormOutput = z.output<typeof placeBetSchema>;

export interface NewBetDialogProps {
  onClose: () => void;
  /** After the bet is placed (the New Bet button offers its slip). */
  onPlaced?: (bet: { id: number }) => void;
  customerId?: number;
  shopId?: number;
  /** The mode it opens in: Account (a customer's balance pays) or Cash (F4, issue 21). */
  payment?: BetPayment;
}

type BetPayment = "account" | "cash";

/**
 * A cash bet's body (decision 051): no customer, the shop of the open shift (the server's
 * choice), PENDING, no overcredit (there is no credit). Every other field is kept.
 */
function asCashBet({
  customerId: _customer,
  shopId: _shop,
  allowOvercredit: _overcredit,
  outcome: _outcome,
  voidReason: _reason,
  ...rest
}: PlaceBetBody): PlaceBetBody {
  return { ...rest, payment: "cash", outcome: "PENDING" };
}

/**
 * The form's values as the bet is sent: a cash bet has no outcome of its own (PENDING), and a
 * Void reason goes with a Void outcome only (the box shows for Void alone).
 */
function asSent(values: BetFormInput): BetFormInput {
  const outcome = values.payment === "cash" ? "PENDING" : values.outcome;
  return { ...values, outcome, voidReason: outcome === "VOID" ? values.voidReason : "" };
}

/**
 * 'Place New Bet': live payout, Customer Balance Info, the funds check before submit. Only an
 * admin may place a bet already settled (issue 10): staff see the outcome fixed at PENDING.
 * Two modes (issue 21, decision 051): Account, for a customer, and Cash, without one: the
 * stake goes into the till of the user's open shift, and the slip prints at once.
 */
export default function NewBetDialog({
  onClose,
  onPlaced,
  customerId,
  shopId,
  payment = "account",
}: NewBetDialogProps) {
  const isAdmin = useAtomValue(isAdminAtom);
  const notify = useNotify();
  const t = useT();
  const outcomeReasonId = useId();
  const idempotency = useIdempotencyKey();
  const mutation = usePlaceBet();
  const locale = useNumberLocale();
  const [, navigate] = useLocation();
  // An account bet's shop: the page's, else the open shift's, else the working shop (decision
  // 088). A cash bet's is the open shift's, always (decision 051).
  const shop = useShiftShopDefault(
    shopId,
    () => String(form.getValues("shopId") ?? ""),
    (id) => form.setValue("shopId", id),
  );
  const shift = shop.shift;
  const cashMaxCents = useCashBetMaxStakeCents();
  const cashNoteId = useId();
  const defaults: BetFormInput = {
    payment,
    customerId: customerId ? String(customerId) : "",
    shopId: shop.shopId,
    description: "",
    stakeAmount: "",
    odds: "",
    outcome: "PENDING",
    voidReason: "",
    allowOvercredit: false,
  };
  const resolver = withTypedAmounts(zodResolver(placeBetSchema), placeBetSchema, locale);
  const form = useForm<BetFormInput, unknown, BetFormOutput>({
    // Judged as it is sent: a reason typed for Void, then another outcome chosen, is on no
    // field shown and not sent, so it must not hold the form (the server refuses it, 090).
    resolver: (values, context, options) => resolver(asSent(values), context, options),
    defaultValues: defaults,
  });
  const { register, handleSubmit, control, watch, formState } = form;
  const errors = formState.errors;
  const cash = watch("payment") === "cash";
  const chosenCustomer = cash ? "" : String(watch("customerId") ?? "");
  const customer = useCustomer(chosenCustomer ? Number(chosenCustomer) : undefined).data;
  const stakeCents = typedCents(watch("stakeAmount"), locale) ?? 0;
  // The exact price (decision 048): 8.00 at 11/8 shows 19.00, as the server will take it.
  const price = typedPrice(watch("odds"), locale);
  // Each-way (decision 052): the stake typed is the unit; the bet costs twice it.
  const eachWay = watch("eachWay") ?? null;
  const totalCents = totalStakeCents(stakeCents, eachWay);
  const payout = stakeCents > 0 && price ? betReturns(totalCents, price, eachWay).potential : 0;
  const overcredit = !cash && isAdmin && watch("allowOvercredit") === true;
  // An admin placing a bet already Won or Placed may give its dead heats and Rule 4 (decision
  // 084); a pending or cash bet has none.
  const outcome = !cash && isAdmin ? (watch("outcome") ?? "PENDING") : "PENDING";
  const { input: termsInput, setInput: setTermsInput } = useTermsInput();
  const { terms, rule4Error } = readTerms(termsInput, outcome, eachWay !== null);
  // Staff take a cash bet up to CASH_BET_MAX_STAKE; above it, an admin (the server says 403).
  const cashNeedsAdmin = cash && !isAdmin && totalCents > cashMaxCents;
  const balanceCents = centsOf(customer?.balance);
  const creditLimitCents = centsOf(customer?.creditLimit);
  const availableCents = availableFundsCents(balanceCents, creditLimitCents);
  const exceeds = Boolean(customer) && !customer?.allowOverdraft && totalCents > availableCents;

  // Go back from the large amount: the stake is what the cashier corrects.
  const large = useLargeAmountStep<PlaceBetBody>(() => form.setFocus("stakeAmount"));

  const forgetDraft = useFormDraft(payment === "cash" ? "cash-bet" : "new-bet", form);
  const paymentField = register("payment", {
    // A cash bet has no customer: switching to Cash drops the one picked.
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value !== "cash") return;
      form.setValue("customerId", "");
      form.clearErrors("customerId");
    },
  });
  const close = () => {
    forgetDraft();
    large.back();
    form.reset(defaults);
    idempotency.reset();
    onClose();
  };

  const submit = (values: BetFormOutput) => {
    // A Rule 4 out of range is shown under its field; nothing is sent.
    if (cashNeedsAdmin || rule4Error) return;
    if (customer) {
      const funds = checkBetFunds({
        stakeCents: values.stakeCents,
        balanceCents,
        creditLimitCents,
        allowOverdraft: customer.allowOverdraft,
        overcredit,
      });
      if (!funds.ok) {
        notify.block(
          t("bet.insufficientFunds"),
          t("bet.insufficientFundsText", {
            balance: euroCents(balanceCents),
            limit: euroCents(creditLimitCents),
            available: euroCents(funds.availableCents),
            stake: euroCents(values.stakeCents),
          }),
        );
        return;
      }
    }
    const body = {
      customerId: values.customerId,
      shopId: values.shopId,
      description: values.description,
      // values.stakeCents is the total (twice the unit each-way); the API takes the unit.
      stakeAmount: formatCents(values.unitStakeCents),
      ...(values.eachWay ? { eachWay: values.eachWay } : {}),
      odds: priceLiteral(values.price),
      potentialPayout: formatCents(
        betReturns(values.stakeCents, values.price, values.eachWay).potential,
      ),
      allowOvercredit: overcredit,
      // Staff place PENDING whatever a restored draft says (the server would refuse).
      outcome: isAdmin ? values.outcome : ("PENDING" as const),
      ...(isAdmin && values.outcome === "VOID" ? { voidReason: values.voidReason } : {}),
      ...termsBody(terms),
    };
    // Placed as Won, it also pays out at once: the payout (never below the stake) is asked,
    // after its dead heats and Rule 4.
    const largest =
      body.outcome === "WON"
        ? Math.max(
            values.stakeCents,
            settledReturnCents(
              {
                stakeCents: values.stakeCents,
                potentialPayoutCents: betReturns(values.stakeCents, values.price, values.eachWay)
                  .potential,
                price: values.price,
                eachWay: values.eachWay,
              },
              "WON",
              terms,
            ),
          )
        : values.stakeCents;
    const sent: PlaceBetBody = cash ? asCashBet(body) : body;
    if (!large.holds(sent, largest)) send(sent);
  };
  const send = (body: PlaceBetBody) =>
    mutation.mutate(
      { body, key: idempotency.keyFor(body) },
      {
        onSuccess: (bet) => {
          onPlaced?.(bet);
          close();
          // A cash bet's slip is the bearer's claim: it prints at once (the slip's own page).
          if (body.payment === "cash") navigate(`/bets/${bet.id}/slip?print=original`);
        },
      },
    );

  return (
    <Dialog onClose={close} title={t("bet.title")} wide>
      {large.pending && (
        <AmountConfirmation
          question={
            large.pending.body.outcome === "WON"
              ? t("bet.confirmWon")
              : large.pending.body.payment === "cash"
                ? t("bet.confirmCash")
                : t("bet.confirmStake", {
                    name: customer ? fullName(customer) : t("common.theCustomer"),
                  })
          }
          amountCents={large.pending.amountCents}
          details={<p className="text-sm">{large.pending.body.description}</p>}
          confirmLabel={t("bet.confirmPlace")}
          pending={mutation.isPending}
          pendingLabel={t("common.processing")}
          onBack={large.goBack}
          onConfirm={() => large.pending && send(large.pending.body)}
        />
      )}
      <form noValidate hidden={large.pending !== null} onSubmit={handleSubmit(submit)}>
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium">{t("bet.payment")}</legend>
          <div className="join">
            <input
              type="radio"
              className="join-item btn btn-sm"
              value="account"
              aria-label={t("bet.account")}
              {...paymentField}
            />
            <input
              type="radio"
              className="join-item btn btn-sm"
              value="cash"
              aria-label={t("bet.cash")}
              {...paymentField}
            />
          </div>
        </fieldset>
        {cash ? (
          <CashBetShop shift={shift} />
        ) : (
          <>
            <PickerField control={control} name="customerId" picker={CustomerPicker} />
            <PickerField control={control} name="shopId" picker={ShopPicker} />
            <ShiftShopWarning shift={shift} shopId={String(watch("shopId") ?? "")} what="bet" />
          </>
        )}
        {customer && <CustomerBalanceInfo customer={customer} />}
        <TextareaField
          label={t("bet.description")}
          rows={2}
          error={errors.description?.message}
          {...register("description")}
        />
        <div className="grid grid-cols-2 gap-3">
          <MoneyField
            label={t("bet.stakeAmount")}
            typed={watch("stakeAmount")}
            error={errors.stakeAmount?.message}
            {...register("stakeAmount")}
          />
          <MoneyField
            label={t("bet.odds")}
            kind="odds"
            typed={watch("odds")}
            error={errors.odds?.message}
            {...register("odds")}
          />
        </div>
        <EachWayFields
          value={eachWay}
          onChange={(terms) => form.setValue("eachWay", terms)}
          unitCents={stakeCents}
          price={price}
        />
        {cash && (
          <p id={cashNoteId} className="-mt-2 mb-3 text-sm text-base-content/80">
            {t("bet.cashNote")}
          </p>
        )}
        {cashNeedsAdmin && (
          <div role="alert" className="alert alert-warning mb-2" data-testid="cash-needs-admin">
            {t("bet.cashNeedsAdmin", { amount: euroCents(cashMaxCents) })}
          </div>
        )}
        {!cash && (
          <>
            <SelectField
              label={t("bet.outcome")}
              {...register("outcome")}
              disabled={!isAdmin}
              aria-describedby={isAdmin ? undefined : outcomeReasonId}
            >
              {BET_STATUSES.filter((s) => s !== "PLACED" || eachWay).map((status) => (
                <option key={status} value={status}>
                  {t(`bets.status.${status}`)}
                </option>
              ))}
            </SelectField>
            {!isAdmin && (
              <p id={outcomeReasonId} className="-mt-2 mb-3 text-sm text-base-content/80">
                {t("bet.outcomeAdminOnly")}
              </p>
            )}
            {(outcome === "WON" || outcome === "PLACED") && (
              <SettlementTermsFields
                input={termsInput}
                setInput={setTermsInput}
                status={outcome}
                eachWay={eachWay !== null}
                rule4Error={rule4Error}
              />
            )}
            {isAdmin && watch("outcome") === "VOID" && (
              <TextareaField
                label={t("bet.voidReason")}
                rows={2}
                error={errors.voidReason?.message}
                {...register("voidReason")}
              />
            )}
            {isAdmin && (
              <CheckboxField label={t("bet.allowOvercredit")} {...register("allowOvercredit")} />
            )}
          </>
        )}
        <p className="mb-2 rounded-box bg-base-200 p-3">
          {t("bet.potentialPayout")}{" "}
          <strong data-testid="potential-payout">{euroCents(payout)}</strong>
        </p>
        {exceeds && (
          <div role="alert" className="alert alert-warning mb-2 flex flex-col items-start">
            <span>{t("bet.exceeds")}</span>
            {isAdmin && <span className="text-sm">{t("bet.adminOvercredit")}</span>}
          </div>
        )}
        {cash && mutation.error && (
          <div role="alert" className="alert alert-error mb-2 flex flex-col items-start">
            <span>{errorMessage(mutation.error)}</span>
            {shift === null && <span className="text-sm">{t("bet.openShiftFirst")}</span>}
          </div>
        )}
        <FormActions
          onCancel={close}
          pending={mutation.isPending}
          label={t("bet.placeBet")}
          pendingLabel={t("common.processing")}
        />
      </form>
    </Dialog>
  );
}

/** A cash bet's shop: the one of the user's open shift, read-only (or why there is none). */
function CashBetShop({ shift }: { shift: ReturnType<typeof useCurrentShift>["data"] }) {
  const t = useT();
  return (
    <div className="mb-3" data-testid="cash-bet-shop">
      <div className="text-sm font-medium">{t("bet.shop")}</div>
      {shift ? (
        <p>
          {shift.shop?.name ?? t("bet.shopNumber", { id: shift.shopId })}{" "}
          <span className="text-sm text-base-content/70">{t("bet.shiftTill")}</span>
        </p>
      ) : shift === null ? (
        // Styled as every warning in a dialog (the other shop's, decision 088): daisyUI's
        // alert-warning reads at AA in both themes; white on a pale amber read at 1.31:1.
        <p role="note" className="alert alert-warning py-2 text-sm" data-testid="no-shift">
          {t("bet.noShift")}
        </p>
      ) : (
        <p className="text-sm">{t("bet.loadingShift")}</p>
      )}
    </div>
  );
}
