import type { ReactNode } from "react";
import { ActiveBadge } from "../../../components/ui/badges";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { Detail, PageHeader, Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { isNotFound } from "../../../lib/api-client";
import { euro, formatDate, formatNumber, formatPercent } from "../../../lib/format";
import { useShop } from "../api/get-shop";
import { useShopStats } from "../api/get-shop-stats";
import type { Shop, ShopStats } from "../api/types";
import { ShopFormButton } from "./shop-form-button";
import "../../../i18n/areas/shops";

/** SPEC section 9: lost / (total - void) * 100, to 1 decimal (as built, it counts lost bets). */
export function shopWinRate(stats: Pick<ShopStats, "totalBets" | "lostBets" | "voidBets">): string {
  const decided = stats.totalBets - stats.voidBets;
  const rate = decided > 0 ? (stats.lostBets / decided) * 100 : 0;
  return formatPercent(rate, 1);
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
  const t = useT();
  return (
    <>
      <Panel title={t("shops.detail.balance")}>
        <div className="text-3xl font-bold">{euro(shop.balance)}</div>
        <dl className="mt-2">
          <Detail label={t("shops.detail.totalStakes")}>{euro(data?.totalStakes ?? "0.00")}</Detail>
          <Detail label={t("shops.detail.potentialPayouts")}>
            {euro(data?.potentialPayouts ?? "0.00")}
          </Detail>
        </dl>
      </Panel>
      <Panel title={t("shops.detail.performance")}>
        <dl>
          <Detail label={t("shops.detail.totalBets")}>{formatNumber(data?.totalBets ?? 0)}</Detail>
          <Detail label={t("shops.detail.activeBets")}>
            {formatNumber(data?.activeBets ?? 0)}
          </Detail>
          <Detail label={t("shops.detail.wonBets")}>{formatNumber(data?.wonBets ?? 0)}</Detail>
          <Detail label={t("shops.detail.placedBets")}>
            {formatNumber(data?.placedBets ?? 0)}
          </Detail>
          <Detail label={t("shops.detail.lostBets")}>{formatNumber(data?.lostBets ?? 0)}</Detail>
          <Detail label={t("shops.detail.voidBets")}>{formatNumber(data?.voidBets ?? 0)}</Detail>
          <Detail label={t("shops.detail.winRate")}>
            {shopWinRate(data ?? { totalBets: 0, lostBets: 0, voidBets: 0 })}
          </Detail>
          <Detail label={t("shops.detail.established")}>{formatDate(shop.createdAt)}</Detail>
        </dl>
      </Panel>
    </>
  );
}

export default function ShopDetail({ id, actions, activity }: { id: number } & ShopDetailSlots) {
  const { data: shop, isLoading, error } = useShop(id);
  const t = useT();
  if (isLoading) return <LoadingText text={t("shops.detail.loading")} />;
  if (isNotFound(error) || (!error && !shop)) {
    return (
      <StateCard
        title={t("shops.detail.notFound")}
        backHref="/shops"
        backLabel={t("shops.detail.backToShops")}
      />
    );
  }
  if (error || !shop) {
    return <StateCard title={t("shops.detail.errorTitle")} text={t("shops.detail.errorText")} />;
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
          <Panel title={t("shops.detail.information")}>
            <dl>
              <Detail label={t("shops.detail.name")}>{shop.name}</Detail>
              <Detail label={t("shops.detail.location")}>{shop.location}</Detail>
              <Detail label={t("shops.detail.address")}>
                {shop.address || t("shops.notAvailable")}
              </Detail>
              <Detail label={t("shops.detail.phone")}>
                {shop.phone || t("shops.notAvailable")}
              </Detail>
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
