import type { ReactNode } from "react";
import { availableFundsCents, centsOf, formatEuro } from "../../../../src/domain/money";
import type { Customer } from "../api/types";

/** The Customer Balance Info panel: balance (green at zero or more, red below), limit, available. */
export function CustomerBalanceInfo({
  customer,
  children,
  showCredit = true,
}: {
  customer: Customer;
  children?: ReactNode;
  showCredit?: boolean;
}) {
  const balance = centsOf(customer.balance);
  const limit = centsOf(customer.creditLimit);
  return (
    <section
      aria-label="Customer Balance Info"
      className="mb-3 rounded-box bg-base-200 p-3 text-sm"
    >
      <h3 className="mb-1 font-semibold">Customer Balance Info</h3>
      <div className="flex justify-between">
        <span>Current Balance:</span>
        <span className={balance >= 0 ? "text-success" : "text-error"}>{formatEuro(balance)}</span>
      </div>
      {showCredit && (
        <>
          <div className="flex justify-between">
            <span>Credit Limit:</span>
            <span>{formatEuro(limit)}</span>
          </div>
          <div className="flex justify-between">
            <span>Available:</span>
            <span>{formatEuro(availableFundsCents(balance, limit))}</span>
          </div>
          {customer.allowOverdraft && <p className="mt-1 text-info">Overdraft allowed</p>}
        </>
      )}
      {children}
    </section>
  );
}
