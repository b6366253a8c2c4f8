import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { useT } from "../../i18n";
import { useLiveUpdates } from "../../lib/live";
import { Sidebar } from "./sidebar";
import { usePageHeading } from "./use-page-heading";

const MAIN_ID = "main-content";

/** The signed-in frame: skip link, sidebar (behind a menu button under 1024 px), content. */
export function AppShell({
  children,
  sidebarHeader,
  sidebarFooter,
  title,
  section,
}: {
  children: ReactNode;
  sidebarHeader?: ReactNode;
  sidebarFooter?: ReactNode;
  /** The tab's title while the page has no heading yet. */
  title?: string;
  /** Where a detail page lives, added to its title ("Jane Doe · Customers"). */
  section?: string;
}) {
  const main = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();
  const t = useT();
  usePageHeading(main, { fallback: title, section });
  // Other tills' changes refresh this screen while it is open (issue 9).
  useLiveUpdates();

  // A chosen link closes the menu on small screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every page change
  useEffect(() => setMenuOpen(false), [location]);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);

  return (
    <div className="flex min-h-screen bg-base-200 print:block print:bg-white">
      <a
        href={`#${MAIN_ID}`}
        className="btn btn-primary fixed top-2 left-2 z-[60] -translate-y-24 focus:translate-y-0 print:hidden"
        onClick={(event) => {
          event.preventDefault();
          const target = main.current?.querySelector<HTMLElement>("h1") ?? main.current;
          if (target && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
          target?.focus();
        }}
      >
        {t("app.skipToContent")}
      </a>
      <Sidebar header={sidebarHeader} footer={sidebarFooter} open={menuOpen} onClose={closeMenu} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-base-300 bg-base-100 px-2 py-1 lg:hidden print:hidden">
          <button
            ref={menuButton}
            type="button"
            className="btn btn-ghost btn-square"
            aria-label={t("app.menu")}
            aria-expanded={menuOpen}
            aria-controls="app-sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <span className="text-lg font-bold">{t("app.name")}</span>
        </header>
        <main
          ref={main}
          id={MAIN_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 p-4 outline-none md:p-6 print:p-0"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
