import { useAtomValue } from "jotai";
import { lazy, type ReactNode } from "react";
import { formatExclusionEnd } from "../../../../src/domain/limits";
import { centsOf, formatEuro } from "../../../../src/domain/money";
import { DialogButton } from "../../../components/ui/dialog-button";
import { Detail, Panel } from "../../../components/ui/page-header";
import { formatDateTime } from "../../../lib/format";
import { canMutateAtom } from "../../../lib/session";
import type { Customer } from "../api/types";

const CustomerLimitsDialog = lazy(() => import("./customer-limits-dialog"));

const money = (value: string | null) => (value === null ? "None" : formatEuro(centsOf(value)));
const exclusionEnd = (iso: string) => formatExclusionEnd(Date.parse(iso));

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
  return (
    <Detail label={label}>
      {value}
      {pending && (
        <span className="block text-sm font-normal text-base-content/80">
          <span className="badge badge-warning badge-sm mr-1">Pending</span>
          {pending.text} from {formatDateTime(pending.appliesAt)}
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
  return (
    <Panel
      title="Limits"
      actions={
        canMutate && (
          <DialogButton label="Set Limits" className="btn-outline btn-sm">
            {(close) => <CustomerLimitsDialog customer={customer} onClose={close} />}
          </DialogButton>
        )
      }
    >
      <dl>
        <Limit
          label="Max Stake"
          value={money(customer.maxStake)}
          pending={
            pending.maxStake && {
              text: pending.maxStake.value === null ? "No limit" : money(pending.maxStake.value),
              appliesAt: pending.maxStake.appliesAt,
            }
          }
        />
        <Limit
          label="Daily Deposit Limit"
          value={money(customer.dailyDepositLimit)}
          pending={
            pending.dailyDepositLimit && {
              text:
                pending.dailyDepositLimit.value === null
                  ? "No limit"
                  : money(pending.dailyDepositLimit.value),
              appliesAt: pending.dailyDepositLimit.appliesAt,
            }
          }
        />
        <Limit
          label="Self-excluded"
          value={
            customer.selfExcludedUntil ? `Until ${exclusionEnd(customer.selfExcludedUntil)}` : "No"
          }
          pending={
            pending.selfExcludedUntil && {
              text:
                pending.selfExcludedUntil.value === null
                  ? "Ends"
                  : `Until ${exclusionEnd(pending.selfExcludedUntil.value)}`,
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
  if (!customer.selfExcludedUntil) return null;
  return (
    <div className="alert alert-warning mb-4" role="status">
      <span>
        <strong>Self-excluded until {exclusionEnd(customer.selfExcludedUntil)}.</strong> Bets and
        deposits are refused; withdrawals still work.
      </span>
    </div>
  );
}
