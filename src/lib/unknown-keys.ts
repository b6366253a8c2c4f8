/**
 * Fields and parameters an operation does not know are refused, not dropped (decision 087).
 * A client that spells `eachway` for `eachWay` would otherwise place a win-only bet at half
 * the stake it meant, and `customer_id=2` would export every customer's bets: both answered
 * 2xx and looked right. A body is checked at every depth its schema declares objects
 * (`deadHeat.plcae` is named as `eachway` is: a dead heat dropped overpays the bet), and a
 * body that is not a plain object is the schema's to refuse. Parameters are checked on every
 * operation: a list accepts another list's filter (decision 059), any other operation only
 * its own, and one that reads none accepts none but `format=json`.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { Contract } from "../domain/contract";
import { contracts } from "../domain/contracts";
import { AppError } from "./errors";
import type { AppEnv } from "./http";

/**
 * The keys an object schema reads, each with what its value reads in turn: the keys of a
 * nested object, or null for a value of another kind (a string, a number; nothing to check).
 */
export type Fields = ReadonlyMap<string, Fields | null>;

/**
 * What a schema reads (objects, pipes, optional, nullable and default wrappers, unions,
 * intersections, at any depth), or null when it cannot say (a schema of another shape: then
 * nothing is refused there).
 */
export function fieldsOf(schema: z.ZodType): Fields | null {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return new Map(Object.entries(shape).map(([key, value]) => [key, fieldsOf(value)]));
  }
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  ) {
    return fieldsOf(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodUnion) return merged(schema.options as readonly z.ZodType[]);
  if (schema instanceof z.ZodIntersection) {
    return merged([schema.def.left as z.ZodType, schema.def.right as z.ZodType]);
  }
  return null;
}

/** The keys of several schemas together; null if any of them cannot say. */
function merged(parts: readonly z.ZodType[]): Fields | null {
  let all: Fields = new Map();
  for (const part of parts) {
    const fields = fieldsOf(part);
    if (fields === null) return null;
    all = both(all, fields);
  }
  return all;
}

/** Two readings of one object: a key one reads as an object and the other not is not checked. */
function both(a: Fields, b: Fields): Fields {
  const all = new Map(a);
  for (const [key, inner] of b) {
    const held = all.get(key);
    all.set(key, !all.has(key) ? inner : held && inner ? both(held, inner) : null);
  }
  return all;
}

/** The keys a schema reads at its top level, or null when it cannot say. */
export function knownKeys(schema: z.ZodType): Set<string> | null {
  const fields = fieldsOf(schema);
  return fields && new Set(fields.keys());
}

const cache = new WeakMap<z.ZodType, Fields | null>();

function fieldsCached(schema: z.ZodType): Fields | null {
  if (!cache.has(schema)) cache.set(schema, fieldsOf(schema));
  return cache.get(schema) ?? null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The dotted paths of `value`'s keys that `fields` does not read, at every depth. */
export function unknownPaths(
  value: Record<string, unknown>,
  fields: Fields,
  prefix = "",
): string[] {
  const unknown: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    const path = `${prefix}${key}`;
    if (!fields.has(key)) unknown.push(path);
    else {
      const nested = fields.get(key);
      if (nested && isPlainObject(inner)) unknown.push(...unknownPaths(inner, nested, `${path}.`));
    }
  }
  return unknown;
}

function refuse(kind: "field" | "parameter", unknown: string[]): never {
  const names = unknown.slice(0, 5);
  const message = `Unknown ${kind}${names.length > 1 ? "s" : ""}: ${names.join(", ")}`;
  // A field's path keys the `fields` map, as a bad value's does ("deadHeat.plcae"); a
  // parameter has no field.
  const fields =
    kind === "field" ? Object.fromEntries(names.map((n) => [n, `Unknown field`])) : undefined;
  throw new AppError("VALIDATION", message, fields);
}

/**
 * Every parameter some list reads: a list accepts another list's filter and ignores it
 * (decision 059: `/api/shops?customerId=5` was never refused); a name no list reads is a
 * typo, and refused.
 */
let listParameters: Set<string> | null = null;

