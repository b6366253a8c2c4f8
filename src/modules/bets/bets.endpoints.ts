import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { assertVisibleCustomer, ownCustomerOf } from "../../lib/scope";
import { getBet, listBets, placeBet, resolveBet } from "./bets.service";

export const betsEndpoints = [
  implement(contracts.listBets, ({ c, db, query }) => {
    const own = ownCustomerOf(c.get("user"));
    return listBets(db, own === null ? query : { ...query, customerId: own });
  }),
  implement(contracts.getBet, ({ c, db, params }) => {
    const bet = getBet(db, params.id);
    assertVisibleCustomer(ownCustomerOf(c.get("user")), bet.customerId, "Bet");
    return bet;
  }),
  implement(contracts.placeBet, { write: (tx, { op, body }) => placeBet(tx, op, body) }),
  implement(contracts.resolveBet, {
    write: (tx, { op, params, body, deps }) =>
      resolveBet(tx, op, params.id, body, deps.largeAmountCents),
  }),
];
