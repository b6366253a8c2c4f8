import type { ReactNode } from "react";
import { availableFundsCents, centsOf } from "../../../../src/domain/money";
import { ActiveBadge } from "../../../components/ui/badges";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { Detail, PageHeader, Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { isNotFound } from "../../../lib/api-client";
import { euroCents, formatDate, fullName } from "../../../lib/format";
import { useCustomer } from "../api/get-customer";
import { useCustomerStats } from "../api/get-customer-stats";
import type { Customer } from "../api/types";
import { customerContact, customerNumber } from "../customer-label";
import { CustomerFormButton } from "./customer-form-button";
import { CustomerLimitsPanel, SelfExclusionBanner } from "./customer-limits";
import "../../../i18n/areas/customers";

/**
 * What other features add to the page, given the loaded customer; the route composes them
 * (bets and transactions build on customers, so customers cannot import them).
 */
export interface CustomerDetailSlots {
  /** Header buttons beside Edit (e.g. New Bet). */
  actions?: (customer: Customer) => ReactNode;
  /** Buttons under the balance (e.g. Withdraw and Deposit). */
  balanceActions?: (customer: Customer) => ReactNode;
  /** Panels under Personal Information (e.g. the recent transactions and bets). */
  activity?: (customer: Customer) => ReactNode;
}

function AccountBalance({ customer, children }: { customer: Customer; children?: ReactNode }) {
  const balance = centsOf(customer.balance);
  const limit = centsOf(customer.creditLimit);
  const available = availableFundsCents(balance, limit);
  const t = useT();
  return (
    <Panel title={t("customers.detail.accountBalance")}>
      <div className={`text-3xl font-bold ${balance < 0 ? "text-error" : ""}`}>
        {euroCents(balance)}
      </div>
      <div className="my-2 flex gap-2">{children}</div>
      <dl>
        <Detail label={t("customers.creditLimit")}>{euroCents(limit)}</Detail>
        <Detail label={t("customers.detail.availableCredit")}>
          <span className={available < 0 ? "text-error" : ""}>{euroCents(available)}</span>
        </Detail>
        <Detail label={t("customers.overdraft")}>
          {customer.allowOverdraft ? t("customers.allowed") : t("customers.notAllowed")}
        </Detail>
      </dl>
    </Panel>
  );
}

/**
 * No date of birth on record (the SPEC keeps it optional): nobody has checked the age, which
 * the cashier should see before taking a bet (issue 20, decision 041).
 */
function AgeNotVerified() {
  const t = useT();
  return (
    <span className="badge badge-warning" title={t("customers.detail.noDateOfBirth")}>
      {t("customers.detail.ageNotVerified")}
    </span>
  );
}

function AccountSummary({ customer }: { customer: Customer }) {
  const { data } = useCustomerStats(customer.id);
  const t = useT();
  return (
    <Panel title={t("customers.detail.accountSummary")}>
      <dl>
        <Detail label={t("customers.detail.totalBets")}>{data?.totalBets ?? 0}</Detail>
        <Detail label={t("customers.detail.activeBets")}>{data?.activeBets ?? 0}</Detail>
        <Detail label={t("customers.detail.wonBets")}>{data?.wonBets ?? 0}</Detail>
        <Detail label={t("customers.detail.placedBets")}>{data?.placedBets ?? 0}</Detail>
        <Detail label={t("customers.detail.lostBets")}>{data?.lostBets ?? 0}</Detail>
        <Detail label={t("customers.detail.memberSince")}>{formatDate(customer.createdAt)}</Detail>
      </dl>
    </Panel>
  );
}

export default function CustomerDetail({
  id,
  actions,
  balanceActions,
  activity,
}: { id: number } & CustomerDetailSlots) {
  const { data: customer, isLoading, error } = useCustomer(id);
  const t = useT();
  if (isLoading) return <LoadingText text={t("customers.detail.loading")} />;
  if (isNotFound(error) || (!error && !customer) || !Number.isSafeInteger(id) || id <= 0) {
    return (
      <StateCard
        title={t("customers.detail.notFound")}
        backHref="/customers"
        backLabel={t("customers.detail.back")}
      />
    );
  }
  if (error || !customer) {
    return (
      <StateCard
        title={t("customers.detail.loadError")}
        text={t("customers.detail.loadErrorText")}
      />
    );
  }
  return (
    <>
      <PageHeader
        title={fullName(customer)}
        subtitle={[customerNumber(customer.id), customerContact(customer)]
          .filter(Boolean)
          .join(" · ")}
        actions={
          <>
            {actions?.(customer)}
            <CustomerFormButton customer={customer} />
            <ActiveBadge active={customer.isActive} />
            {!customer.dateOfBirth && <AgeNotVerified />}
          </>
        }
      />
      <SelfExclusionBanner customer={customer} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Panel title={t("customers.detail.personal")}>
            <dl>
              <Detail label={t("customers.firstName")}>{customer.firstName}</Detail>
              <Detail label={t("customers.lastName")}>{customer.lastName}</Detail>
              <Detail label={t("customers.email")}>
                {customer.email || t("customers.notAvailable")}
              </Detail>
              <Detail label={t("customers.phone")}>
                {customer.phone || t("customers.notAvailable")}
              </Detail>
              <Detail label={t("customers.address")}>
                {customer.address || t("customers.notAvailable")}
              </Detail>
              {customer.dateOfBirth && (
                <Detail label={t("customers.dateOfBirth")}>
                  {formatDate(customer.dateOfBirth)}
                </Detail>
              )}
            </dl>
          </Panel>
          {activity?.(customer)}
        </div>
        <div className="flex flex-col gap-6">
          <AccountBalance customer={customer}>{balanceActions?.(customer)}</AccountBalance>
          <AccountSummary customer={customer} />
          <CustomerLimitsPanel customer={customer} />
        </div>
      </div>
    </>
  );
}
