import { createShopSchema, updateShopSchema } from "../../domain/schemas";
import { actorOf, createRouter, idParam, sendPage, validate } from "../../lib/http";
import { listQuerySchema } from "../../lib/list-query";
import { createShop, getShop, listShops, shopBetStats, updateShop } from "./shops.service";

export const shopsRoutes = createRouter()
  .get("/shops", validate("query", listQuerySchema), (c) =>
    sendPage(c, listShops(c.get("deps").db, c.req.valid("query"))),
  )
  .get("/shops/:id", (c) => c.json(getShop(c.get("deps").db, idParam(c, "id", "Shop"))))
  .get("/shops/:id/stats", (c) => c.json(shopBetStats(c.get("deps").db, idParam(c, "id", "Shop"))))
  .post("/shops", validate("json", createShopSchema), (c) =>
    c.json(createShop(c.get("deps").db, actorOf(c), c.req.valid("json")), 201),
  )
  .patch("/shops/:id", validate("json", updateShopSchema), (c) =>
    c.json(updateShop(c.get("deps").db, actorOf(c), idParam(c, "id", "Shop"), c.req.valid("json"))),
  );
