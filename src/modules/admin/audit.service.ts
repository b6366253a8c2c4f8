/**
 * The audit log, read by admins (the audit trail screen, issue 13): paged, filtered by
 * action, actor, entity and date, searched. The log grows by one row per mutation (millions),
 * so every filter and every part of the search is served by an index of audit_log:
 * created_at, (action, created_at), (actor_id, created_at), (entity_type, entity_id,
 * created_at). See docs/security.md ("Audit trail").
 */
import { type AnyColumn, and, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { apiTokens, auditLog, users } from "../../db/schema";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "../../domain/audit-actions";
import { userIdsIn } from "../../domain/audit-user-ids";
import type { SortKey } from "../../domain/list-query";
import { codesMatching, SEARCH_WORDS_DE } from "../../domain/search-words";
import { AppError } from "../../lib/errors";
import {
  byUsername,
  contains,
  gate,
  inIdOrder,
  type ListQuery,
  type ListSort,
  type ListSpec,
  listPage,
  type Search,
} from "../../lib/list-query";

const SORTS: Record<SortKey<"audit">, ListSort> = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  // By the actor's username through the users' name index, then audit_actor_idx.
  actor: byUsername(users, auditLog.actorId, [auditLog.createdAt]),
  entityType: auditLog.entityType,
};

/**
 * The refused sign-ins: no actor, the username as typed in `after.username` (auditRefusal in
 * src/modules/auth/auth.service.ts). A refused confirmation has its actor, found by name.
 */
const SIGN_IN_REFUSALS = ["auth.login-failed", "auth.login-locked"] as const;

