import { useAtomValue } from "jotai";
import { lazy, type ReactNode } from "react";
import { centsOf } from "../../../../src/domain/money";
import { DialogButton } from "../../../components/ui/dialog-button";
import { Detail, Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { euroCents, formatDateTime } from "../../../lib/format";
import { canMutateAtom } from "../../../lib/session";
import { formatDayOrDateTime } from "../../../lib/time";
import type { Customer } from "../api/types";
import "../../../i18n/areas/customers";

const CustomerLimitsDialog = lazy(() => import("./customer-limits-dialog"));

const money = (value: string | null, none: string) =>
  value === null ? none : euroCents(centsOf(value));
// Told in the business zone (decision 062) and the reader's locale (decision 063): an
// exclusion typed as 2027-05-22 in Berlin ends at 2027-05-21T22:00Z and reads "22 May 2027"
// ("22. Mai 2027"), not the UTC day before.
const exclusionEnd = (iso: string) => formatDayOrDateTime(iso);

/** A limit in force and, under it, the change waiting its 24 hours (decision 032). */
function Limit({
  label,
  value,
  pending,
}: {
  label: string;
  value: ReactNode;
  pending: { text: string; appliesAt: string } | null;
}) {
  const t = useT();
  return (
    <Detail label={label}>
      {value}
      {pending && (
        <span className="block text-sm font-normal text-base-content/80">
          <span className="badge badge-warning badge-sm mr-1">{t("customers.limits.pending")}</span>
          {t("customers.limits.pendingFrom", {
            change: pending.text,
            time: formatDateTime(pending.appliesAt),
          })}
        </span>
      )}
    </Detail>
  );
}

/**
 * The customer's responsible-gambling limits: each value in force, a loosening still waiting
 * (with when it applies), and for staff the dialog that sets them.
 */
export function CustomerLimitsPanel({ customer }: { customer: Customer }) {
  const canMutate = useAtomValue(canMutateAtom);
  const { pendingLimits: pending } = customer;
  const t = useT();
  const none = t("customers.limits.none");
  const noLimit = t("customers.limits.noLimit");
  const until = (iso: string) => t("customers.limits.until", { date: exclusionEnd(iso) });
  return (
    <Panel
      title={t("customers.limits.title")}
      actions={
        canMutate && (
          <DialogButton label={t("customers.limits.set")} className="btn-outline btn-sm">
            {(close) => <CustomerLimitsDialog customer={customer} onClose={close} />}
          </DialogButton>
        )
      }
    >
      <dl>
        <Limit
          label={t("customers.limits.maxStake")}
          value={money(customer.maxStake, none)}
          pending={
            pending.maxStake && {
              text: pending.maxStake.value === null ? noLimit : money(pending.maxStake.value, none),
              appliesAt: pending.maxStake.appliesAt,
            }
          }
        />
        <Limit
          label={t("customers.limits.dailyDeposit")}
          value={money(customer.dailyDepositLimit, none)}
          pending={
            pending.dailyDepositLimit && {
              text:
                pending.dailyDepositLimit.value === null
                  ? noLimit
                  : money(pending.dailyDepositLimit.value, none),
              appliesAt: pending.dailyDepositLimit.appliesAt,
            }
          }
        />
        <Limit
          label={t("customers.limits.selfExcluded")}
          value={
            customer.selfExcludedUntil
              ? until(customer.selfExcludedUntil)
              : t("customers.limits.no")
          }
          pending={
            pending.selfExcludedUntil && {
              text:
                pending.selfExcludedUntil.value === null
                  ? t("customers.limits.ends")
                  : until(pending.selfExcludedUntil.value),
              appliesAt: pending.selfExcludedUntil.appliesAt,
            }
          }
        />
      </dl>
    </Panel>
  );
}

/** Shown across the customer page while the customer is self-excluded. */
export function SelfExclusionBanner({ customer }: { customer: Customer }) {
  const t = useT();
  if (!customer.selfExcludedUntil) return null;
  return (
    <div className="alert alert-warning mb-4" role="status">
      <span>
        <strong>
          {t("customers.limits.banner", { date: exclusionEnd(customer.selfExcludedUntil) })}
        </strong>{" "}
        {t("customers.limits.bannerText")}
      </span>
    </div>
  );
}
