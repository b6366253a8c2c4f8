import { CREDIT_TYPES, DEBIT_TYPES, type TransactionType } from "../../../../src/domain/enums";
import { euro } from "../../../lib/format";

/** Deposit, payout and refund show a plus sign (green); withdrawal and betting a minus (red). */
export function SignedAmount({ type, amount }: { type: TransactionType; amount: string }) {
  if (CREDIT_TYPES.includes(type)) return <span className="text-success">+{euro(amount)}</span>;
  if (DEBIT_TYPES.includes(type)) return <span className="text-error">-{euro(amount)}</span>;
  return <span>{euro(amount)}</span>;
}

export function typeColour(type: TransactionType): string {
  if (CREDIT_TYPES.includes(type)) return "text-success";
  if (DEBIT_TYPES.includes(type)) return "text-error";
  return "";
}
