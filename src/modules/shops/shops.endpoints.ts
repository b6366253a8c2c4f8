import { contracts } from "../../domain/contracts";
import type { ShopDto } from "../../domain/dto";
import { implement } from "../../lib/endpoint";
import { csvDownload } from "../csv/csv.service";
import { createShop, getShop, listShops, shopBetStats, updateShop } from "./shops.service";

function noTill(shop: ShopDto): ShopDto {
  return { ...shop, balance: null };
}

export const shopsEndpoints = [
  // A customer-role caller sees shops without their till balances (issue 10).
  implement(contracts.listShops, ({ c, db, deps, query, now }) => {
    const customer = c.get("user")?.role === "customer";
    // Nor can it order the tills by balance.
    const scoped = customer && query.sort === "balance" ? { ...query, sort: undefined } : query;
    if (query.format === "csv") {
      return csvDownload(deps, "shops", scoped, { hideTills: customer, now });
    }
    if (!customer) return listShops(db, query);
    const page = listShops(db, scoped);
    return { ...page, items: page.items.map(noTill) };
  }),
  implement(contracts.getShop, ({ c, db, params }) => {
    const shop = getShop(db, params.id);
    return c.get("user")?.role === "customer" ? noTill(shop) : shop;
  }),
  implement(contracts.shopStats, ({ db, params }) => shopBetStats(db, params.id)),
  implement(contracts.createShop, { write: (tx, { op, body }) => createShop(tx, op, body) }),
  implement(contracts.updateShop, {
    write: (tx, { op, params, body }) => updateShop(tx, op, params.id, body),
  }),
];
