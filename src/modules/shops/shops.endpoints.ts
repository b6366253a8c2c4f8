import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { shopsCsv } from "./shops.csv";
import { createShop, getShop, listShops, shopBetStats, updateShop } from "./shops.service";

export const shopsEndpoints = [
  // Scope "no-tills": implement() answers a customer login without till balances; the
  // CSV, streamed from a worker, leaves them out itself.
  implement(contracts.listShops, ({ db, deps, query, now, own }) => {
    if (query.format === "csv") return shopsCsv(deps, { query, own, now });
    return listShops(db, query);
  }),
  implement(contracts.getShop, ({ db, params }) => getShop(db, params.id)),
  implement(contracts.shopStats, ({ db, params }) => shopBetStats(db, params.id)),
  implement(contracts.createShop, { write: (tx, { op, body }) => createShop(tx, op, body) }),
  implement(contracts.updateShop, {
    write: (tx, { op, params, body }) => updateShop(tx, op, params.id, body),
  }),
];
