/** The route table of SPEC section 2; every screen is its own lazily loaded chunk. */
import { useAtomValue } from "jotai";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { AppShell } from "../components/layouts/app-shell";
import { CenteredSpinner, Spinner } from "../components/ui/spinner";
import { LogoutButton } from "../features/auth";
import { currentUserAtom } from "../lib/session";

const AuthPage = lazy(() => import("./routes/auth"));
const DashboardPage = lazy(() => import("./routes/dashboard"));
const CustomersPage = lazy(() => import("./routes/customers"));
const CustomerPage = lazy(() => import("./routes/customer"));
const ShopsPage = lazy(() => import("./routes/shops"));
const ShopPage = lazy(() => import("./routes/shop"));
const BetsPage = lazy(() => import("./routes/bets"));
const BetPage = lazy(() => import("./routes/bet"));
const TransactionsPage = lazy(() => import("./routes/transactions"));
const UserPage = lazy(() => import("./routes/user"));
const AdminPage = lazy(() => import("./routes/admin"));
const ReportsPage = lazy(() => import("./routes/reports"));
const NotFoundPage = lazy(() => import("./routes/not-found"));

function ScreenFallback() {
  return (
    <div className="flex justify-center p-12">
      <Spinner />
    </div>
  );
}

/** Signed-in screens: spinner while the user lookup is pending, else /auth. */
function Protected({ children }: { children: ReactNode }) {
  const user = useAtomValue(currentUserAtom);
  if (user === undefined) return <CenteredSpinner />;
  if (!user) return <Redirect to="/auth" />;
  return (
    <AppShell sidebarFooter={<LogoutButton />}>
      <Suspense fallback={<ScreenFallback />}>{children}</Suspense>
    </AppShell>
  );
}

const protectedRoutes: [string, ComponentType][] = [
  ["/", DashboardPage],
  ["/dashboard", DashboardPage],
  ["/customers", CustomersPage],
  ["/customers/:id", CustomerPage],
  ["/shops", ShopsPage],
  ["/shops/:id", ShopPage],
  ["/bets", BetsPage],
  ["/bets/:id", BetPage],
  ["/transactions", TransactionsPage],
  ["/users/:id", UserPage],
  ["/admin", AdminPage],
  ["/reports", ReportsPage],
];

function AuthRoute() {
  const user = useAtomValue(currentUserAtom);
  if (user === undefined) return <CenteredSpinner />;
  if (user) return <Redirect to="/" />;
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <AuthPage />
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <Switch>
      <Route path="/auth" component={AuthRoute} />
      {protectedRoutes.map(([path, Page]) => (
        <Route key={path} path={path}>
          <Protected>
            <Page />
          </Protected>
        </Route>
      ))}
      <Route>
        <Suspense fallback={<CenteredSpinner />}>
          <NotFoundPage />
        </Suspense>
      </Route>
    </Switch>
  );
}
