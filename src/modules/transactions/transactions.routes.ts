import { cashMovementSchema, transferSchema } from "../../domain/schemas";
import { actorOf, createRouter, idempotencyRequest, sendPage, validate } from "../../lib/http";
import { listQuerySchema } from "../../lib/list-query";
import { deposit, listTransactions, transfer, withdraw } from "./transactions.service";

export const transactionsRoutes = createRouter()
  .get("/transactions", validate("query", listQuerySchema), (c) =>
    sendPage(c, listTransactions(c.get("deps").db, c.req.valid("query"))),
  )
  .post("/transactions", validate("json", transferSchema), async (c) => {
    const result = transfer(
      c.get("deps").db,
      actorOf(c),
      c.req.valid("json"),
      await idempotencyRequest(c),
    );
    return c.json(result.body, 201);
  })
  .post("/deposits", validate("json", cashMovementSchema), async (c) => {
    const result = deposit(
      c.get("deps").db,
      actorOf(c),
      c.req.valid("json"),
      await idempotencyRequest(c),
    );
    return c.json(result.body, 201);
  })
  .post("/withdrawals", validate("json", cashMovementSchema), async (c) => {
    const result = withdraw(
      c.get("deps").db,
      actorOf(c),
      c.req.valid("json"),
      await idempotencyRequest(c),
    );
    return c.json(result.body, 201);
  });
