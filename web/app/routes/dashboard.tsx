import { useAtomValue } from "jotai";
import { Redirect } from "wouter";
import { StateCard } from "../../components/ui/load-state";
import { PageHeader } from "../../components/ui/page-header";
import { AlertsBell, AlertsPanel } from "../../features/alerts";
import { NewBetButton } from "../../features/bets";
import { BooksIndicator } from "../../features/books";
import { CustomerFormButton } from "../../features/customers";
import {
  BetsPanel,
  RecentTransactionsPanel,
  StatCards,
  TodayStakesChart,
} from "../../features/dashboard";
import { useT } from "../../i18n";
import { isAdminAtom, isCustomerAtom, ownAccountHrefAtom } from "../../lib/session";

/** The books indicator, for admins only. */
function AdminBooks() {
  return useAtomValue(isAdminAtom) ? <BooksIndicator /> : null;
}

function StaffDashboard() {
  const t = useT();
  return (
    <>
      <PageHeader
        title={t("dashboard.title")}
        subtitle={t("dashboard.subtitle")}
        actions={
          <>
            <NewBetButton />
            <CustomerFormButton />
            <AlertsBell />
          </>
        }
      />
      <StatCards />
      <TodayStakesChart />
      {/* Admins see whether the books balance (issue 13). */}
      <AdminBooks />
      {/* One column of minmax(0, 1fr) (grid-cols-1), not the implicit auto track: that one
          grew to the panels' widest unbroken line (a truncated description, German tab
          labels) and the page scrolled sideways on a phone. */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <BetsPanel />
        <RecentTransactionsPanel />
        <AlertsPanel />
      </div>
    </>
  );
}

/** A customer login's home is its own account page (issue 10). */
function CustomerHome() {
  const home = useAtomValue(ownAccountHrefAtom);
  const t = useT();
  if (home) return <Redirect to={home} replace />;
  return <StateCard title={t("dashboard.noAccountTitle")} text={t("dashboard.noAccountText")} />;
}

export default function DashboardPage() {
  return useAtomValue(isCustomerAtom) ? <CustomerHome /> : <StaffDashboard />;
}
