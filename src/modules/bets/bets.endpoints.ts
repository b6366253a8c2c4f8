import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { assertVisibleCustomer, ownCustomerOf } from "../../lib/scope";
import { csvDownload } from "../csv/csv.service";
import { getBet, listBets, placeBet, resolveBet } from "./bets.service";

export const betsEndpoints = [
  implement(contracts.listBets, ({ c, db, deps, query, now }) => {
    const own = ownCustomerOf(c.get("user"));
    const scoped = own === null ? query : { ...query, customerId: own };
    if (query.format === "csv") return csvDownload(deps, "bets", scoped, { now });
    return listBets(db, scoped);
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
