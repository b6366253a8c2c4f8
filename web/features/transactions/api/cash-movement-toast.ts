import type { QueryClient } from "@tanstack/react-query";
import { centsOf } from "../../../../src/domain/money";
import { i18n } from "../../../i18n";
import { euroCents } from "../../../lib/format";
import { type Customer, customerAfterWrite, customerName } from "../../customers";

/** The SPEC's success texts, kept first so they are still found where they were looked for. */
const DONE = {
  deposit: "cash.depositDone",
  withdrawal: "cash.withdrawalDone",
} as const;

/**
 * "€10.50 deposited for Sarah Quinn (C-000231); balance €262.54" (issue 20, item 7): whom,
 * how much and the balance now, so a wrong customer or amount is seen at once.
 */
export function cashMovementText(
  kind: "deposit" | "withdrawal",
  amountCents: number,
  customer: Pick<Customer, "id" | "firstName" | "lastName" | "balance">,
): string {
  return i18n.t(kind === "deposit" ? "cash.deposited" : "cash.withdrawn", {
    amount: euroCents(amountCents),
    name: customerName(customer),
    balance: euroCents(centsOf(customer.balance)),
  });
}

/**
 * The success toast's description: the SPEC's text, then the movement named with the balance
 * after it, asked of the server once the write has answered (`customerAfterWrite`, decision
 * 088). Without an answer the toast says what it knows.
 */
export async function cashMovementToast(
  queryClient: QueryClient,
  kind: "deposit" | "withdrawal",
  amountCents: number,
  customerId: number,
): Promise<string> {
  try {
    const customer = await customerAfterWrite(queryClient, customerId);
    return `${i18n.t(DONE[kind])}. ${cashMovementText(kind, amountCents, customer)}`;
  } catch {
    return i18n.t(DONE[kind]);
  }
}
