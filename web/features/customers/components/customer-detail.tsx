import type { ReactNode } from "react";
import { availableFundsCents, centsOf, formatEuro } from "../../../../src/domain/money";
import { ActiveBadge } from "../../../components/ui/badges";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { Detail, PageHeader, Panel } from "../../../components/ui/page-header";
import { isNotFound } from "../../../lib/api-client";
import { formatDate, fullName } from "../../../lib/format";
import { useCustomer } from "../api/get-customer";
import { useCustomerStats } from "../api/get-customer-stats";
import type { Customer } from "../api/types";
import { customerContact, customerNumber } from "../customer-label";
import { CustomerFormButton } from "./customer-form-button";
import { CustomerLimitsPanel, SelfExclusionBanner } from "./customer-limits";

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
  return (
    <Panel title="Account Balance">
      <div className={`text-3xl font-bold ${balance < 0 ? "text-error" : ""}`}>
        {formatEuro(balance)}
      </div>
      <div className="my-2 flex gap-2">{children}</div>
      <dl>
        <Detail label="Credit Limit">{formatEuro(limit)}</Detail>
        <Detail label="Available Credit">
          <span className={available < 0 ? "text-error" : ""}>{formatEuro(available)}</span>
        </Detail>
        <Detail label="Overdraft">{customer.allowOverdraft ? "Allowed" : "Not Allowed"}</Detail>
      </dl>
    </Panel>
  );
}

/**
 * No date of birth on record (the SPEC keeps it optional): nobody has checked the age, which
 * the cashier should see before taking a bet (issue 20, decision 041).
 */
function AgeNotVerified() {
  return (
    <span className="badge badge-warning" title="No date of birth on record">
      Age not verified
    </span>
  );
}

function AccountSummary({ customer }: { customer: Customer }) {
  const { data } = useCustomerStats(customer.id);
  return (
    <Panel title="Account Summary">
      <dl>
        <Detail label="Total Bets">{data?.totalBets ?? 0}</Detail>
        <Detail label="Active Bets">{data?.activeBets ?? 0}</Detail>
        <Detail label="Won Bets">{data?.wonBets ?? 0}</Detail>
        <Detail label="Placed Bets">{data?.placedBets ?? 0}</Detail>
        <Detail label="Lost Bets">{data?.lostBets ?? 0}</Detail>
        <Detail label="Member Since">{formatDate(customer.createdAt)}</Detail>
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
  if (isLoading) return <LoadingText text="Loading customer details..." />;
  if (isNotFound(error) || (!error && !customer) || !Number.isSafeInteger(id) || id <= 0) {
    return (
      <StateCard title="Customer Not Found" backHref="/customers" backLabel="Back to Customers" />
    );
  }
  if (error || !customer) {
    return (
      <StateCard
        title="Error Loading Customer"
        text="There was an error loading the customer details. Please try again."
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
          <Panel title="Personal Information">
            <dl>
              <Detail label="First Name">{customer.firstName}</Detail>
              <Detail label="Last Name">{customer.lastName}</Detail>
              <Detail label="Email">{customer.email || "N/A"}</Detail>
              <Detail label="Phone">{customer.phone || "N/A"}</Detail>
              <Detail label="Address">{customer.address || "N/A"}</Detail>
              {customer.dateOfBirth && (
                <Detail label="Date of Birth">{formatDate(customer.dateOfBirth)}</Detail>
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
