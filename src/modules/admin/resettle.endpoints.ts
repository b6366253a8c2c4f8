/** Re-settlement (issue 12): the admin's correction and every caller's view of a bet's history. */
import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { assertVisibleCustomer, ownCustomerOf } from "../../lib/scope";
import { getBet } from "../bets/bets.service";
import { listBetSettlements, resettleBet } from "./resettle.service";

export const resettleEndpoints = [
  implement(contracts.resettleBet, {
    write: (tx, { op, params, body }) => resettleBet(tx, op, params.id, body),
  }),
  implement(contracts.listBetSettlements, ({ c, db, params }) => {
    // A customer login sees its own bets' history only; a missing bet is 404.
    const bet = getBet(db, params.id);
    assertVisibleCustomer(ownCustomerOf(c.get("user")), bet.customerId, "Bet");
    return listBetSettlements(db, params.id);
  }),
];
