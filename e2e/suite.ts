/**
 * A test file's server and browser: `setUpSuite()` registers the beforeAll that starts them and
 * the afterAll that stops them. Kept apart from harness.ts because it imports bun:test and
 * the screenshots script, which uses the harness, runs outside the test runner.
 */
import { afterAll, beforeAll } from "bun:test";
import type { Browser } from "playwright-core";
import {
  ADMIN_PASSWORD,
  launchBrowser,
  newWatchedPage,
  type RunningServer,
  type Session,
  signedInSession,
  startServer,
} from "./harness";

export interface Suite {
  /** The file's own server (fresh database); only valid inside hooks and tests. */
  readonly server: RunningServer;
  /** The file's browser; only valid inside hooks and tests. */
  readonly browser: Browser;
  /** A fresh signed-out page. */
  signedOut(): Promise<Session>;
  /** A fresh page signed in as `username`. */
  signedIn(username: string, password: string): Promise<Session>;
  /** A fresh page signed in as the admin the server creates from ADMIN_PASSWORD. */
  admin(): Promise<Session>;
}

/**
 * Call once at the top of a test file, before any beforeAll of its own: bun runs beforeAll
 * hooks in the order they were registered, so the file's own setup finds both running.
 */
export function setUpSuite(): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const suite: Suite = {
    get server() {
      if (!server) throw new Error("setUpSuite: the server is not running (outside a test?)");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("setUpSuite: the browser is not running (outside a test?)");
      return browser;
    },
    signedOut: () => newWatchedPage(suite.browser, suite.server.url),
    signedIn: (username, password) =>
      signedInSession(suite.browser, suite.server.url, username, password),
    admin: () => suite.signedIn("admin", ADMIN_PASSWORD),
  };
  return suite;
}
