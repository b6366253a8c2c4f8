/** /api/admin/*: every contract here admits admins only (src/domain/contracts.ts). */
import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { unlockUser } from "../auth/auth.service";
import { endUserSessions } from "../auth/sessions.service";
import { auditCsv } from "./audit.csv";
import { listAuditLog } from "./audit.service";
import { listBackups } from "./backups.service";
import { deleteAllData, prepareDeleteAll } from "./data.service";
import { jobsEndpoints } from "./jobs.endpoints";
import { recalculateBalance } from "./recalculate.service";
import { reverseTransaction } from "./reversal.service";
import {
  changeUserRole,
  hashNewUserPassword,
  hashResetPassword,
  insertUser,
  listUsers,
  resetUserPassword,
  setUserDisabled,
} from "./users.service";

export const adminEndpoints = [
  implement(contracts.recalculateBalance, {
    write: (tx, { op, body }) => recalculateBalance(tx, op, body),
  }),
  implement(contracts.reverseTransaction, {
    write: (tx, { op, body }) => reverseTransaction(tx, op, body),
  }),
  implement(contracts.listUsers, ({ db, query, now }) => listUsers(db, query, now)),
  implement(contracts.createUser, {
    prepare: ({ db, body }) => hashNewUserPassword(db, body),
    // The admin knows the password: its owner replaces it at the first sign-in (decision 046).
    write: (tx, { op, body, prepared }) =>
      insertUser(tx, op, body, prepared, { mustChangePassword: true }),
  }),
  implement(contracts.changeUserRole, {
    write: (tx, { op, params, body }) =>
      changeUserRole(tx, op, params.userId, body.role, body.customerId),
  }),
  implement(contracts.resetUserPassword, {
    prepare: ({ db, params, body }) => hashResetPassword(db, params.userId, body.newPassword),
    write: (tx, { op, params, prepared }) => resetUserPassword(tx, op, params.userId, prepared),
  }),
  implement(contracts.updateUser, {
    write: (tx, { op, params, body }) => setUserDisabled(tx, op, params.userId, body.disabled),
  }),
  implement(contracts.deleteAllData, {
    // The password and the backup first (async); the wipe only after a good one.
    prepare: ({ deps, actor, body, now }) => prepareDeleteAll(deps, actor, body.password, now),
    write: (tx, { c, op, prepared }) => deleteAllData(tx, op, c.get("sessionId"), prepared),
  }),
  implement(contracts.listBackups, ({ db, query }) => listBackups(db, query)),
  implement(contracts.auditLog, ({ db, deps, query, now, own }) => {
    if (query.format === "csv") return auditCsv(deps, { query, own, now });
    return listAuditLog(db, query);
  }),
  implement(contracts.unlockUser, {
    write: (tx, { op, params }) => unlockUser(tx, op, params.userId),
  }),
  implement(contracts.endUserSessions, {
    write: (tx, { c, op, params }) => endUserSessions(tx, op, c.get("sessionId"), params.userId),
  }),
  // The books check, the export and the background jobs that run them (jobs.endpoints.ts).
  ...jobsEndpoints,
];
