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
import { isAdminAtom, isCustomerAtom, ownAccountHrefAtom } from "../../lib/session";

/** The books indicator, for admins only. */
function AdminBooks() {
  return useAtomValue(isAdminAtom) ? <BooksIndicator /> : null;
}

function StaffDashboard() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Overview of your betting operations"
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
      <div className="grid gap-6 xl:grid-cols-2">
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
  if (home) return <Redirect to={home} replace />;
  return (
    <StateCard
      title="No Account Linked"
      text="This sign-in is not linked to a customer account. Please ask at the counter."
    />
  );
}

export default function DashboardPage() {
  return useAtomValue(isCustomerAtom) ? <CustomerHome /> : <StaffDashboard />;
}
