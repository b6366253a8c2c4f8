import { createCustomerSchema, updateCustomerSchema } from "../../domain/schemas";
import { actorOf, createRouter, idParam, sendPage, validate } from "../../lib/http";
import { listQuerySchema } from "../../lib/list-query";
import {
  createCustomer,
  customerBetStats,
  getCustomer,
  listCustomers,
  updateCustomer,
} from "./customers.service";

export const customersRoutes = createRouter()
  .get("/customers", validate("query", listQuerySchema), (c) =>
    sendPage(c, listCustomers(c.get("deps").db, c.req.valid("query"))),
  )
  .get("/customers/:id", (c) => c.json(getCustomer(c.get("deps").db, idParam(c, "id", "Customer"))))
  .get("/customers/:id/stats", (c) =>
    c.json(customerBetStats(c.get("deps").db, idParam(c, "id", "Customer"))),
  )
  .post("/customers", validate("json", createCustomerSchema), (c) =>
    c.json(createCustomer(c.get("deps").db, actorOf(c), c.req.valid("json")), 201),
  )
  .patch("/customers/:id", validate("json", updateCustomerSchema), (c) =>
    c.json(
      updateCustomer(
        c.get("deps").db,
        actorOf(c),
        idParam(c, "id", "Customer"),
        c.req.valid("json"),
      ),
    ),
  );
