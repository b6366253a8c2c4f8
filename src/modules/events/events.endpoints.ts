/**
 * GET /api/events: a Server-Sent Events stream of every committed change (issue 9), so that
 * each open screen refreshes exactly what changed. A comment line every few seconds keeps
 * the connection (and Bun's idle timer) alive; closing the page ends the subscription.
 * The caller's session is checked again before every event and keep-alive (without
 * renewing it: an open screen is not activity), so a signed-out, expired, disabled or
 * reset user's stream ends at once (issue 10).
 */
import { contracts } from "../../domain/contracts";
import { sessionStillValid } from "../../lib/auth/session";
import { implement } from "../../lib/endpoint";
import { subscribe } from "../../lib/events";

export const KEEP_ALIVE_MS = 5_000;

export const eventsEndpoints = [
  implement(contracts.events, ({ c, deps }) => {
    const encoder = new TextEncoder();
    const sessionId = c.get("sessionId");
    const valid = () =>
      sessionId !== null && sessionStillValid(deps.db, sessionId, deps.sessionPolicy, deps.clock());
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
          send(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
        });
        const keepAlive = setInterval(
          () => (valid() ? send(": keep-alive\n\n") : end()),
          KEEP_ALIVE_MS,
        );
        keepAlive.unref?.();
        stop = () => {
          clearInterval(keepAlive);
          unsubscribe();
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
