/**
 * Fields and parameters an operation does not know are refused, not dropped (decision 087).
 * A client that spells `eachway` for `eachWay` would otherwise place a win-only bet at half
 * the stake it meant, and `customer_id=2` would export every customer's bets: both answered
 * 2xx and looked right. Only the top level is checked: a nested object's keys are read by its
 * own schema, and a body that is not a plain object is the schema's to refuse.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { Contract } from "../domain/contract";
import { contracts } from "../domain/contracts";
import { AppError } from "./errors";
import type { AppEnv } from "./http";

/**
 * The keys a schema reads at its top level, or null when it cannot say (a schema of another
 * shape: then nothing is refused).
 */
export function knownKeys(schema: z.ZodType): Set<string> | null {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodPipe) return knownKeys(schema.in as z.ZodType);
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  ) {
    return knownKeys(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodUnion) return union(schema.options as readonly z.ZodType[]);
  if (schema instanceof z.ZodIntersection) {
    return union([schema.def.left as z.ZodType, schema.def.right as z.ZodType]);
  }
  return null;
}

function union(parts: readonly z.ZodType[]): Set<string> | null {
  const all = new Set<string>();
  for (const part of parts) {
    const keys = knownKeys(part);
    if (keys === null) return null;
    for (const key of keys) all.add(key);
  }
  return all;
}

const cache = new WeakMap<z.ZodType, Set<string> | null>();

function keysOf(schema: z.ZodType): Set<string> | null {
  if (!cache.has(schema)) cache.set(schema, knownKeys(schema));
  return cache.get(schema) ?? null;
}

function refuse(kind: "field" | "parameter", unknown: string[]): never {
  const names = unknown.slice(0, 5);
  const message = `Unknown ${kind}${names.length > 1 ? "s" : ""}: ${names.join(", ")}`;
  // A field's name keys the `fields` map, as a bad value's does; a parameter has no field.
  const fields =
    kind === "field" ? Object.fromEntries(names.map((n) => [n, `Unknown field`])) : undefined;
  throw new AppError("VALIDATION", message, fields);
}

/**
 * Every parameter some operation reads. Another list's filter stays accepted and ignored
 * (decision 059: `/api/shops?customerId=5` was never refused); a name no operation reads is a
 * typo, and refused.
 */
let everyParameter: Set<string> | null = null;

function parameterNames(): Set<string> {
  if (everyParameter === null) {
    everyParameter = new Set<string>();
    for (const contract of Object.values(contracts) as Contract[]) {
      for (const key of contract.query ? (keysOf(contract.query) ?? []) : []) {
        everyParameter.add(key);
      }
    }
  }
  return everyParameter;
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
    !(contract.query && keysOf(contract.query)?.has("format"))
  ) {
    throw new AppError("VALIDATION", "This operation has no CSV download: format is not read here");
  }
  if (contract.query) {
    const known = parameterNames();
    const unknown = Object.keys(query).filter((key) => !known.has(key));
    if (unknown.length) refuse("parameter", unknown);
  }
  if (contract.body) {
    const known = keysOf(contract.body);
    const body = await sentBody(c);
    if (known && body !== null && typeof body === "object" && !Array.isArray(body)) {
      const unknown = Object.keys(body).filter((key) => !known.has(key));
      if (unknown.length) refuse("field", unknown);
    }
  }
}
