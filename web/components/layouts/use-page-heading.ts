import { atom, useSetAtom, useStore } from "jotai";
import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { i18n } from "../../i18n";

/** `document.title` for a page: "Customers · Betting Shop" (the app's name in the language). */
export function pageTitle(...parts: (string | undefined)[]): string {
  const named = parts.map((part) => part?.trim()).filter((part): part is string => !!part);
  return [...new Set(named), i18n.t("app.name")].join(" · ");
}

/**
 * Sets the tab title for as long as the component is shown (pages outside the shell), with
 * the `section` it lives in as the shell's pages have it ("Slip of bet #12 · Bets · …").
 */
export function useDocumentTitle(title: string, section?: string): void {
  useEffect(() => {
    document.title = pageTitle(title, section);
  }, [title, section]);
}

/**
 * Set while a screen outside the shell (the sign-in page, the forced password change, a
 * slip) shows: the shell that replaces it mounts fresh, and that is a page change too. Per
 * app (a jotai store), so one test's sign-in page is not another's.
 */
const outsideShellAtom = atom(false);

/**
 * For a signed-in or signing-in screen outside the shell: the shell that follows it focuses
 * its page heading (after sign-in, after the forced password change, "Back to Bet" from a
 * slip), where the shell on a page just loaded leaves the focus to the browser.
 */
export function useOutsideShell(): void {
  const setOutside = useSetAtom(outsideShellAtom);
  useEffect(() => setOutside(true), [setOutside]);
}

function headingOf(main: HTMLElement): HTMLHeadingElement | null {
  return main.querySelector("h1");
}

/**
 * The shell's page heading does two jobs. It names the tab after the page's h1 (a detail
 * page's h1 is its customer, shop or bet, so `section` adds where it lives, e.g.
 * "Jane Doe · Customers · Betting Shop"; `fallback` names it while it loads). And after a
 * page change it moves focus to that h1, as a screen reader user expects, unless the user
 * has meanwhile put focus somewhere else. The shell's first page counts as a page change
 * when a screen outside the shell showed before it (`useOutsideShell`), not on a page load.
 */
export function usePageHeading(
  main: RefObject<HTMLElement | null>,
  { fallback, section }: { fallback?: string; section?: string },
): void {
  const [location] = useLocation();
  const firstPage = useRef(true);
  const store = useStore();

  // The title follows the heading as the page loads and as it changes.
  useEffect(() => {
    const root = main.current;
    if (!root) return;
    const update = () => {
      const heading = headingOf(root)?.textContent ?? "";
      document.title = heading ? pageTitle(heading, section) : pageTitle(fallback);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [main, fallback, section]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    const root = main.current;
    if (!root) return;
    if (firstPage.current) {
      firstPage.current = false;
      if (!store.get(outsideShellAtom)) return;
      store.set(outsideShellAtom, false);
    }
    const focusedBefore = document.activeElement;
    const moveFocus = () => {
      const heading = headingOf(root);
      if (!heading) return false;
      const active = document.activeElement;
      const untouched =
        !active ||
        active === document.body ||
        active === focusedBefore ||
        !active.isConnected ||
        (active instanceof HTMLElement && active.closest("nav") !== null);
      if (untouched && !document.querySelector("dialog[open]")) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: false });
      }
      return true;
    };
    if (moveFocus()) return;
    // The screen's chunk or data is still loading: wait for its heading (not forever).
    const observer = new MutationObserver(() => {
      if (moveFocus()) stop();
    });
    const timer = setTimeout(() => stop(), 10_000);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [location, main, store]);
}
