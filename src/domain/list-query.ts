/**
 * The query string of a paged list (DESIGN.md section 4): limit, offset, q, sort, order and
 * filters. Numbers in a query are digits only: "1e3", "0x10", "-1" and "1.5" are 400.
 */
import { z } from "zod";
import { dateKey } from "./business-time";
import {
  BET_STATUSES,
  ROLES,
  SHIFT_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "./enums";

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
    .meta({ type: "integer", minimum: min, maximum: max, default: fallback });

/** ISO 8601 with its offset; seconds and their fraction optional (2026-11-27T23:30+01:00). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant a date filter names, or null: a real calendar date (2026-02-29 is not one,
 * where Date.parse would read it as 1 March), or a date-time with its offset. Nothing else:
 * Date.parse also takes "1", "2026" and "Nov 27 2026", and an auditor asking for an unreal day
 * must hear so, not get an empty list that looks authoritative (decision 087).
 */
function dateFilterMs(v: string, endOfDay: boolean): number | null {
  const key = dateKey(v);
  if (key !== null) return key + (endOfDay ? 86_400_000 : 0);
  // An ISO date-time with its offset (without one, the instant would be the host's guess), on a
  // real calendar day: Date.parse reads 2026-02-30T10:00Z as 2 March too.
  if (!DATE_TIME.test(v) || dateKey(v.slice(0, 10)) === null) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * A date filter; a bare `to` date includes that whole day (the bound is exclusive). A bare
 * date is a date of the business time zone: src/lib/endpoint.ts reads it so (decision 062);
 * parsed here on its own it is the UTC date.
 */
const dateParam = (name: string, endOfDay = false) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const ms = dateFilterMs(v, endOfDay);
      if (ms === null) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a date (YYYY-MM-DD or ISO 8601)`,
        });
        return z.NEVER;
      }
      return ms;
    })
    .meta({
      type: "string",
      description:
        "YYYY-MM-DD, a date in the business time zone (BUSINESS_TIMEZONE; `to` includes the whole day), or an ISO 8601 date-time with its offset (Z or +01:00)",
    });

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
    .meta({ type: "integer", minimum: 1 });

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
    .meta({
      type: "string",
      enum: [...keys],
      description: "The field to sort by (default: the list's own order)",
    });

/** A status, type or role filter: one of `values`, any case; empty means no filter. */
const enumParam = (values: readonly string[], description: string) =>
  z
    .string()
    .max(30)
    .optional()
    .meta({ type: "string", enum: [...values], description: `${description} (any case)` });

/**
 * Every filter a list may take. Each list declares the ones its handler reads (LIST_FILTERS);
 * another list's filter in a query string is ignored there, as any unknown parameter is.
 */
const FILTERS = {
  status: z.string().max(30).optional(),
  type: enumParam(TRANSACTION_TYPES, "Only ledger rows of this type"),
  role: enumParam(ROLES, "Only users with this role"),
  customerId: idFilter("customerId").meta({ description: "Only rows about this customer" }),
  shopId: idFilter("shopId").meta({ description: "Only rows about this shop" }),
  betId: idFilter("betId").meta({ description: "Only the ledger rows of this bet" }),
  actorId: idFilter("actorId").meta({ description: "Only entries by this user" }),
  /** Shifts (issue 12): whose shift. */
  userId: idFilter("userId").meta({
    description: "Only this user's shifts (staff always see only their own)",
  }),
  /** The ledger: which shift a movement was taken in. */
  shiftId: idFilter("shiftId").meta({
    description: "Only the ledger rows taken in this shift",
  }),
  entityType: z
    .string()
    .max(30)
    .optional()
    .meta({ description: "Only entries about this kind of entity (CUSTOMER, SHOP, BET, ...)" }),
  // Every audited entity has a numeric id (stored as text): anything else could match nothing.
  entityId: idFilter("entityId").meta({
    description: "With entityType: only entries about this entity",
  }),
  archived: z
    .enum(["true", "false", "all"], { error: "archived must be true, false or all" })
    .optional()
    .meta({ description: "true: only archived rows; false: only the others; all (default): both" }),
  from: dateParam("from"),
  to: dateParam("to", true),
} as const;

type FilterName = keyof typeof FILTERS;

/** Each list's status values (a status outside them is a 400 naming them). */
const STATUS_VALUES = {
  customers: ["ACTIVE", "INACTIVE"],
  shops: ["ACTIVE", "INACTIVE"],
  bets: BET_STATUSES,
  transactions: TRANSACTION_STATUSES,
  shifts: SHIFT_STATUSES,
} as const;

/**
 * What each list reads: its filters, whether it searches with `q`, and whether it pages by
 * keyset (`after`, `before`, `last`: the lists paged by listPage, decision 043).
 */
const LIST_PARAMS = {
  customers: { q: true, keyset: true, filters: ["status"] },
  shops: { q: true, keyset: true, filters: ["status"] },
  bets: { q: true, keyset: true, filters: ["status", "customerId", "shopId", "from", "to"] },
  transactions: {
    q: true,
    keyset: true,
    filters: [
      "type",
      "status",
      "customerId",
      "shopId",
      "betId",
      "shiftId",
      "archived",
      "from",
      "to",
    ],
  },
  users: { q: true, keyset: false, filters: ["role"] },
  audit: {
    q: true,
    keyset: true,
    filters: ["actorId", "entityType", "entityId", "from", "to"],
  },
  backups: { q: false, keyset: false, filters: [] },
  shifts: { q: true, keyset: true, filters: ["status", "userId", "shopId", "from", "to"] },
  alerts: { q: true, keyset: true, filters: [] },
} as const satisfies Record<
  keyof typeof SORT_KEYS,
  { q: boolean; keyset: boolean; filters: readonly FilterName[] }
>;

/** One filter's schema for `list`: a status with that list's values. */
function filterFor(list: keyof typeof SORT_KEYS, name: FilterName) {
  if (name === "status" && list in STATUS_VALUES) {
    const values = STATUS_VALUES[list as keyof typeof STATUS_VALUES];
    return enumParam(values, "Only rows with this status");
  }
  return FILTERS[name];
}

const LIMIT = { min: 1, max: 500, fallback: 50 };

function pagingShape(sortKeys: readonly string[]) {
  return {
    limit: intParam("limit", LIMIT.min, LIMIT.max, LIMIT.fallback).meta({
      description: "Rows per page",
    }),
    offset: intParam("offset", 0, Number.MAX_SAFE_INTEGER, 0).meta({
      description:
        "Rows to skip; at most 10,000 on the lists that page by `after`/`before` (deeper pages go by those)",
    }),
    sort: sortParam(sortKeys),
    order: z
      .enum(["asc", "desc"], { error: "order must be asc or desc" })
      .optional()
      .meta({ description: "asc or desc (default: asc with a sort, else the list's own)" }),
  };
}

const searchParam = z
  .string()
  .max(200, "q is too long (at most 200 characters)")
  .optional()
  .transform((v) => v?.trim() || undefined)
  .meta({ type: "string", maxLength: 200, description: "Text to search for" });

/**
 * The sorts each list pages by keyset (`after`/`before`, decision 043): those by a NOT NULL
 * column of its own table. The others (a joined name, a nullable column) page by `offset`,
 * and a boundary beside it must agree with it (decision 077). Written out for the reference;
 * deep-pages.test.ts holds it to what each list answers.
 */
export const KEYSET_SORTS = {
  customers: [
    "id",
    "firstName",
    "lastName",
    "balance",
    "creditLimit",
    "allowOverdraft",
    "isActive",
    "createdAt",
  ],
  shops: ["id", "name", "location", "balance", "isActive", "createdAt"],
  bets: ["id", "description", "stakeAmount", "odds", "potentialPayout", "status", "createdAt"],
  transactions: ["id", "type", "amount", "status", "createdAt"],
  audit: ["id", "createdAt", "action", "entityType"],
  shifts: ["id", "openedAt"],
  alerts: ["id", "createdAt"],
} as const satisfies { [L in KeysetList]: readonly SortKey<L>[] };

type KeysetList = {
  [L in keyof typeof LIST_PARAMS]: (typeof LIST_PARAMS)[L]["keyset"] extends true ? L : never;
}[keyof typeof LIST_PARAMS];

/** `after`, `before` and `last`, described for `list` (which sorts they serve), or any list. */
function keysetShape(list?: KeysetList) {
  const keyset: readonly string[] | undefined = list && KEYSET_SORTS[list];
  const others = list ? SORT_KEYS[list].filter((key) => !keyset?.includes(key)) : [];
  // The dismissed alerts' own order is by dismissedAt, a sort that pages by offset.
  const dismissed = list === "alerts";
  const ownOrder = dismissed ? " and the active alerts' own order" : " and the list's own order";
  const where = keyset
    ? ` By keyset (any depth) with sort = ${keyset.join(", ")}${ownOrder}.${
        others.length
          ? ` With sort = ${others.join(", ")}${dismissed ? " (the dismissed alerts' own order)" : ""} the page goes by \`offset\`: send the page's offset with it (offset=0 with \`after\`, or last=true&offset=0 with \`before\`, is a 400).`
          : ""
      }`
    : "";
  const missing = " A row that does not exist is a 400.";
  return {
    /** Keyset paging (decision 043): the page after, or before, the row with this id. */
    after: idFilter("after").meta({
      description: `The page after the row with this id, in the list's order.${where}${missing}`,
    }),
    before: idFilter("before").meta({
      description: `The page before the row with this id.${where}${missing}`,
    }),
    /** `true`: `offset` counts from the end of the list (`last=true` is its last page). */
    last: z
      .enum(["true", "false"], { error: "last must be true or false" })
      .optional()
      .meta({ description: "true: `offset` counts from the end (`last=true` is the last page)" }),
  };
}

