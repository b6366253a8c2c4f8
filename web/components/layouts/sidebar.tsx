import { useAtomValue } from "jotai";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";
import { useCounts } from "../../lib/counts";
import { currentUserAtom, ownAccountHrefAtom } from "../../lib/session";
import { LiveIndicator } from "../ui/live-indicator";

interface NavItem {
  href: string;
  label: string;
  /** Which real count its badge shows (issue 9; the SPEC's fixed 0 was a placeholder). */
  count?: "customers" | "shops" | "pendingBets";
  /** What the count means, for a screen reader and a hover. */
  countLabel?: string;
  badge?: number;
}

const MAIN_LINKS: NavItem[] = [
  { href: "/", label: "Dashboard" },
  { href: "/customers", label: "Customers", count: "customers", countLabel: "customers" },
  { href: "/shops", label: "Shops", count: "shops", countLabel: "shops" },
  { href: "/bets", label: "Bets", count: "pendingBets", countLabel: "pending bets" },
  { href: "/transactions", label: "Transactions" },
];

/** A customer login's menu (issue 10): its own account, bets and ledger rows only. */
function customerLinks(accountHref: string | null): NavItem[] {
  return [
    ...(accountHref ? [{ href: accountHref, label: "My Account" }] : []),
    { href: "/bets", label: "My Bets" },
    { href: "/transactions", label: "My Transactions" },
  ];
}

const ADMIN_LINKS: NavItem[] = [
  { href: "/reports", label: "Reports" },
  { href: "/shifts", label: "Shifts" },
  { href: "/admin", label: "System Admin" },
  { href: "/admin/audit", label: "Audit trail" },
];

function NavLinks({ items, current }: { items: NavItem[]; current: string }) {
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
              <span className="flex-1">{item.label}</span>
              {item.badge !== undefined && (
                <span
                  className="badge badge-sm tabular-nums"
                  data-testid={`badge-${item.label}`}
                  title={`${item.badge} ${item.countLabel ?? ""}`.trim()}
                >
                  {item.badge}
                  <span className="sr-only"> {item.countLabel}</span>
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
          aria-label="Close menu"
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
          <div className="text-lg font-bold">Betting Shop</div>
          <div className="mt-2 font-medium">{user.username}</div>
          <div className="text-xs text-base-content/70">{user.role.toUpperCase()}</div>
          {user.role !== "customer" && (
            <div className="mt-2">
              <LiveIndicator />
            </div>
          )}
          {header}
        </div>
        <nav aria-label="Main" className="flex-1">
          <NavLinks items={mainLinks} current={location} />
          {user.role === "admin" && (
            <div>
              <h2 className="px-6 pt-4 text-xs font-semibold text-base-content/60">
                ADMINISTRATION
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
