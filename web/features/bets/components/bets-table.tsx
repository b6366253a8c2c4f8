import { createColumnHelper } from "@tanstack/react-table";
import type { TFunction } from "i18next";
import { useAtomValue } from "jotai";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import { BetStatusBadge } from "../../../components/ui/badges";
import { CardFacts, DataTable, useTableState } from "../../../components/ui/data-table";
import {
  BetCustomerLink,
  betCustomerName,
  ShopLink,
  UserCell,
  useStaffName,
} from "../../../components/ui/links";
import { DateCell, Truncate } from "../../../components/ui/truncate";
import { useT } from "../../../i18n";
import { euro, formatDateTime } from "../../../lib/format";
import { showOdds, useOddsFormat } from "../../../lib/odds";
import { canMutateAtom } from "../../../lib/session";
import { useBets } from "../api/get-bets";
import type { Bet } from "../api/types";
import { BetActions } from "./bet-actions";
import { BET_FILTERS, BetFilters } from "./bet-filters";
import { listedStake } from "./each-way";
import { SettleProvider } from "./settle-provider";
import "../../../i18n/areas/bets";

const col = createColumnHelper<Bet>();

function shopName(bet: Bet, t: TFunction): string {
  return bet.shop ? bet.shop.name : t("bets.table.shopId", { id: bet.shopId });
}

