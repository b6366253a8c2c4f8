import { PageHeader } from "../../components/ui/page-header";
import { AlertsBell, AlertsPanel } from "../../features/alerts";
import { NewBetButton } from "../../features/bets";
import { CustomerFormButton } from "../../features/customers";
import { BetsPanel, RecentTransactionsPanel, StatCards } from "../../features/dashboard";

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
            <AlertsBell />
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
