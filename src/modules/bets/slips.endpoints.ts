import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { findSlip, getSlip, paySlip } from "./slips.service";

/** Bet slips (issue 12, decision 031): print one, find a bet by its code, pay a cash one. */
export const slipsEndpoints = [
  // Scope "bet": a customer login prints only its own bets' slips.
  implement(contracts.getBetSlip, ({ db, params }) => getSlip(db, params.id)),
  implement(contracts.findSlip, ({ db, params }) => findSlip(db, params.code)),
  // Issue 21 item 2, decision 051: a cash bet's return, paid once from the payer's till.
  implement(contracts.paySlip, {
    write: (tx, { op, params, deps }) =>
      paySlip(tx, op, params.code, deps.largeAmountCents, deps.businessTimeZone),
  }),
];
