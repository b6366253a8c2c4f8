/**
 * The query string of a paged list (DESIGN.md section 4): limit, offset, q, sort, order and
 * filters. Numbers in a query are digits only: "1e3", "0x10", "-1" and "1.5" are 400.
 */
import { z } from "zod";

const DIGITS = /^\d{1,16}$/;

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = DIGITS.test(v) ? Number(v) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a whole number from ${min} to ${max}`,
        });
        return z.NEVER;
      }
      return n;
    })
    .meta({ type: "string", pattern: "^\\d+$" });

/** A date filter; a bare `to` date includes that whole day (the bound is exclusive). */
const dateParam = (name: string, endOfDay = false) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(v);
      const ms = dateOnly
        ? Date.parse(`${v}T00:00:00Z`) + (endOfDay ? 86_400_000 : 0)
        : Date.parse(v);
      if (Number.isNaN(ms)) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a date (YYYY-MM-DD or ISO 8601)`,
        });
        return z.NEVER;
      }
      return ms;
    })
    .meta({ type: "string", description: "YYYY-MM-DD or ISO 8601" });

/** An id in a query string: digits only. */
const idFilter = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const n = DIGITS.test(v) ? Number(v) : Number.NaN;
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: "custom", message: `${name} must be a positive whole number` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ type: "string", pattern: "^\\d+$" });

/** Each list's own sort keys; a `sort` outside its list's keys is a 400 naming them. */
export const SORT_KEYS = {
  customers: [
    "id",
    "firstName",
    "lastName",
    "email",
    "phone",
    "balance",
    "creditLimit",
    "allowOverdraft",
    "isActive",
    "createdAt",
    "createdBy",
  ],
  shops: ["id", "name", "location", "address", "phone", "balance", "isActive", "createdAt"],
  bets: [
    "id",
    "description",
    "customer",
    "shop",
    "placedBy",
    "stakeAmount",
    "odds",
    "potentialPayout",
    "status",
    "resolvedBy",
    "createdAt",
    "resolvedAt",
  ],
  transactions: [
    "id",
    "type",
    "amount",
    "description",
    "status",
    "betId",
    "processedBy",
    "createdAt",
  ],
  users: ["id", "username", "role", "createdAt"],
  audit: ["id", "createdAt", "action", "actor", "entityType"],
  backups: ["id", "createdAt"],
  shifts: ["id", "openedAt", "closedAt", "discrepancy"],
  alerts: ["id", "createdAt", "dismissedAt"],
} as const;

export type SortKey<L extends keyof typeof SORT_KEYS> = (typeof SORT_KEYS)[L][number];

const sortParam = (keys: readonly [string, ...string[]] | readonly string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      if (!keys.includes(v)) {
        ctx.addIssue({ code: "custom", message: `sort must be one of: ${keys.join(", ")}` });
        return z.NEVER;
      }
      return v;
    })
    .meta({ type: "string", enum: [...keys] });

function listQueryShape(sortKeys: readonly string[]) {
  return {
    limit: intParam("limit", 1, 500, 50),
    offset: intParam("offset", 0, Number.MAX_SAFE_INTEGER, 0),
    q: z
      .string()
      .max(200, "q is too long (at most 200 characters)")
      .optional()
      .transform((v) => v?.trim() || undefined),
    sort: sortParam(sortKeys),
    order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).optional(),
    status: z.string().max(30).optional(),
    type: z.string().max(30).optional(),
    role: z.string().max(30).optional(),
    customerId: idFilter("customerId"),
    shopId: idFilter("shopId"),
    betId: idFilter("betId"),
    actorId: idFilter("actorId"),
    /** Shifts (issue 12): whose shift; the ledger: which shift a movement was taken in. */
    userId: idFilter("userId"),
    shiftId: idFilter("shiftId"),
    entityType: z.string().max(30).optional(),
    entityId: z.string().max(30).optional(),
    archived: z
      .enum(["true", "false", "all"], { error: "archived must be true, false or all" })
      .optional(),
    from: dateParam("from"),
    to: dateParam("to", true),
    /** Keyset paging (decision 043): the page after, or before, the row with this id. */
    after: idFilter("after"),
    before: idFilter("before"),
    /** `true`: `offset` counts from the end of the list (`last=true` is its last page). */
    last: z.enum(["true", "false"], { error: "last must be true or false" }).optional(),
  };
}

/** The query of one list, its `sort` limited to that list's keys. */
export function listQuery<L extends keyof typeof SORT_KEYS>(list: L) {
  return z.object(listQueryShape(SORT_KEYS[list]));
}

/**
 * The query of a list that also exports (issue 13): `format=csv` answers every matching row
 * as a CSV download instead of one JSON page (limit and offset are then ignored).
 */
export function csvListQuery<L extends keyof typeof SORT_KEYS>(list: L) {
  return listQuery(list).extend({
    format: z
      .enum(["json", "csv"], { error: "format must be json or csv" })
      .optional()
      .meta({ description: "csv: every matching row as a text/csv download (all pages)" }),
  });
}

/** Any list's query (sort keys checked later by the list itself). */
export const listQuerySchema = z.object({
  ...listQueryShape([]),
  sort: z.string().max(50).optional(),
});

export type ListQuery = z.output<typeof listQuerySchema>;
