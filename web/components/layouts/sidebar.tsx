import { useAtomValue } from "jotai";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";
import { currentLanguage, useT } from "../../i18n";
import { type Catalogue, en } from "../../i18n/en";
import { useCounts } from "../../lib/counts";
import { currentUserAtom, ownAccountHrefAtom } from "../../lib/session";
import { LiveIndicator } from "../ui/live-indicator";
import "../../i18n/areas/ui";

type NavKey = keyof Catalogue["nav"];

interface NavItem {
  href: string;
  label: NavKey;
  /** Which real count its badge shows (issue 9; the SPEC's fixed 0 was a placeholder). */
  count?: "customers" | "shops" | "pendingBets";
  /** What the count means, for a screen reader and a hover. */
  countLabel?: NavKey;
  badge?: number;
}

const MAIN_LINKS: NavItem[] = [
  { href: "/", label: "dashboard" },
  { href: "/customers", label: "customers", count: "customers", countLabel: "countCustomers" },
  { href: "/shops", label: "shops", count: "shops", countLabel: "countShops" },
  { href: "/bets", label: "bets", count: "pendingBets", countLabel: "countPendingBets" },
  { href: "/transactions", label: "transactions" },
];

/** A customer login's menu (issue 10): its own account, bets and ledger rows only. */
function customerLinks(accountHref: string | null): NavItem[] {
  return [
    ...(accountHref ? [{ href: accountHref, label: "myAccount" as const }] : []),
    { href: "/bets", label: "myBets" },
    { href: "/transactions", label: "myTransactions" },
  ];
}

const ADMIN_LINKS: NavItem[] = [
  { href: "/reports", label: "reports" },
  { href: "/shifts", label: "shifts" },
  { href: "/admin", label: "systemAdmin" },
  { href: "/admin/audit", label: "auditTrail" },
];

function NavLinks({ items, current }: { items: NavItem[]; current: string }) {
  const t = useT();
  return (
    <ul className="menu w-full">
      {items.map((item) => {
        // The longest matching link is the current one ("/admin/audit", not "/admin").
        const matches = (href: string) => current === href || current.startsWith(`${href}/`);
        const active =
          item.href === "/"
            ? current === "/" || current === "/dashboard"
            : matches(item.href) &&
              !items.some((other) => other.href.length > item.href.length && matches(other.href));
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              className={active ? "menu-active" : ""}
              aria-current={active ? "page" : undefined}
            >
              <span className="flex-1">{t(`nav.${item.label}`)}</span>
              {item.badge !== undefined && (
                <span
                  className="badge badge-sm tabular-nums"
                  data-testid={`badge-${en.nav[item.label]}`}
                  title={`${item.badge} ${item.countLabel ? t(`nav.${item.countLabel}`) : ""}`.trim()}
                >
                  {item.badge}
                  <span className="sr-only"> {item.countLabel && t(`nav.${item.countLabel}`)}</span>
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * `footer` holds the session controls (the app passes the auth feature's Logout button).
 * From 1024 px it is always shown; below, it slides over the page while `open` (the shell's
 * menu button), and Escape or the backdrop closes it.
 */
export function Sidebar({
  header,
  footer,
  open = false,
  onClose,
}: {
  /** Under the user's name: the working shop control (the app passes the shops feature's). */
  header?: ReactNode;
  footer?: ReactNode;
  open?: boolean;
  onClose?: () => void;
}) {
  const user = useAtomValue(currentUserAtom);
  const [location] = useLocation();
  const counts = useCounts();
  const accountHref = useAtomValue(ownAccountHrefAtom);
  const mainLinks =
    user?.role === "customer"
      ? customerLinks(accountHref)
      : MAIN_LINKS.map((item) => (item.count ? { ...item, badge: counts?.[item.count] } : item));
  const aside = useRef<HTMLElement>(null);
  const t = useT();

  useEffect(() => {
    if (!open) return;
    aside.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose?.();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  if (!user) return null;
  return (
    <>
      {open && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={t("app.closeMenu")}
          className="fixed inset-0 z-40 bg-black/40 lg:hidden"
          onClick={onClose}
        />
      )}
      <aside
        ref={aside}
        id="app-sidebar"
        className={`w-64 shrink-0 flex-col border-r border-base-300 bg-base-100 lg:static lg:flex print:hidden ${
          open ? "fixed inset-y-0 left-0 z-50 flex overflow-y-auto" : "hidden"
        }`}
      >
        <div className="border-b border-base-300 p-4">
          <div className="text-lg font-bold">{t("app.name")}</div>
          <div className="mt-2 font-medium">{user.username}</div>
          <div className="text-xs text-base-content/70">
            {t(`ui.roles.${user.role}`).toLocaleUpperCase(currentLanguage())}
          </div>
          {user.role !== "customer" && (
            <div className="mt-2">
              <LiveIndicator />
            </div>
          )}
          {header}
        </div>
        <nav aria-label={t("nav.main")} className="flex-1">
          <NavLinks items={mainLinks} current={location} />
          {user.role === "admin" && (
            <div>
              <h2 className="px-6 pt-4 text-xs font-semibold text-base-content/60">
                {t("nav.administration")}
              </h2>
              <NavLinks items={ADMIN_LINKS} current={location} />
            </div>
          )}
        </nav>
        <div className="p-4">{footer}</div>
      </aside>
    </>
  );
}
