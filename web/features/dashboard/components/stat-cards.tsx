import { euro } from "../../../lib/format";
import { useDashboardStats } from "../api/get-dashboard-stats";

export function StatCards() {
  const { data } = useDashboardStats();
  const cards = [
    {
      title: "Total Given Credit",
      value: euro(data?.totalGivenCredit ?? "0.00"),
      note: "Credit Limit",
    },
    {
      title: "Total Credit at Stake",
      value: euro(data?.totalCreditAtStake ?? "0.00"),
      note: "At Risk",
    },
    { title: "Active Bets", value: String(data?.activeBets ?? 0), note: "Pending" },
    { title: "Total Customers", value: String(data?.totalCustomers ?? 0), note: "Registered" },
  ];
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((card) => (
        <section
          key={card.title}
          className="stat rounded-box bg-base-100 shadow-sm"
          aria-label={card.title}
        >
          <div className="stat-title">{card.title}</div>
          <div className="stat-value text-2xl">{card.value}</div>
          <div className="stat-desc">{card.note}</div>
        </section>
      ))}
    </div>
  );
}
