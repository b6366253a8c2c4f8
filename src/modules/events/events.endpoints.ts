/**
 * GET /api/events: a Server-Sent Events stream of every committed change (issue 9), so that
 * each open screen refreshes exactly what changed. A comment line every few seconds keeps
 * the connection (and Bun's idle timer) alive; closing the page ends the subscription.
 * The caller's session is checked again before every event and keep-alive (without
 * renewing it: an open screen is not activity), so a signed-out, expired, disabled or
 * reset user's stream ends at once (issue 10).
 */
import { eq } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { alerts } from "../../db/schema";
import { contracts } from "../../domain/contracts";
import { ALERT_CATEGORIES, type Role } from "../../domain/enums";
import { alertCategoriesFor } from "../../lib/alerts";
import { apiTokenStillValid } from "../../lib/auth/api-token";
import { sessionStillValid } from "../../lib/auth/session";
import { implement } from "../../lib/endpoint";
import { type ChangeEvent, registerStream, subscribe } from "../../lib/events";

export const KEEP_ALIVE_MS = 5_000;

/**
 * Whether a change to an alert may reach this role's stream (decisions/044): staff hear only
 * of operations alerts, so neither the raising nor the dismissal of an alert about them (a
 * till discrepancy, their sign-ins) reaches them. An alert event without an id (the books
 * check's) or whose row is gone is kept from staff too.
 */
function audienceOf(db: AppDb, role: Role): (event: ChangeEvent) => boolean {
  const seen = alertCategoriesFor(role);
  if (seen.length === ALERT_CATEGORIES.length) return () => true;
  return (event) => {
    if (event.entityType !== "ALERT") return true;
    if (event.entityId === null) return false;
    const row = db
      .select({ category: alerts.category })
      .from(alerts)
      .where(eq(alerts.id, Number(event.entityId)))
      .get();
    return row !== undefined && seen.includes(row.category);
  };
}

export const eventsEndpoints = [
  implement(contracts.events, ({ c, deps, actor }) => {
    const encoder = new TextEncoder();
    const sessionId = c.get("sessionId");
    // An API token's stream ends once it is revoked or expires (decision 058).
    const tokenId = c.get("apiToken")?.id ?? null;
    const valid = () =>
      sessionId !== null
        ? sessionStillValid(deps.db, sessionId, deps.sessionPolicy, deps.clock())
        : tokenId !== null && apiTokenStillValid(deps.db, tokenId, deps.clock());
    const admits = audienceOf(deps.db, actor.role);
    let stop = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const end = () => {
          stop();
          try {
            controller.close();
          } catch {
            // already closed
          }
        };
        const send = (text: string) => {
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            stop();
          }
        };
        // The browser reconnects 2 s after a drop; `ready` tells it the stream is live.
        send(`retry: 2000\nevent: ready\ndata: {}\n\n`);
        const unsubscribe = subscribe((event) => {
          if (!valid()) return end();
          if (!admits(event)) return;
          send(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
        });
        const keepAlive = setInterval(
          () => (valid() ? send(": keep-alive\n\n") : end()),
          KEEP_ALIVE_MS,
        );
        keepAlive.unref?.();
        // The server stopping ends the stream with a reconnect hint (decision 054).
        const unregister = registerStream((lastWords) => {
          send(lastWords);
          end();
        });
        stop = () => {
          clearInterval(keepAlive);
          unsubscribe();
          unregister();
        };
        c.req.raw.signal.addEventListener("abort", end);
      },
      cancel() {
        stop();
      },
    });
    const server = (c.env as { server?: { timeout?(req: Request, seconds: number): void } })
      ?.server;
    server?.timeout?.(c.req.raw, 0);
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      },
    });
  }),
];
