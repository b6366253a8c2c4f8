import type { ReactNode } from "react";
import { ActiveBadge } from "../../../components/ui/badges";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { Detail, PageHeader, Panel } from "../../../components/ui/page-header";
import { isNotFound } from "../../../lib/api-client";
import { euro, formatDate } from "../../../lib/format";
import { useShop } from "../api/get-shop";
import { useShopStats } from "../api/get-shop-stats";
import type { Shop, ShopStats } from "../api/types";
import { ShopFormButton } from "./shop-form-button";

/** SPEC section 9: lost / (total - void) * 100, to 1 decimal (as built, it counts lost bets). */
export function shopWinRate(stats: Pick<ShopStats, "totalBets" | "lostBets" | "voidBets">): string {
  const decided = stats.totalBets - stats.voidBets;
  const rate = decided > 0 ? (stats.lostBets / decided) * 100 : 0;
  return `${rate.toFixed(1)}%`;
}

/**
 * What other features add to the page, given the loaded shop; the route composes them
 * (bets and transactions build on shops, so shops cannot import them).
 */
export interface ShopDetailSlots {
  /** Header buttons beside Edit (e.g. New Bet). */
  actions?: (shop: Shop) => ReactNode;
  /** Panels under Shop Information (e.g. the recent transactions and bets). */
  activity?: (shop: Shop) => ReactNode;
}

function ShopFigures({ shop }: { shop: Shop }) {
  const { data } = useShopStats(shop.id);
  return (
    <>
      <Panel title="Shop Balance">
        <div className="text-3xl font-bold">{euro(shop.balance)}</div>
        <dl className="mt-2">
          <Detail label="Total Stakes">{euro(data?.totalStakes ?? "0.00")}</Detail>
          <Detail label="Potential Payouts">{euro(data?.potentialPayouts ?? "0.00")}</Detail>
        </dl>
      </Panel>
      <Panel title="Performance Summary">
        <dl>
          <Detail label="Total Bets">{data?.totalBets ?? 0}</Detail>
          <Detail label="Active Bets">{data?.activeBets ?? 0}</Detail>
          <Detail label="Won Bets">{data?.wonBets ?? 0}</Detail>
          <Detail label="Placed Bets">{data?.placedBets ?? 0}</Detail>
          <Detail label="Lost Bets">{data?.lostBets ?? 0}</Detail>
          <Detail label="Void Bets">{data?.voidBets ?? 0}</Detail>
          <Detail label="Win Rate">
            {shopWinRate(data ?? { totalBets: 0, lostBets: 0, voidBets: 0 })}
          </Detail>
          <Detail label="Established">{formatDate(shop.createdAt)}</Detail>
        </dl>
      </Panel>
    </>
  );
}

export default function ShopDetail({ id, actions, activity }: { id: number } & ShopDetailSlots) {
  const { data: shop, isLoading, error } = useShop(id);
  if (isLoading) return <LoadingText text="Loading shop details..." />;
  if (isNotFound(error) || (!error && !shop)) {
    return <StateCard title="Shop Not Found" backHref="/shops" backLabel="Back to Shops" />;
  }
  if (error || !shop) {
    return (
      <StateCard
        title="Error Loading Shop"
        text="There was an error loading the shop details. Please try again."
      />
    );
  }
  return (
    <>
      <PageHeader
        title={shop.name}
        actions={
          <>
            {actions?.(shop)}
            <ShopFormButton shop={shop} />
            <ActiveBadge active={shop.isActive} />
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Panel title="Shop Information">
            <dl>
              <Detail label="Name">{shop.name}</Detail>
              <Detail label="Location">{shop.location}</Detail>
              <Detail label="Address">{shop.address || "N/A"}</Detail>
              <Detail label="Phone">{shop.phone || "N/A"}</Detail>
            </dl>
          </Panel>
          {activity?.(shop)}
        </div>
        <div className="flex flex-col gap-6">
          {/* A customer login sees no till and no shop figures (issue 10). */}
          {shop.balance !== null && <ShopFigures shop={shop} />}
        </div>
      </div>
    </>
  );
}
