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
  if (seen.length > 0) {
    throw new Error(
      `console.error was called: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
