/**
 * What a receipt prints (issue 21 item 4, decision 053), built from the answers the server
 * already gives: a deposit's or withdrawal's transaction, a shift's till movement, a slip's
 * payment. One shape for every cash movement; the slip has its own component. Its words are
 * in the language showing when it is built (a receipt is offered on the screen it was made
 * on, so the language cannot change under it); the kind stays a code, translated when drawn.
 */

import { customerNumber } from "../../../src/domain/customer-number";
import type { ShiftDto, SlipDto, TillMovementDto, TransactionDto } from "../../../src/domain/dto";
import { i18n } from "../../i18n";
import { ledgerDescriptionText } from "../../i18n/ledger-descriptions";
import "../../i18n/areas/receipts";
import "../../i18n/areas/ui";

/** "Sarah Quinn (C-000231)", as everywhere a customer is named (issue 20). */
const customerName = (c: { id: number; firstName: string; lastName: string }) =>
  `${c.firstName} ${c.lastName} (${customerNumber(c.id)})`;

/**
 * What a settled bet returned, as its slip's Return line says it, printed (decision 053) or
 * on screen (Find slip): the payout (WON, PLACED), the stake back (VOID), nothing (LOST).
 */
export function slipReturn(slip: Pick<SlipDto, "status" | "actualPayout" | "totalStake">): string {
  if (slip.status === "LOST") return "0.00";
  if (slip.status === "VOID") return slip.actualPayout ?? slip.totalStake;
  return slip.actualPayout ?? "0.00";
}

/** The kind printed in capitals at the top of a receipt. */
export type ReceiptKind =
  | "DEPOSIT"
  | "WITHDRAWAL"
  | "CASH BET"
  | "SLIP PAID"
  | "PICK-UP"
  | "TOP-UP";

/** The catalogue's name of each kind (receipts.band.* and receipts.kind.*). */
export const KIND_KEY = {
  DEPOSIT: "deposit",
  WITHDRAWAL: "withdrawal",
  "CASH BET": "cashBet",
  "SLIP PAID": "slipPaid",
  "PICK-UP": "pickUp",
  "TOP-UP": "topUp",
} as const satisfies Record<ReceiptKind, string>;

/** A bet's status as the badges say it ("WON" in English, "Gewonnen" in German). */
const betStatus = (status: string) =>
  i18n.t(`ui.betStatus.${status}` as "ui.betStatus.WON", { defaultValue: status });

export interface ReceiptShop {
  id?: number;
  name: string;
  location?: string | null;
  address?: string | null;
  phone?: string | null;
}

export interface ReceiptData {
  kind: ReceiptKind;
  /** The running reference: "T-000123" (ledger row), "M-000045" (till movement). */
  reference: string;
  shop: ReceiptShop;
  /** The staff member's username (null: not on record). */
  staff: string | null;
  /** When the movement happened (ISO). */
  at: string;
  /** The amount as the API writes it ("50.00"). */
  amount: string;
  /** The customer's name and number, "Cash" for a bearer's slip, null when none applies. */
  customer: string | null;
  /** Further label/value lines (the reason of a pick-up, the bet of a slip payment). */
  lines?: [string, string][];
}

const padded = (id: number) => String(id).padStart(6, "0");

/** A ledger row's reference: `T-000123`. */
export const transactionReference = (id: number) => `T-${padded(id)}`;
/** A till movement's reference: `M-000045`. */
export const movementReference = (id: number) => `M-${padded(id)}`;

/** A deposit's or withdrawal's receipt from the transaction the server answered. */
export function transactionReceipt(t: TransactionDto): ReceiptData {
  const customer = t.fromCustomer ?? t.toCustomer;
  const shop = t.toShop ?? t.fromShop;
  const paid = t.type === "PAYOUT" || t.type === "REFUND";
  return {
    kind: t.type === "DEPOSIT" ? "DEPOSIT" : paid ? "SLIP PAID" : "WITHDRAWAL",
    reference: transactionReference(t.id),
    shop: shop ?? { name: i18n.t("receipts.unknownShop") },
    staff: t.processedByUser?.username ?? null,
    at: t.createdAt,
    amount: t.amount,
    customer: customer ? customerName(customer) : i18n.t("receipts.cash"),
    lines: [
      ...(t.bet
        ? ([[i18n.t("receipts.bet"), `#${t.bet.id} ${t.bet.description}`]] as [string, string][])
        : []),
      ...(t.description
        ? ([[i18n.t("receipts.note"), ledgerDescriptionText(t)]] as [string, string][])
        : []),
    ],
  };
}

/** A pick-up's or top-up's receipt: the shift's till, the movement and its reason. */
export function tillMovementReceipt(
  shift: Pick<ShiftDto, "id" | "shopId" | "shop" | "user">,
  movement: TillMovementDto,
): ReceiptData {
  return {
    kind: movement.kind === "pickup" ? "PICK-UP" : "TOP-UP",
    reference: movementReference(movement.id),
    shop: shift.shop ?? {
      id: shift.shopId,
      name: i18n.t("receipts.shopNumber", { id: shift.shopId }),
    },
    staff: movement.createdBy?.username ?? shift.user?.username ?? null,
    at: movement.createdAt,
    amount: movement.amount,
    customer: null,
    lines: [
      [i18n.t("receipts.shift"), `#${shift.id}`],
      [i18n.t("receipts.reason"), movement.reason],
    ],
  };
}

/** The newest movement of a kind on a shift (the one just recorded; ids only grow). */
export function latestMovement(
  shift: Pick<ShiftDto, "tillMovements">,
  kind: TillMovementDto["kind"],
): TillMovementDto | undefined {
  return shift.tillMovements
    .filter((m) => m.kind === kind)
    .reduce<TillMovementDto | undefined>((a, m) => (a && a.id > m.id ? a : m), undefined);
}

/** What `POST /api/slips/{code}/pay` answers (decision 051), as far as a receipt needs it. */
export interface SlipPayment {
  bet: {
    id: number;
    description: string;
    status: string;
    customer?: { id: number; firstName: string; lastName: string } | null;
  };
  amount: string;
  paidAt: string;
  paidBy: { id: number; username: string } | null;
  shiftId: number;
  shop: { id: number; name: string };
  transactionId: number;
}

/** A slip payment's receipt; `code` is the slip's code as printed (ABCDE-FGHJK), if known. */
export function paymentReceipt(payment: SlipPayment, code?: string): ReceiptData {
  const customer = payment.bet.customer;
  return {
    kind: "SLIP PAID",
    reference: transactionReference(payment.transactionId),
    shop: payment.shop,
    staff: payment.paidBy?.username ?? null,
    at: payment.paidAt,
    amount: payment.amount,
    customer: customer ? customerName(customer) : i18n.t("receipts.cash"),
    lines: [
      [i18n.t("receipts.bet"), `#${payment.bet.id}${code ? ` · ${code}` : ""}`],
      [i18n.t("receipts.result"), betStatus(payment.bet.status)],
      [i18n.t("receipts.description"), payment.bet.description],
    ],
  };
}
