import type { ReactNode } from "react";
import { BetStatusBadge } from "../../../components/ui/badges";
import { HistoryLink } from "../../../components/ui/history-link";
import { CustomerLink, ShopLink, UserLink } from "../../../components/ui/links";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { Detail, PageHeader, Panel } from "../../../components/ui/page-header";
import { isNotFound } from "../../../lib/api-client";
import { euro, formatDateTime } from "../../../lib/format";
import { useBet } from "../api/get-bet";
import type { Bet } from "../api/types";
import { BetHistory } from "./bet-history";
import { PrintSlipLink } from "./print-slip-link";
import { ResettleButton } from "./resettle-button";

export default function BetDetail({
  id,
  activity,
}: {
  id: number;
  /** Panels under the bet's history (the app passes its ledger lines: bets cannot import transactions). */
  activity?: (bet: Bet) => ReactNode;
}) {
  const { data: bet, isLoading, error } = useBet(id);
  if (isLoading) return <LoadingText text="Loading bet..." />;
  if (isNotFound(error) || (!error && !bet)) {
    return <StateCard title="Bet not found" backHref="/bets" backLabel="Back to Bets" />;
  }
  if (error || !bet) {
    return (
      <StateCard
        title="Error Loading Bet"
        text={error?.message}
        backHref="/bets"
        backLabel="Back to Bets"
      />
    );
  }
  return (
    <>
      <PageHeader
        title={`Bet #${bet.id}`}
        actions={
          <>
            <BetStatusBadge status={bet.status} />
            <PrintSlipLink betId={bet.id} />
            <ResettleButton bet={bet} />
            <HistoryLink entityType="BET" entityId={bet.id} />
          </>
        }
      />
      <Panel title="Bet Details" className="max-w-2xl">
        <dl>
          {bet.description && <Detail label="Description">{bet.description}</Detail>}
          {bet.stakeAmount && <Detail label="Stake">{euro(bet.stakeAmount)}</Detail>}
          {bet.odds && <Detail label="Odds">{bet.odds}</Detail>}
          {bet.potentialPayout && (
            <Detail label="Potential Payout">{euro(bet.potentialPayout)}</Detail>
          )}
          {bet.actualPayout && <Detail label="Actual Payout">{euro(bet.actualPayout)}</Detail>}
          {bet.voidReason && <Detail label="Void Reason">{bet.voidReason}</Detail>}
          <Detail label="Customer">
            <CustomerLink id={bet.customerId} customer={bet.customer} />
          </Detail>
          <Detail label="Shop">
            {/* SPEC: the bet page falls back to the raw shop ID, not 'Shop ID: n'. */}
            {bet.shop ? <ShopLink id={bet.shopId} shop={bet.shop} /> : String(bet.shopId)}
          </Detail>
          <Detail label="Placed By">
            <UserLink user={bet.placedByUser} fallback="Unknown" />
          </Detail>
          {bet.resolvedByUser && (
            <Detail label="Resolved By">
              <UserLink user={bet.resolvedByUser} fallback="Unknown" />
            </Detail>
          )}
          <Detail label="Created">{formatDateTime(bet.createdAt)}</Detail>
          {bet.resolvedAt && <Detail label="Resolved">{formatDateTime(bet.resolvedAt)}</Detail>}
        </dl>
      </Panel>
      <BetHistory betId={bet.id} />
      {activity?.(bet)}
    </>
  );
}
