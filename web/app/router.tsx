/**
 * The route table of SPEC section 2; every screen but the landing dashboard is its own
 * lazily loaded chunk.
 */
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { lazy, type ReactNode, Suspense, useLayoutEffect, useState } from "react";
import { matchRoute, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import { AppShell } from "../components/layouts/app-shell";
import { useOutsideShell } from "../components/layouts/use-page-heading";
import { AccessDenied } from "../components/ui/access-denied";
import { ErrorBoundary } from "../components/ui/error-boundary";
import { CenteredSpinner } from "../components/ui/spinner";
import {
  AccountLink,
  ChangePasswordButton,
  ForcedPasswordChange,
  LogoutButton,
} from "../features/auth";
import { ReceiptOfferSlot } from "../features/receipts";
import { ShiftControl } from "../features/shifts";
import { WorkingShop } from "../features/shops";
import { useT } from "../i18n";
import type { Catalogue } from "../i18n/en";
import { currentUserAtom, returnToAtom, sessionExpiredAtom } from "../lib/session";
import { BusinessTimeZoneGate } from "../lib/time-gate";
import {
  eagerScreen,
  LazyScreen,
  type LazyScreenHandle,
  lazyScreen,
  retryFailedScreens,
  ScreenFallback,
} from "./lazy-screen";
import Dashboard from "./routes/dashboard";

const AuthPage = lazyScreen(() => import("./routes/auth"));
const DashboardPage = eagerScreen(Dashboard);
const CustomersPage = lazyScreen(() => import("./routes/customers"));
const CustomerPage = lazyScreen(() => import("./routes/customer"));
const ShopsPage = lazyScreen(() => import("./routes/shops"));
const ShopPage = lazyScreen(() => import("./routes/shop"));
const BetsPage = lazyScreen(() => import("./routes/bets"));
const BetPage = lazyScreen(() => import("./routes/bet"));
const TransactionsPage = lazyScreen(() => import("./routes/transactions"));
const UserPage = lazyScreen(() => import("./routes/user"));
const AdminPage = lazyScreen(() => import("./routes/admin"));
const AuditPage = lazyScreen(() => import("./routes/audit"));
const ReportsPage = lazyScreen(() => import("./routes/reports"));
const AlertsPage = lazyScreen(() => import("./routes/alerts"));
const ShiftsPage = lazyScreen(() => import("./routes/shifts"));
const ShiftPage = lazyScreen(() => import("./routes/shift"));
const SlipPage = lazyScreen(() => import("./routes/slip"));
const NotFoundPage = lazyScreen(() => import("./routes/not-found"));
// The counter keys (issue 21, item 7): their handler and dialogs load after the first screen.
// A chunk that fails to load leaves the keys off rather than the screen broken.
const CounterKeys = lazy(() => import("./counter-keys").catch(() => ({ default: () => null })));

/** A screen that fails (a chunk that did not load, a lost server) shows a panel with Retry. */
function Screen({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary key={location} onRetry={retryFailedScreens}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Marks a screen outside the shell: the shell that follows focuses its page heading. */
function OutsideShell() {
  useOutsideShell();
  return null;
}

/**
 * Off to the sign-in page. After a session expired, remember this page (with its query) so
 * that signing in again leads back to it.
 */
function ToSignIn() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const expired = useAtomValue(sessionExpiredAtom);
  const setReturnTo = useSetAtom(returnToAtom);
  useLayoutEffect(() => {
    if (expired) setReturnTo(search ? `${location}?${search}` : location);
    navigate("/auth", { replace: true });
  }, [expired, location, search, navigate, setReturnTo]);
  return null;
}

/** Signed-in screens: spinner while the user lookup is pending, else /auth. */
function Protected({
  children,
  title,
  section,
}: {
  children: ReactNode;
  title: string;
  section?: string;
}) {
  const user = useAtomValue(currentUserAtom);
  if (user === undefined) return <CenteredSpinner />;
  if (!user) return <ToSignIn />;
  // After an admin's reset, nothing else opens until the user chooses a new password.
  if (user.mustChangePassword) {
    return (
      <Screen fallback={<CenteredSpinner />}>
        <OutsideShell />
        <ForcedPasswordChange />
      </Screen>
    );
  }
  return (
    <BusinessTimeZoneGate fallback={<CenteredSpinner />}>
      <AppShell
        sidebarHeader={
          <>
            <WorkingShop />
            <ShiftControl />
          </>
        }
        sidebarFooter={
          <div className="flex flex-col gap-2">
            <AccountLink />
            <ChangePasswordButton />
            <LogoutButton />
          </div>
        }
        title={title}
        section={section}
      >
        {/* The latest cash movement's receipt, to print (issue 21 item 4, decision 053). */}
        <ReceiptOfferSlot />
        <Screen fallback={<ScreenFallback />}>{children}</Screen>
        <Suspense fallback={null}>
          <CounterKeys />
        </Suspense>
      </AppShell>
    </BusinessTimeZoneGate>
  );
}

/** A page's name in the catalogue (the tab's title in the language showing). */
type PageName = Exclude<keyof Catalogue["pages"], "shiftsStaffOnly">;

/** [path, screen, title while loading, section a detail page belongs to] */
const protectedRoutes: [string, LazyScreenHandle, PageName, PageName?][] = [
  ["/", DashboardPage, "dashboard"],
  ["/dashboard", DashboardPage, "dashboard"],
  ["/customers", CustomersPage, "customers"],
  ["/customers/:id", CustomerPage, "customer", "customers"],
  ["/shops", ShopsPage, "shops"],
  ["/shops/:id", ShopPage, "shop", "shops"],
  ["/bets", BetsPage, "bets"],
  ["/bets/:id", BetPage, "bet", "bets"],
  ["/transactions", TransactionsPage, "transactions"],
  ["/users/:id", UserPage, "user", "users"],
  ["/admin", AdminPage, "admin"],
  ["/admin/audit", AuditPage, "audit"],
  ["/reports", ReportsPage, "reports"],
  ["/alerts", AlertsPage, "alerts"],
  ["/shifts", ShiftsPage, "shifts"],
  ["/shifts/:id", ShiftPage, "shiftReport", "shifts"],
];

/**
 * Screens whose every call is staff-only on the server (the contracts' STAFF access): a
 * customer login gets "Access Denied" as on the admin screens, not a table of 403s.
 * (/alerts and the admin screens guard themselves.)
 */
const STAFF_ONLY: Record<string, "pages.shiftsStaffOnly"> = {
  "/shifts": "pages.shiftsStaffOnly",
  "/shifts/:id": "pages.shiftsStaffOnly",
};

function StaffOnly({ path, children }: { path: string; children: ReactNode }) {
  const user = useAtomValue(currentUserAtom);
  const t = useT();
  const text = STAFF_ONLY[path];
  if (text && user?.role === "customer") return <AccessDenied text={t(text)} />;
  return children;
}

/** Signed in (again): back to where the expired session left off, else the dashboard. */
function AfterSignIn() {
  const [returnTo, setReturnTo] = useAtom(returnToAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);
  const [, navigate] = useLocation();
  const [target] = useState(() => returnTo ?? "/");
  useLayoutEffect(() => {
    setReturnTo(null);
    setExpired(false);
    navigate(target, { replace: true });
  }, [target, navigate, setReturnTo, setExpired]);
  return null;
}

function AuthRoute() {
  const user = useAtomValue(currentUserAtom);
  if (user === undefined) return <CenteredSpinner />;
  if (user) return <AfterSignIn />;
  return (
    <Screen fallback={<CenteredSpinner />}>
      <OutsideShell />
      <LazyScreen screen={AuthPage} />
    </Screen>
  );
}

/** A bet's printable slip: signed in, but without the app's chrome (decision 031). */
const SLIP_PATH = "/bets/:id/slip";

/**
 * The slip's page has the counter keys too (decision 050): a counter dialog opens back in the
 * shell, on the slip's bet (its receipts print there, not under the slip's print layout), and
 * `?` shows the keymap in place.
 */
function SlipRoute({ betId }: { betId: string }) {
  const user = useAtomValue(currentUserAtom);
  if (user === undefined) return <CenteredSpinner />;
  if (!user) return <ToSignIn />;
  return (
    <BusinessTimeZoneGate fallback={<CenteredSpinner />}>
      <OutsideShell />
      <Screen fallback={<CenteredSpinner />}>
        <Route path={SLIP_PATH}>
          <LazyScreen screen={SlipPage} />
        </Route>
      </Screen>
      {!user.mustChangePassword && (
        <Suspense fallback={null}>
          <CounterKeys shellPath={`/bets/${betId}`} />
        </Suspense>
      )}
    </BusinessTimeZoneGate>
  );
}

/**
 * One shell for every signed-in screen, so it stays mounted across page changes (the
 * sidebar keeps its state, and focus can move to the new page's heading).
 */
export function AppRouter() {
  const [location] = useLocation();
  const t = useT();
  const { parser } = useRouter();
  const [isSlip, slipParams] = matchRoute(parser, SLIP_PATH, location);
  if (isSlip) return <SlipRoute betId={slipParams.id} />;
  const current = protectedRoutes.find(([path]) => matchRoute(parser, path, location)[0]);
  if (current) {
    // Its chunk loads while the session and the settings are looked up.
    current[1].preload();
    const [, , title, section] = current;
    return (
      <Protected
        title={t(`pages.${title}`)}
        section={section === undefined ? undefined : t(`pages.${section}`)}
      >
        <Switch>
          {protectedRoutes.map(([path, page]) => (
            <Route key={path} path={path}>
              <StaffOnly path={path}>
                <LazyScreen screen={page} />
              </StaffOnly>
            </Route>
          ))}
        </Switch>
      </Protected>
    );
  }
  if (matchRoute(parser, "/auth", location)[0]) AuthPage.preload();
  return (
    <Switch>
      <Route path="/auth" component={AuthRoute} />
      <Route>
        <Screen fallback={<CenteredSpinner />}>
          <LazyScreen screen={NotFoundPage} />
        </Screen>
      </Route>
    </Switch>
  );
}
