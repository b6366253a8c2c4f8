/** /api/admin/*: every route is admin-only in the route table (lib/rbac.ts). */
import {
  changeRoleSchema,
  createUserSchema,
  recalculateSchema,
  reverseSchema,
} from "../../domain/schemas";
import { checkBooks } from "../../lib/books-check";
import {
  actorOf,
  createRouter,
  idempotencyRequest,
  idParam,
  sendPage,
  validate,
} from "../../lib/http";
import { listQuerySchema } from "../../lib/list-query";
import { listAuditLog } from "./audit.service";
import { deleteAllData, exportAllData, exportFileName } from "./data.service";
import { recalculateBalance } from "./recalculate.service";
import { reverseTransaction } from "./reversal.service";
import { changeUserRole, createUser, listUsers } from "./users.service";

export const adminRoutes = createRouter()
  .post("/admin/recalculate-balance", validate("json", recalculateSchema), (c) =>
    c.json(recalculateBalance(c.get("deps").db, actorOf(c), c.req.valid("json"))),
  )
  .post("/admin/reverse-transaction", validate("json", reverseSchema), async (c) => {
    const result = reverseTransaction(
      c.get("deps").db,
      actorOf(c),
      c.req.valid("json"),
      await idempotencyRequest(c),
    );
    return c.json(result.body, 201);
  })
  .get("/admin/users", validate("query", listQuerySchema), (c) =>
    sendPage(c, listUsers(c.get("deps").db, c.req.valid("query"))),
  )
  .post("/admin/users", validate("json", createUserSchema), async (c) =>
    c.json(await createUser(c.get("deps").db, actorOf(c), c.req.valid("json")), 201),
  )
  .patch("/admin/users/:userId/role", validate("json", changeRoleSchema), (c) =>
    c.json(
      changeUserRole(
        c.get("deps").db,
        actorOf(c),
        idParam(c, "userId", "User"),
        c.req.valid("json").role,
      ),
    ),
  )
  .get("/admin/export-all-data", (c) => {
    const now = new Date();
    return c.body(exportAllData(c.get("deps").sqlite, now), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
    });
  })
  .delete("/admin/delete-all-data", (c) =>
    c.json(deleteAllData(c.get("deps").db, actorOf(c), c.get("sessionId"))),
  )
  .get("/admin/audit", validate("query", listQuerySchema), (c) =>
    sendPage(c, listAuditLog(c.get("deps").db, c.req.valid("query"))),
  )
  .get("/admin/ledger-check", (c) => c.json(checkBooks(c.get("deps").db)));
