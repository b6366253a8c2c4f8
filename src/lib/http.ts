/** Shared Hono types and request helpers. */
import type { Database } from "bun:sqlite";
import { zValidator } from "@hono/zod-validator";
import type { Context } from "hono";
import { Hono } from "hono";
import type { ZodType } from "zod";
import type { AppDb } from "../db/client";
import type { SessionPolicy } from "./auth/session";
import type { Actor, SessionUser } from "./context";
import { AppError } from "./errors";
import type { IdempotencyRequest } from "./idempotency";

export interface Deps {
  db: AppDb;
  sqlite: Database;
  sessionPolicy: SessionPolicy;
  /** undefined: set Secure only when the request came over https. */
  cookieSecure: boolean | undefined;
  startedAt: number;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    user: SessionUser | null;
    sessionId: string | null;
  };
}

export function createRouter() {
  return new Hono<AppEnv>();
}

/** The signed-in caller as an Actor; the route table guarantees one exists on non-public routes. */
export function actorOf(c: Context<AppEnv>): Actor {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHORIZED", "Not signed in");
  return {
    userId: user.id,
    username: user.username,
    role: user.role,
    ip: clientIp(c),
    requestId: c.get("requestId"),
  };
}

export function clientIp(c: Context<AppEnv>): string | null {
  const forwarded = c.req.header("x-forwarded-for");
  if (forwarded) return forwarded.split(",")[0]?.trim() ?? null;
  const server = (c.env as { server?: { requestIP(r: Request): { address: string } | null } })
    ?.server;
  return server?.requestIP?.(c.req.raw)?.address ?? null;
}

function firstIssueMessage(issues: readonly { message: string; path: readonly PropertyKey[] }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  const first = issues[0];
  const message = first
    ? first.path.length === 0 || /^[A-Z]/.test(first.message)
      ? first.message
      : `${first.path.map(String).join(".")}: ${first.message}`
    : "Invalid input";
  return { message, fields };
}

/** zod validation whose failure is a 400 `{ message, fields }` naming the field. */
export function validate<T extends ZodType, Target extends "json" | "query" | "param">(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const { message, fields } = firstIssueMessage(result.error.issues);
      throw new AppError("BAD_REQUEST", message, fields);
    }
  });
}

/** Parses a positive integer path parameter; a malformed id is a 404 (no such entity). */
export function idParam(c: Context<AppEnv>, name = "id", what = "Resource"): number {
  const raw = c.req.param(name) ?? "";
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("NOT_FOUND", `${what} not found`);
  return id;
}

/** What a money-moving POST needs to honour its Idempotency-Key header. */
export async function idempotencyRequest(c: Context<AppEnv>): Promise<IdempotencyRequest> {
  return {
    userId: actorOf(c).userId,
    key: c.req.header("idempotency-key")?.trim() || null,
    method: c.req.method,
    path: c.req.path,
    body: await c.req.json(),
  };
}

/** A page of a list: the rows as the JSON body, the total in X-Total-Count. */
export function sendPage<T>(c: Context<AppEnv>, page: { items: T[]; total: number }) {
  c.header("X-Total-Count", String(page.total));
  return c.json(page.items);
}
