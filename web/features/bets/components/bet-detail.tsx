import { useAtomValue } from "jotai";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { BetStatusBadge } from "../../../components/ui/badges";
import { HistoryLink } from "../../../components/ui/history-link";
import { BetCustomerLink, ShopLink, UserLink } from "../../../components/ui/links";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { Detail, PageHeader, Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { errorMessage, isNotFound } from "../../../lib/api-client";
import { euro, formatDateTime } from "../../../lib/format";
import { showOdds, useOddsFormat } from "../../../lib/odds";
import { canMutateAtom, isCustomerAtom } from "../../../lib/session";
import { useBet } from "../api/get-bet";
import type { Bet } from "../api/types";
import { BetActions } from "./bet-actions";
import { BetHistory } from "./bet-history";
import { BetPay } from "./bet-pay";
import { eachWayText } from "./each-way";
import { PrintSlipLink } from "./print-slip-link";
import { ResettleButton } from "./resettle-button";
import { SettleProvider } from "./settle-provider";
import { termsLine } from "./settlement-terms";
import { paidLine } from "./slip-result";
import "../../../i18n/areas/bets";

export default function BetDetail({
  id,
  activity,
}: {
  id: number;
  /** Panels under the bet's history (the app passes its ledger lines: bets cannot import transactions). */
  activity?: (bet: Bet) => ReactNode;
}) {
  const { data: bet, isLoading, error } = useBet(id);
  const canMutate = useAtomValue(canMutateAtom);
  const oddsFormat = useOddsFormat();
  const t = useT();
  // A customer login is sent no staff names (decisions/047): it learns only that it was settled.
  const customer = useAtomValue(isCustomerAtom);
  const status = useRef<HTMLSpanElement>(null);
  // After a settlement the focus goes to the bet's status (the buttons it was on are gone).
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!settled) return;
    status.current?.focus();
    setSettled(false);
  }, [settled]);
  if (isLoading) return <LoadingText text={t("bets.loadingBet")} />;
  if (isNotFound(error) || (!error && !bet)) {
    return (
      <StateCard title={t("bets.notFound")} backHref="/bets" backLabel={t("bets.backToBets")} />
    );
  }
  if (error || !bet) {
    return (
      <StateCard
        title={t("bets.errorLoadingBet")}
        text={error ? errorMessage(error) : undefined}
        backHref="/bets"
        backLabel={t("bets.backToBets")}
      />
    );
  }
  // What reduced a Won or Placed payout (decision 084), or "".
  const terms = termsLine(bet);
  return (
    <SettleProvider onSettled={() => setSettled(true)}>
      <PageHeader
        title={t("bets.betNumber", { id: bet.id })}
        actions={
          <>
            <span ref={status} tabIndex={-1} data-testid="bet-status">
              <span className="sr-only">{t("bets.statusPrefix")}</span>
              <BetStatusBadge status={bet.status} />
            </span>
            {/* Settle from the bet (issue 20): a slip found by its code settles here. */}
            {canMutate && <BetActions bet={bet} reasonShown />}
            <PrintSlipLink betId={bet.id} />
            <ResettleButton bet={bet} />
            <HistoryLink entityType="BET" entityId={bet.id} />
          </>
        }
      />
      {/* A cash bet's slip paid from its page (decision 051, amended): staff only. */}
      {canMutate && bet.payment === "cash" && <BetPay bet={bet} />}
      <Panel title={t("bets.detail.details")} className="max-w-2xl">
        <dl>
          {bet.description && (
            <Detail label={t("bets.detail.description")}>{bet.description}</Detail>
          )}
          {bet.stakeAmount && (
            <Detail label={t("bets.detail.stake")}>
              {euro(bet.stakeAmount)}
              {bet.eachWay && t("bets.detail.eachWay", { terms: eachWayText(bet) ?? "" })}
            </Detail>
          )}
          {bet.eachWay && (
            <Detail label={t("bets.detail.totalStake")}>
              {t("bets.detail.totalStakeValue", {
                total: euro(bet.totalStake),
                unit: euro(bet.stakeAmount),
              })}
            </Detail>
          )}
          {bet.odds && <Detail label={t("bets.detail.odds")}>{showOdds(bet, oddsFormat)}</Detail>}
          {bet.potentialPayout && (
            <Detail label={t("bets.detail.potentialPayout")}>{euro(bet.potentialPayout)}</Detail>
          )}
          {bet.actualPayout && (
            <Detail label={t("bets.detail.actualPayout")}>{euro(bet.actualPayout)}</Detail>
          )}
          {terms && <Detail label={t("bets.terms.label")}>{terms}</Detail>}
          {bet.voidReason && <Detail label={t("bets.detail.voidReason")}>{bet.voidReason}</Detail>}
          <Detail label={t("bets.detail.customer")}>
            <BetCustomerLink bet={bet} />
          </Detail>
          {/* A cash bet's slip paid at the counter (issue 21 item 2): when, where, by whom. */}
          {bet.paid && <Detail label={t("bets.detail.paid")}>{paidLine(bet.paid)}</Detail>}
          <Detail label={t("bets.detail.shop")}>
            {/* SPEC: the bet page falls back to the raw shop ID, not 'Shop ID: n'. */}
            {bet.shop ? <ShopLink id={bet.shopId} shop={bet.shop} /> : String(bet.shopId)}
          </Detail>
          <Detail label={t("bets.detail.placedBy")}>
            <UserLink user={bet.placedByUser} fallback={t("bets.unknown")} />
          </Detail>
          {(bet.resolvedByUser || (customer && bet.resolvedAt)) && (
            <Detail label={t("bets.detail.resolvedBy")}>
              <UserLink user={bet.resolvedByUser} fallback={t("bets.unknown")} />
            </Detail>
          )}
          <Detail label={t("bets.detail.created")}>{formatDateTime(bet.createdAt)}</Detail>
          {bet.resolvedAt && (
            <Detail label={t("bets.detail.resolved")}>{formatDateTime(bet.resolvedAt)}</Detail>
          )}
        </dl>
      </Panel>
      <BetHistory betId={bet.id} />
      {activity?.(bet)}
    </SettleProvider>
  );
}
