import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { createShop, getShop, listShops, shopBetStats, updateShop } from "./shops.service";

export const shopsEndpoints = [
  implement(contracts.listShops, ({ db, query }) => listShops(db, query)),
  implement(contracts.getShop, ({ db, params }) => getShop(db, params.id)),
  implement(contracts.shopStats, ({ db, params }) => shopBetStats(db, params.id)),
  implement(contracts.createShop, { write: (tx, { op, body }) => createShop(tx, op, body) }),
  implement(contracts.updateShop, {
    write: (tx, { op, params, body }) => updateShop(tx, op, params.id, body),
  }),
];
