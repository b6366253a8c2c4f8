import type { ReactNode } from "react";
import { availableFundsCents, centsOf } from "../../../../src/domain/money";
import { useT } from "../../../i18n";
import { euroCents } from "../../../lib/format";
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
  const t = useT();
  return (
    <section aria-label={t("balance.title")} className="mb-3 rounded-box bg-base-200 p-3 text-sm">
      <h3 className="mb-1 font-semibold">{t("balance.title")}</h3>
      <div className="flex justify-between">
        <span>{t("balance.current")}</span>
        <span className={balance >= 0 ? "text-success" : "text-error"}>{euroCents(balance)}</span>
      </div>
      {showCredit && (
        <>
          <div className="flex justify-between">
            <span>{t("balance.creditLimit")}</span>
            <span>{euroCents(limit)}</span>
          </div>
          <div className="flex justify-between">
            <span>{t("balance.available")}</span>
            <span>{euroCents(availableFundsCents(balance, limit))}</span>
          </div>
          {customer.allowOverdraft && (
            <p className="mt-1 text-info">{t("balance.overdraftAllowed")}</p>
          )}
        </>
      )}
      {children}
    </section>
  );
}
