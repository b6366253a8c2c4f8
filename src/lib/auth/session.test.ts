/**
 * The sliding idle timeout through the real middleware, on the injected clock (Deps.clock):
 * a session used just before its idle limit is renewed, so it is still good after twice
 * that time; left unused for the idle limit, it ends (401) and its row is gone. The short
 * timeouts are the point (issue 10): renewal is throttled to once a minute at most, and at a
 * 1-minute idle timeout that throttle must shrink, or a session in use idles out.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { sessions } from "../../db/schema";
import { createSession } from "./session";

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 22, 9);

let t: TestApp;
let now: number;
beforeEach(async () => {
  t = await createTestApp();
  now = START;
  t.deps.clock = () => now;
});
afterEach(() => t.close());

/** A cashier's session created at the clock's time, and a request that uses it. */
function signedIn() {
  const token = createSession(t.handle.db, t.ids.user, now);
  const id = token.split(".")[0] as string;
  return {
    use: async () =>
      (
        await t.request("GET", "/api/user", {
          as: "anonymous",
          headers: { Cookie: `session=${token}` },
        })
      ).status,
    stored: () => t.handle.db.select().from(sessions).where(eq(sessions.id, id)).get(),
  };
}

const cases = [
  { name: "the default 30 minutes", idleMs: 30 * MINUTE, gapMs: 29 * MINUTE },
  { name: "5 minutes", idleMs: 5 * MINUTE, gapMs: 4 * MINUTE },
  // idle - 1 min is no gap at 1 minute: 10 s short of the limit instead.
  { name: "1 minute", idleMs: MINUTE, gapMs: 50_000 },
];

describe("sliding idle timeout", () => {
  for (const { name, idleMs, gapMs } of cases) {
    test(`idle timeout ${name}: used just before the limit twice, still valid; unused for the limit, 401`, async () => {
      t.deps.sessionPolicy = { idleMs, absoluteMs: 12 * 60 * MINUTE };
      const session = signedIn();
      now += gapMs;
      expect(await session.use()).toBe(200);
      // Renewed by that use: the idle clock restarts from it.
      expect(session.stored()?.lastVerifiedAt).toBe(now);
      now += gapMs;
      // 2 x gap since sign-in, past the idle limit: alive only because it was renewed.
      expect(now - START).toBeGreaterThan(idleMs);
      expect(await session.use()).toBe(200);
      expect(session.stored()?.lastVerifiedAt).toBe(now);
      // Left unused for the idle limit, it ends and its row is deleted.
      now += idleMs;
      expect(await session.use()).toBe(401);
      expect(session.stored()).toBeUndefined();
    });
  }
});
