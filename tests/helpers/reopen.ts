/**
 * A "restart" of the test app (tests/helpers/test-app.ts) on its database file: the old
 * handle is closed and a new app is built on a fresh connection, with the same settings,
 * users and session cookies (sessions live in the database, so they survive the restart).
 */
import { createApp } from "../../src/app";
import { openDatabase } from "../../src/db/client";
import { ORIGIN, type TestApp } from "./test-app";

export function reopenTestApp(t: TestApp, path: string): TestApp {
  if (path === ":memory:") throw new Error("an in-memory database cannot be reopened");
  t.close();
  const handle = openDatabase(path);
  // Every setting as before (whatever test-app sets), on the new connection.
  const deps = { ...t.deps, db: handle.db, sqlite: handle.sqlite };
  const app = createApp(deps);
  const request: TestApp["request"] = (method, url, opts = {}) => {
    const headers: Record<string, string> = { Origin: ORIGIN, ...opts.headers };
    const as = opts.as ?? "admin";
    if (as !== "anonymous") headers.Cookie = t.cookies[as];
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
      headers["Content-Type"] ??= "application/json";
    }
    return Promise.resolve(app.request(`${ORIGIN}${url}`, { method, headers, body }));
  };
  return {
    app,
    deps,
    handle,
    ids: t.ids,
    cookies: t.cookies,
    request,
    async json(method, url, opts = {}) {
      const res = await request(method, url, opts);
      const text = await res.text();
      const expected = opts.expect ?? (method === "POST" ? 201 : 200);
      if (res.status !== expected) {
        throw new Error(`${method} ${url}: expected ${expected}, got ${res.status}: ${text}`);
      }
      return (text ? JSON.parse(text) : null) as never;
    },
    close: () => handle.close(),
  };
}
