import { PageHeader } from "../../components/ui/page-header";
import { AlertsPanel } from "../../features/alerts/components/alerts-panel";
import { NewBetButton } from "../../features/bets/components/new-bet-button";
import { CustomerFormButton } from "../../features/customers/components/customer-form-button";
import { BetsPanel } from "../../features/dashboard/components/bets-panel";
import { RecentTransactionsPanel } from "../../features/dashboard/components/recent-transactions-panel";
import { StatCards } from "../../features/dashboard/components/stat-cards";

/** The bell's badge is a fixed placeholder of 3 (SPEC section 9). */
function NotificationsBell() {
  return (
    <button type="button" className="btn btn-ghost btn-circle" aria-label="Notifications">
      <div className="indicator">
        <span aria-hidden="true">🔔</span>
        <span className="badge badge-xs badge-error indicator-item">3</span>
      </div>
    </button>
  );
}

export default function DashboardPage() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Overview of your betting operations"
        actions={
          <>
            <NewBetButton />
            <CustomerFormButton />
            <NotificationsBell />
          </>
        }
      />
      <StatCards />
      <div className="grid gap-6 xl:grid-cols-2">
        <BetsPanel />
        <RecentTransactionsPanel />
        <AlertsPanel />
      </div>
    </>
  );
}
