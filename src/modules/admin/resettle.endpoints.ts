/** Re-settlement (issue 12): the admin's correction and every caller's view of a bet's history. */
import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { getBet } from "../bets/bets.service";
import { listBetSettlements, resettleBet } from "./resettle.service";

export const resettleEndpoints = [
  implement(contracts.resettleBet, {
    write: (tx, { op, params, body }) => resettleBet(tx, op, params.id, body),
  }),
  // Scope "bet": a customer login sees its own bets' history only.
  implement(contracts.listBetSettlements, ({ db, params }) => {
    getBet(db, params.id); // a missing bet is 404, not an empty history
    return listBetSettlements(db, params.id);
  }),
];
