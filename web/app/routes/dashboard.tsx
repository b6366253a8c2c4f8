import { PageHeader } from "../../components/ui/page-header";
import { AlertsPanel } from "../../features/alerts";
import { NewBetButton } from "../../features/bets";
import { CustomerFormButton } from "../../features/customers";
import { BetsPanel, RecentTransactionsPanel, StatCards } from "../../features/dashboard";

/** The bell's badge is a fixed placeholder of 3 (SPEC section 9). */
function NotificationsBell() {
  return (
    <button type="button" className="btn btn-ghost btn-circle" aria-label="Notifications: 3 unread">
      <div className="indicator">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
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
