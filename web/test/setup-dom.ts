/**
 * Web test preload: a happy-dom window as the global DOM, testing-library cleanup after
 * each test, and any console.error fails the test (like tests/setup.ts on the server).
 */
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({ url: "http://localhost:3000/" });

const { afterEach } = await import("bun:test");
const { cleanup, configure } = await import("@testing-library/react");

// waitFor and findBy* wait for a state; on a busy machine the 1 s default ran out before a
// state that always comes (the books indicator's recheck), so each gets a 30 s deadline that
// a passing run never reaches.
configure({ asyncUtilTimeout: 30_000 });

// React only runs act() without warnings when the environment says so.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The password meter's estimator, loaded before any test: the app fetches it by a dynamic
// import when a password form appears (decision 046), and a load finishing after a test
// would update a form outside act(). Loaded, every form has its meter at the first render.
const { loadPasswordStrength } = await import("../components/ui/new-password-field");
await loadPasswordStrength();

// Every language's catalogue, as if fetched: the app loads German when first shown (decision
// 065), and a test that switches with applyLanguage("de") sees German at its first render.
const { i18n } = await import("../i18n");
const { de } = await import("../i18n/de");
i18n.addResourceBundle("de", "translation", de);

// tests/setup.ts (the bunfig preload) leaves the console.error check to this file.
(globalThis as { WEB_DOM_SETUP?: boolean }).WEB_DOM_SETUP = true;

const originalError = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  originalError(...args);
};

afterEach(() => {
  // Unmounted first, whatever happened: a screen left mounted would fail the next tests.
  cleanup();
  document.body.innerHTML = "";
  // Each test starts with an empty tab: no dialog draft (web/lib/draft.ts) carried over.
  window.sessionStorage.clear();
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(
      `console.error was called: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