/** The audit list's query: the common list query and its own `action` filter. */
export type AuditQuery = ListQuery & { action?: string };

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toAuditDto(row: typeof auditLog.$inferSelect) {
  return {
    id: row.id,
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: parsed(row.before),
    after: parsed(row.after),
    ip: row.ip,
    requestId: row.requestId,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** `value` if it is one of `allowed`, else a 400 listing them (no filter when empty). */
function oneOf(name: string, value: string | undefined, allowed: readonly string[]) {
  if (value === undefined || value === "") return undefined;
  if (allowed.includes(value)) return value;
  throw new AppError("VALIDATION", `${name} must be one of: ${allowed.join(", ")}`, {
    [name]: "unknown value",
  });
}

/**
 * `q` as index lookups, never a LIKE over the log: the actions whose name contains it
 * (`action in (...)`, audit_action_idx), the entity types containing it (audit_entity_idx),
 * the users whose username contains it (the users table, then audit_actor_idx), the API
 * tokens whose `token:<name>#<id>` contains it (their admin's rows under that name), the
 * rows with no actor whose name contains it (a console script's) or whose typed username
 * does (a refused sign-in's), and the entity whose id is exactly `q` (audit_entity_idx, one
 * range per entity type). The row test is the same conditions on one row, for listPage's
 * walk when the matches are many.
 */
export function auditSearch(q: string): Search {
  const needle = q.toLowerCase();
  const actions = AUDIT_ACTIONS.filter((a) => a.includes(needle));
  // The entity type by its code or the word the German screen shows (decision 085).
  const types = codesMatching(AUDIT_ENTITY_TYPES, SEARCH_WORDS_DE.auditEntity, q);
  // The users table is small beside the log (staff and customer logins): a LIKE over it.
  const named = sql`select ${users.id} from ${users} where ${contains(users.username, q)}`;
  const actors = gate(named);
  // An API token acts as its admin, named token:<name>#<id> (token:<name> before decision
  // 082): its rows are its admin's (audit_actor_idx) under one of those names. Tokens are few.
  const token = contains(sql`('token:' || ${apiTokens.name} || '#' || ${apiTokens.id})`, q);
  const inList = (column: SQL, values: readonly string[]) =>
    sql`${column} in (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  // The rows without an actor (audit_actor_idx's null range), a small part of the log: a
  // console script's by its name (console:<os user>@<host>, decision 082), a refused
  // sign-in's by the username typed, which only its `after` holds (nobody was signed in).
  // The typed name is read on those two actions' rows only: a console's user.create has a
  // username in its `after` too, but that is whom it made, not who acted.
  const typedUsername = sql`case when json_valid(${auditLog.after}) then json_extract(${auditLog.after}, '$.username') end`;
  const noActorRows = (actorId: SQL, action: SQL) =>
    sql`(${actorId} is null and (${contains(auditLog.actorUsername, q)}
      or (${inList(action, SIGN_IN_REFUSALS)} and ${contains(typedUsername, q)})))`;
  const tokenRows = (actorId: SQL) =>
    sql`(${actorId} in (select ${apiTokens.createdBy} from ${apiTokens} where ${token})
      and ${auditLog.actorUsername} in (
        select 'token:' || ${apiTokens.name} || '#' || ${apiTokens.id} from ${apiTokens} where ${token}
        union all select 'token:' || ${apiTokens.name} from ${apiTokens} where ${token}))`;
  /**
   * Each part of the match, on the columns as given: `indexed` for the sources (index
   * lookups), and with `+` for the row test, so that SQLite walks the sort's index testing
   * each row instead of gathering every match of an OR from the other indexes (q=bet: a
   * million rows collected and sorted for one page).
   */
  const parts = (col: (column: AnyColumn) => SQL) => {
    const out = [
      sql`(${inList(col(auditLog.entityType), AUDIT_ENTITY_TYPES)} and ${col(auditLog.entityId)} = ${q})`,
    ];
    if (actions.length) out.push(inList(col(auditLog.action), actions));
    if (types.length) out.push(inList(col(auditLog.entityType), types));
    return out;
  };
  const ids = (condition: SQL) =>
    sql`select ${auditLog.id} as id from ${auditLog} where ${condition}`;
  return {
    sources: [
      ids(sql`${auditLog.actorId} in (${actors})`),
      ids(tokenRows(sql`${auditLog.actorId}`)),
      ids(noActorRows(sql`${auditLog.actorId}`, sql`${auditLog.action}`)),
      ...parts((c) => sql`${c}`).map(ids),
    ],
    row: or(
      sql`+${auditLog.actorId} in (${named})`,
      tokenRows(sql`+${auditLog.actorId}`),
      noActorRows(sql`+${auditLog.actorId}`, sql`+${auditLog.action}`),
      ...parts((c) => sql`+${c}`),
    ) as SQL,
    gates: [actors],
  };
}

/** The audit list's filters, search and sorts: its pages and its CSV walk the same rows. */
export function auditListSpec(query: AuditQuery): ListSpec {
  const action = oneOf("action", query.action, AUDIT_ACTIONS);
  const entityType = oneOf("entityType", query.entityType?.toUpperCase(), AUDIT_ENTITY_TYPES);
  // audit_entity_idx starts with the type: an id alone would read the whole log.
  if (query.entityId !== undefined && !entityType) {
    throw new AppError("VALIDATION", "entityId needs an entityType", {
      entityId: "needs an entityType",
    });
  }
  const filters = and(
    ...([
      action ? eq(auditLog.action, action) : undefined,
      query.actorId !== undefined ? eq(auditLog.actorId, query.actorId) : undefined,
      entityType ? eq(auditLog.entityType, entityType) : undefined,
      query.entityId !== undefined ? eq(auditLog.entityId, String(query.entityId)) : undefined,
      query.from !== undefined ? gte(auditLog.createdAt, query.from) : undefined,
      query.to !== undefined ? lt(auditLog.createdAt, query.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  return {
    table: auditLog,
    id: auditLog.id,
    filters,
    search: query.q ? auditSearch(query.q) : undefined,
    sorts: SORTS,
    fallback: { key: "createdAt", order: "desc" },
  };
}

/** Entries by id, in the order of `ids` (the CSV's rows: ids as recorded, no names). */
export function auditEntriesByIds(db: DbOrTx, ids: number[]) {
  const rows = ids.length ? db.select().from(auditLog).where(inArray(auditLog.id, ids)).all() : [];
  return inIdOrder(ids, rows, (r) => r.id).map(toAuditDto);
}

/**
 * Each entry with `users`: the usernames of the users its before and after name by id
 * (src/domain/audit-user-ids.ts), read for the whole page in one query. A user deleted since
 * is left out, and the screen shows the id alone.
 */
function withUserNames(db: DbOrTx, entries: ReturnType<typeof toAuditDto>[]) {
  const named = entries.map((e) => [...userIdsIn(e.after, userIdsIn(e.before))]);
  const ids = [...new Set(named.flat())];
  const names = new Map(
    ids.length
      ? db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(inArray(users.id, ids))
          .all()
          .map((u) => [u.id, u.username] as const)
      : [],
  );
  return entries.map((entry, index) => {
    const found = (named[index] ?? []).flatMap((id) => {
      const username = names.get(id);
      return username === undefined ? [] : [[String(id), username] as const];
    });
    return { ...entry, users: Object.fromEntries(found) };
  });
}

export function listAuditLog(db: DbOrTx, query: AuditQuery) {
  const { ids, total, capped } = listPage(db, query, auditListSpec(query));
  return { items: withUserNames(db, auditEntriesByIds(db, ids)), total, capped };
}