function everyListParameter(): Set<string> {
  if (listParameters === null) {
    listParameters = new Set<string>();
    for (const contract of Object.values(contracts) as Contract[]) {
      if (!contract.paged || !contract.query) continue;
      for (const key of fieldsCached(contract.query)?.keys() ?? []) listParameters.add(key);
    }
  }
  return listParameters;
}

/** `format=json`, what every operation answers, is accepted on any (decision 087). */
const ONLY_FORMAT = new Set(["format"]);

/**
 * How a list is searched, sorted and paged: a list reads these only if it declares them.
 * Another list's filter is ignored harmlessly, but `after=5` ignored answered page 1 again,
 * and a client walking the users by `after` looped forever (decision 077); `q` ignored
 * answered every backup as a match.
 */
const OWN_ONLY = new Set(["after", "before", "last", "q", "sort", "order", "limit", "offset"]);

/** The parameters `contract` accepts. */
function parametersOf(contract: Contract): ReadonlySet<string> {
  const own = contract.query ? fieldsCached(contract.query) : null;
  const declared = new Set([...(own?.keys() ?? []), ...ONLY_FORMAT]);
  if (!contract.paged) return declared;
  for (const key of everyListParameter()) if (!OWN_ONLY.has(key)) declared.add(key);
  return declared;
}

/**
 * A write that reads no body (a slip's payment, an unlock) takes none, or `{}`: anything
 * else was read by nobody and answered 200, `{"amount":"5.00"}` paying the whole slip and
 * `{not json` paying it too. A field is refused by name, as on every other write.
 */
async function refuseBody(c: Context<AppEnv>): Promise<void> {
  const text = (await c.req.text()).trim();
  if (text === "") return;
  const body = JSON.parse(text) as unknown; // a SyntaxError is 400 "Malformed JSON"
  if (isPlainObject(body)) {
    const keys = Object.keys(body);
    if (keys.length) refuse("field", keys);
    return;
  }
  throw new AppError("VALIDATION", "This operation reads no body: send none, or {}");
}

/** The body as sent, parsed (Hono keeps what the validator read), or null without one. */
async function sentBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null; // no body (an alert's dismissal may have none): nothing to check
  }
}

/** Refuses a query parameter or a body field `contract` does not declare (400). */
export async function refuseUnknownKeys(contract: Contract, c: Context<AppEnv>): Promise<void> {
  const query = c.req.query();
  // Another list's filter is ignored, but not a download asked of an operation that has none:
  // `/api/shifts?format=csv` answered a JSON page to a client saving it as a CSV file.
  const format = query.format;
  if (
    format !== undefined &&
    format !== "json" &&
    !(contract.query && fieldsCached(contract.query)?.has("format"))
  ) {
    throw new AppError("VALIDATION", "This operation has no CSV download: format is not read here");
  }
  // Every operation, also one that reads no parameter: `POST /api/deposits?dry_run=true`
  // moved the money it was asked only to preview.
  const known = parametersOf(contract);
  const unknownParameters = Object.keys(query).filter((key) => !known.has(key));
  if (unknownParameters.length) refuse("parameter", unknownParameters);
  if (!contract.body && contract.method !== "get") await refuseBody(c);
  if (contract.body) {
    const fields = fieldsCached(contract.body);
    const body = await sentBody(c);
    if (fields && isPlainObject(body)) {
      const unknown = unknownPaths(body, fields);
      if (unknown.length) refuse("field", unknown);
    }
  }
}

/**
 * A parameter or a body key sent twice is refused by name (decision 090), after the access
 * rule and before the schemas read it: a repeated parameter as the list it becomes ("expected
 * string, received array"), a repeated key as the last of the two (JSON.parse). Neither is one
 * request: `customerId=1&customerId=2` is not one customer's rows.
 */
export function refuseRepeated(c: Context<AppEnv>): void {
  const twice = Object.entries(c.req.queries())
    .filter(([, values]) => values.length > 1)
    .map(([key]) => key);
  if (twice.length) {
    throw new AppError("VALIDATION", `Parameter sent twice: ${twice.slice(0, 5).join(", ")}`);
  }
  const key = c.get("duplicateKey");
  if (key !== undefined) {
    throw new AppError("VALIDATION", `Field sent twice: ${key}`, { [key]: "Sent twice" });
  }
}
