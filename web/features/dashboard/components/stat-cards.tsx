import { useT } from "../../../i18n";
import { euro, formatNumber } from "../../../lib/format";
import { useDashboardStats } from "../api/get-dashboard-stats";

export function StatCards() {
  const { data } = useDashboardStats();
  const t = useT();
  const cards = [
    {
      title: t("dashboard.totalGivenCredit"),
      value: euro(data?.totalGivenCredit ?? "0.00"),
      note: t("dashboard.creditLimit"),
    },
    {
      title: t("dashboard.totalCreditAtStake"),
      value: euro(data?.totalCreditAtStake ?? "0.00"),
      note: t("dashboard.atRisk"),
    },
    {
      title: t("dashboard.activeBets"),
      value: formatNumber(data?.activeBets ?? 0),
      note: t("dashboard.pending"),
    },
    {
      title: t("dashboard.totalCustomers"),
      value: formatNumber(data?.totalCustomers ?? 0),
      note: t("dashboard.registered"),
    },
  ];
  return (
    <div className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
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
