import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { currentUserAtom } from "../../lib/session";

interface NavItem {
  href: string;
  label: string;
  /** Placeholder count badges are a fixed 0 (SPEC section 2). */
  badge?: number;
}

const MAIN_LINKS: NavItem[] = [
  { href: "/", label: "Dashboard" },
  { href: "/customers", label: "Customers", badge: 0 },
  { href: "/shops", label: "Shops", badge: 0 },
  { href: "/bets", label: "Bets", badge: 0 },
  { href: "/transactions", label: "Transactions" },
];

const ADMIN_LINKS: NavItem[] = [
  { href: "/reports", label: "Reports" },
  { href: "/admin", label: "System Admin" },
];

function NavLinks({ items, current }: { items: NavItem[]; current: string }) {
  return (
    <ul className="menu w-full">
      {items.map((item) => {
        const active =
          item.href === "/"
            ? current === "/" || current === "/dashboard"
            : current.startsWith(item.href);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              className={active ? "menu-active" : ""}
              aria-current={active ? "page" : undefined}
            >
              <span className="flex-1">{item.label}</span>
              {item.badge !== undefined && (
                <span className="badge badge-sm" data-testid={`badge-${item.label}`}>
                  {item.badge}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** `footer` holds the session controls (the app passes the auth feature's Logout button). */
export function Sidebar({ footer }: { footer?: ReactNode }) {
  const user = useAtomValue(currentUserAtom);
  const [location] = useLocation();
  if (!user) return null;
  return (
    <aside className="flex w-64 shrink-0 flex-col border-r border-base-300 bg-base-100">
      <div className="border-b border-base-300 p-4">
        <div className="text-lg font-bold">Betting Shop</div>
        <div className="mt-2 font-medium">{user.username}</div>
        <div className="text-xs text-base-content/70">{user.role.toUpperCase()}</div>
      </div>
      <nav aria-label="Main" className="flex-1">
        <NavLinks items={MAIN_LINKS} current={location} />
        {user.role === "admin" && (
          <div>
            <h2 className="px-6 pt-4 text-xs font-semibold text-base-content/60">ADMINISTRATION</h2>
            <NavLinks items={ADMIN_LINKS} current={location} />
          </div>
        )}
      </nav>
      <div className="p-4">{footer}</div>
    </aside>
  );
}
