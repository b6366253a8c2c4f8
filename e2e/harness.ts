/**
 * The browser suite's harness: builds the web bundle, starts the real server on a free port
 * with a fresh temporary database and ADMIN_PASSWORD, and drives the system Chromium with
 * playwright-core. Never a downloaded browser.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { freePort, type ServerProcess, spawnServer } from "../tests/helpers/server-process";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Not containing "admin": the password policy refuses that at the first start (decision 046).
export const ADMIN_PASSWORD = "e2e-orchard-password";
const ROOT = resolve(import.meta.dir, "..");
/** Also the screenshots' size: small PNGs that still show a whole screen. */
export const VIEWPORT = { width: 1280, height: 800 };

let built = false;
/** Builds the web bundle once per process, so the suite tests the code in the tree. */
export async function buildWeb(): Promise<void> {
  if (built) return;
  const proc = Bun.spawn(["bun", "scripts/build-web.ts"], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
  });
  const code = await proc.exited;
  if (code !== 0) throw new Error(`web build failed: ${await new Response(proc.stderr).text()}`);
  built = true;
}

export interface RunningServer {
  url: string;
  dir: string;
  dbPath: string;
  stop(): Promise<void>;
  /** Stops the process but keeps its port and database, for `start()` to bring it back. */
  halt(): Promise<void>;
  /** Starts it again (after `halt()`) on the same port with the same database. */
  start(): Promise<void>;
}

/**
 * Starts `bun src/index.ts` on a free port with a fresh database in a temporary directory;
 * `prepare` may fill that database first (e.g. with the seed-demo script).
 */
export async function startServer(
  options: {
    prepare?: (dbPath: string) => Promise<void>;
    /** More settings for the server's environment (e.g. BUSINESS_TIMEZONE). */
    settings?: Record<string, string>;
  } = {},
): Promise<RunningServer> {
  await buildWeb();
  const dir = mkdtempSync(join(tmpdir(), "e2e-"));
  const port = await freePort();
  const dbPath = join(dir, "e2e.db");
  await options.prepare?.(dbPath);
  let server: ServerProcess = await spawnServer(dbPath, ADMIN_PASSWORD, port, options.settings);
  forgetSessions(server.url);
  return {
    url: server.url,
    dir,
    dbPath,
    async stop() {
      await server.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
    async halt() {
      await server.kill("SIGTERM");
    },
    async start() {
      if (server.proc.exitCode === null && !server.proc.killed) return;
      server = await spawnServer(dbPath, ADMIN_PASSWORD, port, options.settings);
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
}

/**
 * A browser context that records uncaught page errors and failed requests; `problems()`
 * lists them minus the 4xx answers a flow expects (e.g. 401 on GET /api/user when signed out).
 */
export async function newWatchedPage(
  browser: Browser,
  baseURL: string,
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>,
): Promise<Session> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORT,
    acceptDownloads: true,
    storageState,
  });
  const page = await context.newPage();
  const seen: string[] = [];
  page.on("pageerror", (err) => seen.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/Failed to load resource/.test(msg.text()))
      seen.push(`console.error: ${msg.text()}`);
  });
  page.on("requestfailed", (req) => {
    if (!/net::ERR_ABORTED/.test(req.failure()?.errorText ?? ""))
      seen.push(`requestfailed: ${req.method()} ${req.url()}`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400)
      seen.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  return {
    context,
    page,
    problems: (allowed = []) =>
      seen.filter((p) => !/^401 GET \/api\/user$/.test(p) && !allowed.some((re) => re.test(p))),
  };
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((u) => u.pathname === "/");
}

/**
 * A page whose browser speaks German (`locale: de-DE`, at VIEWPORT), with the page errors it
 * records; `signInGerman` then signs in through the German sign-in form.
 */
export async function newGermanPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, locale: "de-DE", viewport: VIEWPORT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return { context, page, errors };
}

