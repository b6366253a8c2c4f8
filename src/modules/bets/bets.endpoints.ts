import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { betsCsv } from "./bets.csv";
import { getBet, listBets, placeBet, resolveBet } from "./bets.service";

export const betsEndpoints = [
  // Scoped by their contracts ("own-list", "bet"): implement() narrows a customer login.
  implement(contracts.listBets, ({ db, deps, query, now, own }) => {
    if (query.format === "csv") return betsCsv(deps, { query, own, now });
    return listBets(db, query);
  }),
  implement(contracts.getBet, ({ db, params }) => getBet(db, params.id)),
  implement(contracts.placeBet, {
    write: (tx, { op, body, deps }) =>
      placeBet(tx, op, body, {
        ageRules: deps.ageRules,
        cashBetMaxStakeCents: deps.cashBetMaxStakeCents ?? deps.largeAmountCents,
        businessTimeZone: deps.businessTimeZone,
      }),
  }),
  implement(contracts.resolveBet, {
    write: (tx, { op, params, body, deps }) =>
      resolveBet(tx, op, params.id, body, deps.largeAmountCents),
  }),
];
