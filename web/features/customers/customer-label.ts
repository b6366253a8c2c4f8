/**
 * How a customer is named wherever one is picked or shown (issue 20, item 7): the name with
 * its customer number, and a second identifier, so that namesakes are told apart.
 */
import { customerNumber } from "../../../src/domain/customer-number";

export { customerNumber };

/** "Sarah Quinn (C-000231)". */
export function customerName(c: { id: number; firstName: string; lastName: string }): string {
  return `${c.firstName} ${c.lastName} (${customerNumber(c.id)})`;
}

/** The second identifier: the phone, else the e-mail ("" when neither is on record). */
export function customerContact(c: { phone: string | null; email: string | null }): string {
  return c.phone || c.email || "";
}

/** "Sarah Quinn (C-000231) · 085 3401590": a picker's option and its chosen value. */
export function customerPickLabel(c: {
  id: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
}): string {
  const contact = customerContact(c);
  return contact ? `${customerName(c)} · ${contact}` : customerName(c);
}
