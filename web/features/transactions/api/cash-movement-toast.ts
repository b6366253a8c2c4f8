import type { QueryClient } from "@tanstack/react-query";
import { centsOf, formatEuro } from "../../../../src/domain/money";
import { type Customer, customerName, customerQuery } from "../../customers";

/** The SPEC's success texts, kept first so they are still found where they were looked for. */
const DONE = {
  deposit: "Deposit processed successfully",
  withdrawal: "Withdrawal processed successfully",
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
  const what = kind === "deposit" ? "deposited for" : "withdrawn from";
  const balance = formatEuro(centsOf(customer.balance));
  return `${formatEuro(amountCents)} ${what} ${customerName(customer)}; balance ${balance}`;
}

/**
 * The success toast's description: the SPEC's text, then the movement named. The balance is
 * read again from the server after the write (the page's copy may be older); without an
 * answer the toast says what it knows.
 */
export async function cashMovementToast(
  queryClient: QueryClient,
  kind: "deposit" | "withdrawal",
  amountCents: number,
  customerId: number,
): Promise<string> {
  try {
    const customer = await queryClient.fetchQuery({ ...customerQuery(customerId), staleTime: 0 });
    return `${DONE[kind]}. ${cashMovementText(kind, amountCents, customer)}`;
  } catch {
    return DONE[kind];
  }
}