export async function signInGerman(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel("Benutzername").fill(username);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForURL((u) => u.pathname === "/");
}

/** Calls the API as the signed-in page (same cookies, same origin). */
export async function api<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await page.request.fetch(path, {
    method,
    data: body === undefined ? undefined : JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: new URL(page.url()).origin },
  });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  problems: (allowed?: RegExp[]) => string[];
}

/**
 * A fresh context signed in as `username`. The first sign-in of a user in a file goes
 * through the form; later ones reuse its cookies, so tests stay isolated yet fast.
 */
export async function signedInSession(
  browser: Browser,
  baseURL: string,
  username: string,
  password: string,
): Promise<Session> {
  const key = `${baseURL} ${username}`;
  const state = storageStates.get(key);
  const session = await newWatchedPage(browser, baseURL, state);
  if (state) {
    await session.page.goto("/");
  } else {
    await signIn(session.page, username, password);
    storageStates.set(key, await session.context.storageState());
  }
  // Staff land on the Dashboard, a customer login on its own account (issue 10).
  await session.page.getByRole("heading", { level: 1 }).first().waitFor();
  return session;
}
const storageStates = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>();

/**
 * A new server is a new database: the sessions kept for its address were made on an earlier
 * server that had the same port (the OS hands a freed port out again), and its cookies would
 * open the sign-in page (one file's setup failed with 401 that way).
 */
function forgetSessions(baseURL: string): void {
  for (const key of storageStates.keys())
    if (key.startsWith(`${baseURL} `)) storageStates.delete(key);
}

let counter = 0;
/** A name no other test uses, so tests do not depend on each other's data. */
export function unique(prefix: string): string {
  counter += 1;
  // Always as long (the counter padded), so a test that counts the keys typing it counts the
  // same however many names the suite made before it.
  return `${prefix} ${Date.now().toString(36).slice(-4)}${String(counter).padStart(4, "0")}`;
}

/** The text as the user reads it (layout-aware, unlike textContent), or "" if absent. */
function renderedText(locator: Locator): Promise<string> {
  const first = locator.first();
  // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
  const text = first.innerText({ timeout: 1_000 });
  return text.catch(() => "");
}

/** Whitespace runs (tabs, line breaks between a label and its value) read as one space. */
function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * What the page says when a wait fails: its alerts, statuses and dialogs' texts (a refused
 * submit, a toast, an error panel), so a failure names what the user saw instead.
 */
async function onScreen(page: Page): Promise<string> {
  const texts = await page
    .locator('[role="alert"], [role="status"], dialog[open] [class*="text-error"]')
    .allInnerTexts()
    .catch(() => [] as string[]);
  const seen = texts.map(squash).filter(Boolean);
  return seen.length > 0 ? `; on screen: ${seen.map((t) => `"${t}"`).join(", ")}` : "";
}

/** Waits until the locator's text (whitespace squashed) contains or equals `text`. */
export async function expectText(
  locator: Locator,
  text: string | RegExp,
  { exact = false, timeout = 30_000 }: { exact?: boolean; timeout?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = "";
  for (;;) {
    last = squash(await renderedText(locator));
    const want = typeof text === "string" ? squash(text) : text;
    const ok =
      typeof want === "string" ? (exact ? last === want : last.includes(want)) : want.test(last);
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(
        `expected ${locator} to ${exact ? "equal" : "contain"} ${text}, saw "${last}"${await onScreen(locator.page())}`,
      );
    await Bun.sleep(50);
  }
}

/** Waits until `check` holds (polling), for up to `timeout` ms; names `what` if it never does. */
export async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeout = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

/** Waits for the locator to be visible. */
export async function visible(locator: Locator, timeout = 30_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: "visible", timeout });
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : err}${await onScreen(locator.page())}`);
  }
}

/** Waits for the locator to disappear (or never appear). */
export async function hidden(locator: Locator, timeout = 30_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: "hidden", timeout });
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : err}${await onScreen(locator.page())}`);
  }
}

