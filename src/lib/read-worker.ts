/**
 * One read worker of the pool (src/lib/read-pool.ts): its own read-only connection, the same
 * read handlers as the request thread, one read at a time. The handlers come from the module
 * the pool names (src/endpoints.ts), loaded at start: this layer imports none of the modules.
 */
import type { Context } from "hono";
import { openReader } from "../db/client";
import type { Endpoint } from "./endpoint";
import { AppError } from "./errors";
import type { AppEnv, Deps, WorkerSettings } from "./http";
import type { ReadReply, ReadRequest, WorkerClose, WorkerInit } from "./read-pool";

declare const self: Worker;

let handlers = new Map<string, Endpoint>();
let deps: Deps | null = null;
let closeConnection: (() => void) | null = null;

/**
 * The little of Hono's context a read handler uses: the request's variables (user, session,
 * request id, deps) and response headers, collected for the request thread to set.
 */
function contextFor(request: ReadRequest, deps: Deps, headers: [string, string][]) {
  const vars: Record<string, unknown> = {
    deps,
    user: request.user,
    sessionId: request.sessionId,
    requestId: request.requestId,
  };
  return {
    get: (key: string) => vars[key],
    header: (name: string, value: string) => {
      headers.push([name, value]);
    },
  } as unknown as Context<AppEnv>;
}

async function run(id: number, request: ReadRequest): Promise<ReadReply> {
  const endpoint = handlers.get(request.name);
  if (!deps || !endpoint?.read) {
    return { id, ok: false, error: { message: `No read handler for ${request.name}` } };
  }
  const headers: [string, string][] = [];
  try {
    const workerDeps: Deps = { ...deps, clock: () => request.now };
    const reply = await endpoint.read({
      c: contextFor(request, workerDeps, headers),
      deps: workerDeps,
      db: workerDeps.db,
      now: request.now,
      actor: request.actor,
      own: request.own,
      params: request.params,
      query: request.query,
      body: request.body,
    } as never);
    return { id, ok: true, reply, headers };
  } catch (err) {
    if (err instanceof AppError) {
      const { code, message, fields, headers } = err;
      return { id, ok: false, error: { code, message, fields, headers } };
    }
    const error = err instanceof Error ? err : new Error(String(err));
    return {
      id,
      ok: false,
      error: { message: `${error.name}: ${error.message}`, stack: error.stack },
    };
  }
}

self.onmessage = async (
  event: MessageEvent<
    WorkerInit<WorkerSettings> | WorkerClose | { id: number; request: ReadRequest }
  >,
) => {
  const message = event.data;
  if ("type" in message && message.type === "close") {
    // The server is stopping: the connection closes before the thread is ended.
    closeConnection?.();
    closeConnection = null;
    deps = null;
    self.postMessage("closed");
    return;
  }
  if ("type" in message) {
    const { moduleEndpoints } = (await import(message.endpoints)) as {
      moduleEndpoints: readonly Endpoint[];
    };
    handlers = new Map(moduleEndpoints.map((e) => [e.name, e]));
    const { db, sqlite, close } = openReader(message.path);
    deps = { ...message.settings, db, sqlite, clock: Date.now };
    closeConnection = close;
    self.postMessage("ready");
    return;
  }
  self.postMessage(await run(message.id, message.request));
};
