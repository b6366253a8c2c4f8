/** bun test preload: quiet request logs, and fail any test that logs console.error. */
import { afterEach } from "bun:test";
import { setLogLevel } from "../src/lib/logger";

setLogLevel("silent");

const originalError = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  originalError(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  // The web suite's own preload (web/test/setup-dom.ts) checks the same errors after it has
  // unmounted the test's screen: a throw here would skip that cleanup and fail the next tests.
  if ((globalThis as { WEB_DOM_SETUP?: boolean }).WEB_DOM_SETUP) return;
  if (seen.length > 0) {
    throw new Error(
      `console.error was called: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