/** The toast (one at a time): waits until it shows `title` and, if given, `description`. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByRole("status").filter({ hasText: title });
  await visible(toast);
  if (description !== undefined) await expectText(toast, description);
}

/** Chooses an option in a search-as-you-type picker (Customer, Shop) inside `scope`. */
export async function pick(scope: Page | Locator, label: string, text: string): Promise<void> {
  const box = scope.getByRole("combobox", { name: label });
  const option = scope.getByRole("option", { name: text }).first();
  // A customer's chosen value goes on with its number and phone: "Ann Byrne (C-000007) · ...".
  const chosen = (value: string) => value === text || value.startsWith(`${text} (`);
  // The typed text already reads like the choice, so the choice is in only once the field
  // says no text is waiting to be chosen (`data-typing`), the list has closed and the field is
  // not refused. A click that lands while the list is replaced by the full text's results can
  // miss (the field then says "Choose a … from the list"): then the name is typed again.
  const deadline = Date.now() + 30_000;
  let typedAt = Date.now();
  const type = async () => {
    await box.click();
    await box.fill(text);
    typedAt = Date.now();
  };
  await type();
  for (;;) {
    if (await option.isVisible().catch(() => false)) {
      await option.click({ timeout: 5_000 }).catch(() => {});
    }
    const expanded = (await box.getAttribute("aria-expanded")) === "true";
    const refused = (await box.getAttribute("aria-invalid")) === "true";
    const typing = (await box.getAttribute("data-typing")) === "true";
    if (!expanded && !refused && !typing && chosen(await box.inputValue())) return;
    if (Date.now() > deadline) throw new Error(`${label} picker did not select "${text}"`);
    // Refused, or the list closed on the typed text without a choice for a while: type again.
    if (refused || (!expanded && Date.now() - typedAt > 2_000)) await type();
    await Bun.sleep(50);
  }
}

/** The value of a label/value line (<dt>label</dt><dd>value</dd>) inside `scope`. */
export function detail(scope: Page | Locator, label: string): Locator {
  return scope.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

/** A panel (a titled region) of a detail page. */
export function panel(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title, exact: true });
}

/** Types into a table's search box and waits for a row with `text`. */
export async function searchTable(page: Page, text: string): Promise<Locator> {
  await page.getByRole("searchbox").first().fill(text);
  const row = page.getByRole("row").filter({ hasText: text });
  await visible(row);
  return row.first();
}

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the page (or on `selector`, e.g. an open dialog) and fails on any
 * serious or critical violation, listing each with the elements it found. `alsoRules`
 * names rules that fail whatever their impact (e.g. "heading-order", which axe calls
 * moderate).
 */
export async function expectAccessible(
  page: Page,
  label: string,
  selector?: string,
  { alsoRules = [] }: { alsoRules?: readonly string[] } = {},
): Promise<void> {
  const loaded = await page.evaluate(() => "axe" in window);
  // The app's CSP forbids inline scripts (addScriptTag), so evaluate axe's source directly.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  // Let transitions (dialogs sliding in, toasts fading) end so colours are final: wait for
  // the animations running now to finish, not for a time a busy machine may overrun. A
  // spinner's endless animation never finishes, so it is not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async (context) => {
    const axe = (
      window as unknown as {
        axe: { run: (...args: unknown[]) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(context ?? document, { resultTypes: ["violations"] });
    return result.violations;
  }, selector ?? null);
  const serious = violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical" || alsoRules.includes(v.id),
  );
  if (serious.length > 0) {
    const lines = serious.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 6)
          .map(
            (n) =>
              `    ${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 220)}`,
          )
          .join("\n")}`,
    );
    throw new Error(
      `axe found ${serious.length} serious violation(s) on ${label}:\n${lines.join("\n")}`,
    );
  }
}
