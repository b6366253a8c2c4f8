import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { findSlip, getSlip } from "./slips.service";

/** Bet slips (issue 12, decision 031): print one, find a bet by its code. */
export const slipsEndpoints = [
  // Scope "bet": a customer login prints only its own bets' slips.
  implement(contracts.getBetSlip, ({ db, params }) => getSlip(db, params.id)),
  implement(contracts.findSlip, ({ db, params }) => findSlip(db, params.code)),
];
