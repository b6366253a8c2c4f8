/**
 * Keyboard-only browser tests (issue 21, item 7): where the focus is, and key presses that
 * count themselves, so a test can name how many keys a counter task takes.
 */
import type { Page } from "playwright-core";

/**
 * What has the focus: its role (else its tag) and its name as the page gives it: a field's
 * label, an aria-label, else (not for a text field) its text. E.g. "combobox Customer",
 * "textarea Description", "button Pay €19.00", "a Back to Bet".
 */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "nothing";
    const input = element as HTMLInputElement;
    const name =
      input.labels?.[0]?.textContent ??
      element.getAttribute("aria-label") ??
      (element.tagName === "INPUT" || element.tagName === "TEXTAREA"
        ? ""
        : (element.textContent ?? ""));
    const what = element.getAttribute("role") ?? element.tagName.toLowerCase();
    return `${what} ${name
      .replace(/\s*\*$/, "")
      .replace(/\s+/g, " ")
      .trim()}`;
  });
}

/** Waits (30 s at most) until the focus is on `want`, as `read` (by default `focused`) says it. */
export async function focusIs(
  page: Page,
  want: string,
  read: (page: Page) => Promise<string> = focused,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = "";
  for (;;) {
    last = await read(page);
    if (last === want) return;
    if (Date.now() > deadline) throw new Error(`expected the focus on "${want}", saw "${last}"`);
    await Bun.sleep(50);
  }
}

/** Key presses that count themselves: a press is one key, a typed character one each. */
export function countedKeys(page: Page) {
  let count = 0;
  const keys = {
    get count() {
      return count;
    },
    async press(key: string) {
      count += 1;
      await page.keyboard.press(key);
    },
    async type(text: string) {
      count += text.length;
      await page.keyboard.type(text);
    },
    /** Tabs on (each Tab counted, `most` at the most) until `want` has the focus. */
    async tabTo(want: string, most = 30) {
      for (let i = 0; i < most && (await focused(page)) !== want; i++) await keys.press("Tab");
      await focusIs(page, want);
    },
  };
  return keys;
}

/**
 * Opens the dashboard and waits until the counter keys listen (their handler loads after the
 * first screen); the page's heading then has the focus (no text field: `?` is a command).
 */
export async function counterKeysReady(page: Page): Promise<void> {
  await page.goto("/");
  const heading = page.getByRole("heading", { level: 1 });
  await heading.waitFor({ state: "visible", timeout: 30_000 });
  await page.locator("body[data-counter-keys=on]").waitFor({ state: "attached", timeout: 30_000 });
  await heading.focus();
}
