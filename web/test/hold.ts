/**
 * Test helpers for the moment between a click and its answer: a request held open, and what
 * Chromium does to the focus of a control disabled meanwhile (happy-dom leaves it focused).
 */
import { act } from "@testing-library/react";

/**
 * Holds the next `method` request until the returned function is called: the screen shows its
 * pending state meanwhile. Call it after rendering (it wraps the mock in place).
 */
export function holdNext(method: string): () => void {
  const server = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!held && init?.method === method) {
      held = true;
      await gate;
    }
    return server(input, init);
  }) as typeof fetch;
  return release;
}

/** What Chromium does to a focused control once disabled: it loses the focus. */
export function blurAsChromium(control: HTMLButtonElement | HTMLSelectElement) {
  if (document.activeElement !== control) return;
  act(() => {
    control.disabled = false;
    control.blur();
    control.disabled = true;
  });
}