/** The columns, headers in the language showing (rebuilt when it changes). */
function buildColumns(withActions: boolean, t: TFunction) {
  const columns = [
    col.accessor("id", {
      id: "id",
      header: t("bets.table.id"),
      meta: { numeric: true },
      cell: (c) => `#${c.getValue()}`,
    }),
    col.accessor("description", {
      header: t("bets.table.description"),
      // At least a few words of it when the columns make the table scroll (from 1280 px).
      meta: { grow: true, className: "xl:min-w-36" },
      cell: (c) => (
        <Truncate text={c.getValue()} className="">
          <Link href={`/bets/${c.row.original.id}`} className="link">
            {c.getValue()}
          </Link>
        </Truncate>
      ),
    }),
    col.accessor("customerId", {
      id: "customer",
      header: t("bets.table.customer"),
      cell: (c) => (
        <Truncate text={betCustomerName(c.row.original)} className="max-w-24">
          <BetCustomerLink bet={c.row.original} />
        </Truncate>
      ),
    }),
    col.accessor("shopId", {
      id: "shop",
      header: t("bets.table.shop"),
      meta: { className: FROM_1280 },
      cell: (c) => (
        <Truncate text={shopName(c.row.original, t)} className="max-w-24">
          <ShopLink id={c.getValue()} shop={c.row.original.shop} />
        </Truncate>
      ),
    }),
    col.accessor("placedBy", {
      header: t("bets.table.placed"),
      meta: { className: FROM_1280 },
      cell: (c) => (
        <UserCell
          user={c.row.original.placedByUser}
          fallback={t("bets.unknown")}
          className="max-w-20"
        />
      ),
    }),
    col.accessor("stakeAmount", {
      header: t("bets.table.stake"),
      meta: { numeric: true },
      // Each-way (decision 052): the unit stake, marked E/W (the bet costs twice it).
      cell: (c) => listedStake(c.row.original),
    }),
    col.accessor("odds", {
      header: t("bets.table.odds"),
      meta: { numeric: true },
      cell: (c) => <OddsCell bet={c.row.original} />,
    }),
    col.accessor("potentialPayout", {
      header: t("bets.table.payout"),
      meta: { numeric: true, className: FROM_1280 },
      cell: (c) => euro(payoutShown(c.row.original)),
    }),
    col.accessor("status", {
      header: t("bets.table.status"),
      cell: (c) => <StatusCell bet={c.row.original} />,
    }),
    col.accessor("resolvedBy", {
      header: t("bets.table.resolvedBy"),
      meta: { className: FROM_1280 },
      cell: (c) => (
        <UserCell
          user={c.row.original.resolvedByUser}
          fallback=""
          className="max-w-20"
          acted={c.row.original.resolvedAt !== null}
        />
      ),
    }),
    col.accessor("createdAt", {
      header: t("bets.table.created"),
      meta: { className: FROM_1280 },
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.accessor("resolvedAt", {
      header: t("bets.table.resolvedAt"),
      meta: { className: FROM_1280 },
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
  ];
  if (!withActions) return columns;
  return [
    ...columns,
    col.display({
      id: "actions",
      header: t("bets.table.actions"),
      // Pinned to the right edge so Won/Lost/Void stay in reach when the table scrolls (at
      // 1280 px it does); the shadow on its left edge shows that columns pass under it.
      meta: {
        className: "sticky right-0 z-10 bg-base-100 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.3)]",
      },
      cell: (c) => <BetActions bet={c.row.original} />,
    }),
  ];
}

/**
 * Every SPEC column shows from 1280 px (issue 20, item 8: nothing the SPEC lists is hidden at
 * a desktop width). The names are cut to a short width (whole in their title) and the dates
 * are one short line; the columns still need more room than the card has beside the sidebar,
 * so the table scrolls inside its card there, Actions pinned to its right edge. Under 1280 px
 * who placed and settled a bet, when, the shop and the payout give way to the description
 * (the status's title tells who and when; the bet's page shows everything).
 */
const FROM_1280 = "hidden xl:table-cell";

/**
 * The Payout a row shows: what a Won or Placed bet paid (its place part alone, less a dead
 * heat or Rule 4: decisions 052, 084), else what it would pay. A cashier reading "€41.25" on a
 * Placed each-way bet that paid €11.25 would hand over the wrong money.
 */
export function payoutShown(bet: Pick<Bet, "status" | "potentialPayout" | "actualPayout">) {
  const paid = bet.status === "WON" || bet.status === "PLACED";
  return paid && bet.actualPayout !== null ? bet.actualPayout : bet.potentialPayout;
}

function StatusCell({ bet }: { bet: Bet }) {
  const staffName = useStaffName();
  const t = useT();
  const unknown = t("bets.unknown");
  const placed = t("bets.table.placedTitle", {
    who: staffName(bet.placedByUser?.username, unknown),
    when: formatDateTime(bet.createdAt),
  });
  const resolved = bet.resolvedAt
    ? t("bets.table.settledTitle", {
        who: staffName(bet.resolvedByUser?.username, unknown),
        when: formatDateTime(bet.resolvedAt),
      })
    : "";
  return (
    <span title={`${placed}${resolved}`}>
      <BetStatusBadge status={bet.status} className="badge-sm" />
    </span>
  );
}

/** The price in the user's format (decision 048): "2.38" or "11/8". */
function OddsCell({ bet }: { bet: Bet }) {
  return <>{showOdds(bet, useOddsFormat())}</>;
}

/** A bet on a phone: what it is, who and where, the money, its status and its actions. */
function BetCard({ bet, canMutate }: { bet: Bet; canMutate: boolean }) {
  const oddsFormat = useOddsFormat();
  const t = useT();
  return (
    <article className="flex flex-col gap-2" aria-label={bet.description}>
      <div className="flex items-start justify-between gap-2">
        <Link href={`/bets/${bet.id}`} className="link min-w-0 font-semibold break-words">
          {bet.description}
        </Link>
        <BetStatusBadge status={bet.status} />
      </div>
      <div className="flex flex-wrap gap-x-3 text-sm">
        <BetCustomerLink bet={bet} />
        <ShopLink id={bet.shopId} shop={bet.shop} />
        <DateCell value={bet.createdAt} />
      </div>
      <CardFacts
        className="text-sm"
        facts={[
          [t("bets.table.stake"), listedStake(bet)],
          [t("bets.table.odds"), showOdds(bet, oddsFormat)],
          [t("bets.table.payout"), euro(payoutShown(bet))],
        ]}
      />
      {canMutate && <BetActions bet={bet} reasonShown />}
    </article>
  );
}

export default function BetsTable() {
  const state = useTableState([], BET_FILTERS);
  const query = useBets(state.params);
  const canMutate = useAtomValue(canMutateAtom);
  const t = useT();
  const columns = useMemo(() => buildColumns(canMutate, t), [canMutate, t]);
  const root = useRef<HTMLDivElement>(null);
  // After a settlement: the bet whose buttons take the focus next (null: the table itself).
  const [focusNext, setFocusNext] = useState<{ betId: number | null } | null>(null);
  useEffect(() => {
    if (!focusNext || !root.current) return;
    focusAfterSettling(root.current, focusNext.betId);
    setFocusNext(null);
  }, [focusNext]);
  return (
    <SettleProvider
      onSettled={(settled) =>
        setFocusNext({ betId: nextPending(query.data?.items ?? [], settled.id) })
      }
    >
      <div ref={root}>
        <DataTable
          columns={columns}
          state={state}
          query={query}
          getRowId={(bet) => String(bet.id)}
          csvExport="listBets"
          loadingText={t("bets.loadingBets")}
          emptyText={t("bets.noBets")}
          filters={<BetFilters state={state} />}
          renderCard={(bet) => <BetCard bet={bet} canMutate={canMutate} />}
        />
      </div>
    </SettleProvider>
  );
}

/**
 * The pending bet after `settledId` on the page (else the last one before it): where
 * keyboard settling goes on (issue 20). Null when no other bet on the page is pending.
 */
export function nextPending(bets: readonly Bet[], settledId: number): number | null {
  const at = bets.findIndex((bet) => bet.id === settledId);
  const pending = (bet: Bet) => bet.status === "PENDING" && bet.id !== settledId;
  const after = bets.slice(at + 1).find(pending);
  return (after ?? bets.slice(0, Math.max(at, 0)).findLast(pending))?.id ?? null;
}

/**
 * Focus after a settlement: the next pending bet's Won (its first enabled button when Won
 * needs an admin), or the table (the phone's list of cards) when none is left, never the
 * page body the settled row's vanishing buttons would leave it on.
 */
function focusAfterSettling(root: HTMLElement, betId: number | null) {
  const button =
    betId === null
      ? null
      : root.querySelector<HTMLButtonElement>(
          `[data-bet-actions="${betId}"] button:not([disabled]):not([aria-disabled="true"])`,
        );
  if (button) {
    button.focus();
    return;
  }
  const table = root.querySelector<HTMLElement>("table, ul[aria-label='Results']");
  if (!table) return;
  if (!table.hasAttribute("tabindex")) table.setAttribute("tabindex", "-1");
  table.focus();
}