/** The query of one list: paging, its sort keys, and only the filters it reads. */
export function listQuery<L extends keyof typeof SORT_KEYS>(list: L) {
  const params: { q: boolean; keyset: boolean; filters: readonly FilterName[] } = LIST_PARAMS[list];
  return z.object({
    ...pagingShape(SORT_KEYS[list]),
    ...(params.q ? { q: searchParam } : {}),
    ...(params.keyset ? keysetShape(list as KeysetList) : {}),
    ...Object.fromEntries(params.filters.map((name) => [name, filterFor(list, name)])),
  }) as unknown as ListQuerySchema<L>;
}

/**
 * The query of a list that also exports (issue 13): `format=csv` answers every matching row
 * as a CSV download instead of one JSON page (limit and offset are then ignored).
 */
export function csvListQuery<L extends keyof typeof SORT_KEYS>(list: L) {
  return listQuery(list).extend({
    format: z.enum(["json", "csv"], { error: "format must be json or csv" }).optional().meta({
      description:
        "csv: every matching row as a text/csv download (all pages; limit and offset ignored), see the operation's `x-csv` response",
    }),
    decimal: z
      .enum(["point", "comma"], { error: "decimal must be point or comma" })
      .optional()
      .meta({
        description:
          "With format=csv: comma writes a `;`-separated file with decimal commas in the money columns (for a locale that writes 1.000,50); point (the default) a `,`-separated file with decimal points. The header row is the same (decision 064)",
      }),
  });
}

/** Any list's query (sort keys checked later by the list itself). */
export const listQuerySchema = z.object({
  ...pagingShape([]),
  sort: z.string().max(50).optional(),
  q: searchParam,
  ...keysetShape(),
  ...FILTERS,
});

type Full = typeof listQuerySchema.shape;
type ParamsOf<L extends keyof typeof SORT_KEYS> = (typeof LIST_PARAMS)[L];

/** The schema listQuery(list) builds, typed with that list's parameters only. */
type ListQuerySchema<L extends keyof typeof SORT_KEYS> = z.ZodObject<
  Pick<Full, "limit" | "offset" | "sort" | "order"> &
    (ParamsOf<L>["q"] extends true ? Pick<Full, "q"> : unknown) &
    (ParamsOf<L>["keyset"] extends true ? Pick<Full, "after" | "before" | "last"> : unknown) &
    Pick<Full, ParamsOf<L>["filters"][number]>
>;

type FullQuery = z.output<typeof listQuerySchema>;

/** What a list's handler reads: paging always, any filter only when its list declares it. */
export type ListQuery = Pick<FullQuery, "limit" | "offset"> &
  Partial<Omit<FullQuery, "limit" | "offset">>;
