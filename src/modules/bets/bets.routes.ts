import { placeBetSchema, resolveBetSchema } from "../../domain/schemas";
import {
  actorOf,
  createRouter,
  idempotencyRequest,
  idParam,
  sendPage,
  validate,
} from "../../lib/http";
import { listQuerySchema } from "../../lib/list-query";
import { getBet, listBets, placeBet, resolveBet } from "./bets.service";

export const betsRoutes = createRouter()
  .get("/bets", validate("query", listQuerySchema), (c) =>
    sendPage(c, listBets(c.get("deps").db, c.req.valid("query"))),
  )
  .get("/bets/:id", (c) => c.json(getBet(c.get("deps").db, idParam(c, "id", "Bet"))))
  .post("/bets", validate("json", placeBetSchema), async (c) => {
    const result = placeBet(
      c.get("deps").db,
      actorOf(c),
      c.req.valid("json"),
      await idempotencyRequest(c),
    );
    return c.json(result.body, 201);
  })
  .patch("/bets/:id/resolve", validate("json", resolveBetSchema), (c) =>
    c.json(resolveBet(c.get("deps").db, actorOf(c), idParam(c, "id", "Bet"), c.req.valid("json"))),
  );
