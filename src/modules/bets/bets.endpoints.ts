import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { getBet, listBets, placeBet, resolveBet } from "./bets.service";

export const betsEndpoints = [
  implement(contracts.listBets, ({ db, query }) => listBets(db, query)),
  implement(contracts.getBet, ({ db, params }) => getBet(db, params.id)),
  implement(contracts.placeBet, { write: (tx, { op, body }) => placeBet(tx, op, body) }),
  implement(contracts.resolveBet, {
    write: (tx, { op, params, body, deps }) =>
      resolveBet(tx, op, params.id, body, deps.largeAmountCents),
  }),
];
