/**
 * Shifts and cash-up (issue 12, decision 030). A staff user opens a shift at a shop with an
 * opening float; every deposit and withdrawal they take at that shop while it is open
 * records the shift (`transactions.shift_id`, see cashShift); pick-ups and top-ups of its
 * till are recorded on it (`shift_movements`, decision 049); closing it with the cash
 * counted stores what the till should hold (float + those deposits - those withdrawals +
 * top-ups - pick-ups) and the difference, and raises an alert when they differ.
 */
import { and, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AppDb, DbOrTx, Tx } from "../../db/client";
import { shiftMovements, shifts, shops, transactions, users } from "../../db/schema";
import type { ShiftDto, TillMovementDto } from "../../domain/dto";
import { SHIFT_STATUSES } from "../../domain/enums";
import type { SortKey } from "../../domain/list-query";
import { formatCents } from "../../domain/money";
import type { CloseShiftInput, OpenShiftInput, TillMovementInput } from "../../domain/schemas";
import { raiseAlert } from "../../lib/alerts";
import type { Actor } from "../../lib/context";
import type { Mutation, Op } from "../../lib/endpoint";
import { notFound } from "../../lib/errors";
import {
  contains,
  enumFilter,
  inIdOrder,
  type ListQuery,
  type ListSort,
  listPage,
  type Search,
  staffNamed,
} from "../../lib/list-query";
import { refuse } from "../../lib/refusals";
import { findShopRow } from "../shops/shops.service";

const owner = alias(users, "shift_owner");
const closer = alias(users, "shift_closer");

const SORTS: Record<SortKey<"shifts">, ListSort> = {
  id: shifts.id,
  openedAt: shifts.openedAt,
  closedAt: shifts.closedAt,
  discrepancy: shifts.discrepancyCents,
};

/** The shift joined with the names its DTO embeds. */
function selectShifts(db: DbOrTx) {
  return db
    .select({
      s: shifts,
      ownerName: owner.username,
      shopName: shops.name,
      closerName: closer.username,
    })
    .from(shifts)
    .leftJoin(owner, eq(owner.id, shifts.userId))
    .leftJoin(shops, eq(shops.id, shifts.shopId))
    .leftJoin(closer, eq(closer.id, shifts.closedBy));
}

type ShiftRow = Awaited<ReturnType<ReturnType<typeof selectShifts>["all"]>>[number];

/**
 * A shift's cash movements: the sums and counts of its deposits and withdrawals (ledger
 * rows) and of its top-ups and pick-ups (till movements, no ledger rows), and the latter
 * one by one for the report; and the cash bets it took (stakes into the till) and the slips
 * it paid (returns out of it; issue 21 items 1 to 3, decision 051), both ledger rows too.
 */
interface Takings {
  depositCents: number;
  depositCount: number;
  withdrawalCents: number;
  withdrawalCount: number;
  cashStakeCents: number;
  cashStakeCount: number;
  cashPayoutCents: number;
  cashPayoutCount: number;
  reversedDepositCents: number;
  reversedDepositCount: number;
  reversedWithdrawalCents: number;
  reversedWithdrawalCount: number;
  topupCents: number;
  topupCount: number;
  pickupCents: number;
  pickupCount: number;
  movements: TillMovementDto[];
}

const noTakings = (): Takings => ({
  depositCents: 0,
  depositCount: 0,
  withdrawalCents: 0,
  withdrawalCount: 0,
  cashStakeCents: 0,
  cashStakeCount: 0,
  cashPayoutCents: 0,
  cashPayoutCount: 0,
  reversedDepositCents: 0,
  reversedDepositCount: 0,
  reversedWithdrawalCents: 0,
  reversedWithdrawalCount: 0,
  topupCents: 0,
  topupCount: 0,
  pickupCents: 0,
  pickupCount: 0,
  movements: [],
});

const movementUser = alias(users, "till_movement_user");

/**
 * The deposits and withdrawals recorded with each of these shifts (through
 * transactions_shift_idx). A reversed original still counts: its cash did cross the
 * counter. Its reversal counts against the same shift when it was made while that shift was
 * open (decision 079): the till then holds that much less (a deposit typed wrong, or cash
 * handed back) or more (a withdrawal never paid out). A reversal row has the original's
 * type, so it is told apart by `reversal_of`.
 */
const original = sql`${transactions.reversalOf} is null`;
const reversal = sql`${transactions.reversalOf} is not null`;
const cashStake = sql`(${transactions.type} = 'BETTING' and ${transactions.fromEntityType} = 'CASH')`;
const cashPayout = sql`(${transactions.type} in ('PAYOUT', 'REFUND') and ${transactions.toEntityType} = 'CASH')`;

function takingsOf(db: DbOrTx, shiftIds: number[]): Map<number, Takings> {
  const out = new Map<number, Takings>(shiftIds.map((id) => [id, noTakings()]));
  if (!shiftIds.length) return out;
  const rows = db
    .select({
      shiftId: transactions.shiftId,
      depositCents: sql<number>`coalesce(sum(case when ${transactions.type} = 'DEPOSIT' and ${original} then ${transactions.amountCents} end), 0)`,
      depositCount: sql<number>`count(case when ${transactions.type} = 'DEPOSIT' and ${original} then 1 end)`,
      withdrawalCents: sql<number>`coalesce(sum(case when ${transactions.type} = 'WITHDRAWAL' and ${original} then ${transactions.amountCents} end), 0)`,
      withdrawalCount: sql<number>`count(case when ${transactions.type} = 'WITHDRAWAL' and ${original} then 1 end)`,
      reversedDepositCents: sql<number>`coalesce(sum(case when ${transactions.type} = 'DEPOSIT' and ${reversal} then ${transactions.amountCents} end), 0)`,
      reversedDepositCount: sql<number>`count(case when ${transactions.type} = 'DEPOSIT' and ${reversal} then 1 end)`,
      reversedWithdrawalCents: sql<number>`coalesce(sum(case when ${transactions.type} = 'WITHDRAWAL' and ${reversal} then ${transactions.amountCents} end), 0)`,
      reversedWithdrawalCount: sql<number>`count(case when ${transactions.type} = 'WITHDRAWAL' and ${reversal} then 1 end)`,
      // A cash stake is a BETTING row from CASH; a slip paid is a PAYOUT or REFUND to CASH.
      cashStakeCents: sql<number>`coalesce(sum(case when ${cashStake} then ${transactions.amountCents} end), 0)`,
      cashStakeCount: sql<number>`count(case when ${cashStake} then 1 end)`,
      cashPayoutCents: sql<number>`coalesce(sum(case when ${cashPayout} then ${transactions.amountCents} end), 0)`,
      cashPayoutCount: sql<number>`count(case when ${cashPayout} then 1 end)`,
    })
    .from(transactions)
    .where(and(inArray(transactions.shiftId, shiftIds), eq(transactions.status, "COMPLETED")))
    .groupBy(transactions.shiftId)
    .all();
  for (const { shiftId, ...sums } of rows) {
    const takings = shiftId === null ? undefined : out.get(shiftId);
    if (takings) Object.assign(takings, sums);
  }
  // A shift has a handful of pick-ups and top-ups: read them whole, sum them here.
  const movements = db
    .select({ m: shiftMovements, username: movementUser.username })
    .from(shiftMovements)
    .leftJoin(movementUser, eq(movementUser.id, shiftMovements.createdBy))
    .where(inArray(shiftMovements.shiftId, shiftIds))
    .orderBy(shiftMovements.shiftId, shiftMovements.id)
    .all();
  for (const { m, username } of movements) {
    const takings = out.get(m.shiftId);
    if (!takings) continue;
    if (m.kind === "topup") {
      takings.topupCents += m.amountCents;
      takings.topupCount += 1;
    } else {
      takings.pickupCents += m.amountCents;
      takings.pickupCount += 1;
    }
    takings.movements.push({
      id: m.id,
      kind: m.kind,
      amount: formatCents(m.amountCents),
      reason: m.reason,
      createdAt: new Date(m.createdAt).toISOString(),
      createdBy: m.createdBy === null || username === null ? null : { id: m.createdBy, username },
    });
  }
  return out;
}

/**
 * What the till should hold: float + deposits - withdrawals + cash stakes - cash payouts +
 * top-ups - pick-ups (issue 21 item 3), less the deposits and plus the withdrawals
 * reversed while the shift was open (decision 079).
 */
function expectedCents(openingFloatCents: number, t: Takings): number {
  return (
    openingFloatCents +
    t.depositCents -
    t.withdrawalCents -
    t.reversedDepositCents +
    t.reversedWithdrawalCents +
    t.cashStakeCents -
    t.cashPayoutCents +
    t.topupCents -
    t.pickupCents
  );
}

/**
 * The cash a shift's till should hold now (its expected cash), read inside the caller's
 * transaction: what a pick-up may lift and a slip's payment may pay out (decision 070).
 */
export function expectedCashCents(tx: DbOrTx, shiftId: number): number {
  const row = tx
    .select({ openingFloatCents: shifts.openingFloatCents })
    .from(shifts)
    .where(eq(shifts.id, shiftId))
    .get();
  if (!row) return 0;
  return expectedCents(row.openingFloatCents, takingsOf(tx, [shiftId]).get(shiftId) ?? noTakings());
}

/** Whether shift `shiftId` is open: a correction of its cash counts in its till (decision 079). */
export function isShiftOpen(tx: DbOrTx, shiftId: number): boolean {
  const row = tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), eq(shifts.status, "OPEN")))
    .get();
  return row !== undefined;
}

/**
 * An open shift's till as a correction sees it (decision 079): whose it is, where, and the
 * cash it should hold now; undefined when the shift is closed or gone.
 */
export function openTill(tx: DbOrTx, shiftId: number) {
  const row = selectShifts(tx)
    .where(and(eq(shifts.id, shiftId), eq(shifts.status, "OPEN")))
    .get();
  if (!row) return undefined;
  return {
    shiftId,
    cashier: row.ownerName,
    shop: row.shopName,
    expectedCents: expectedCashCents(tx, shiftId),
  };
}

function toShiftDto(row: ShiftRow, takings: Takings): ShiftDto {
  const s = row.s;
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: s.id,
    status: s.status,
    userId: s.userId,
    user: row.ownerName === null ? null : { id: s.userId, username: row.ownerName },
    shopId: s.shopId,
    shop: row.shopName === null ? null : { id: s.shopId, name: row.shopName },
    openingFloat: formatCents(s.openingFloatCents),
    openedAt: new Date(s.openedAt).toISOString(),
    closedAt: iso(s.closedAt),
    closedBy:
      s.closedBy === null || row.closerName === null
        ? null
        : { id: s.closedBy, username: row.closerName },
    deposits: formatCents(takings.depositCents),
    depositCount: takings.depositCount,
    withdrawals: formatCents(takings.withdrawalCents),
    withdrawalCount: takings.withdrawalCount,
    cashStakes: formatCents(takings.cashStakeCents),
    cashStakeCount: takings.cashStakeCount,
    cashPayouts: formatCents(takings.cashPayoutCents),
    cashPayoutCount: takings.cashPayoutCount,
    reversedDeposits: formatCents(takings.reversedDepositCents),
    reversedDepositCount: takings.reversedDepositCount,
    reversedWithdrawals: formatCents(takings.reversedWithdrawalCents),
    reversedWithdrawalCount: takings.reversedWithdrawalCount,
    topups: formatCents(takings.topupCents),
    topupCount: takings.topupCount,
    pickups: formatCents(takings.pickupCents),
    pickupCount: takings.pickupCount,
    tillMovements: takings.movements,
    // Once closed, the figure stored at the close; while open, as of now.
    expectedCash: formatCents(s.expectedCents ?? expectedCents(s.openingFloatCents, takings)),
    countedCash: s.countedCents === null ? null : formatCents(s.countedCents),
    discrepancy: s.discrepancyCents === null ? null : formatCents(s.discrepancyCents),
  };
}

/** Who may see a shift: admins every one, staff only their own (decision 030). */
export interface ShiftViewer {
  userId: number;
  role: string;
  /** Set for an API token: it carries its admin's id but has no till (decisions 078, 086). */
  tokenId?: number;
}

const seesAll = (viewer: ShiftViewer) => viewer.role === "admin";

/**
 * Whose shifts are the viewer's own: a person's are theirs; an API token's are nobody's
 * (decision 086). Its `userId` is its admin's, and a till is a person's (078), so the admin's
 * shifts are not the token's.
 */
const ownerOf = (viewer: ShiftViewer): number | null =>
  viewer.tokenId === undefined ? viewer.userId : null;

/** One shift; a staff user asking for someone else's gets 404, as for a missing one. */
export function getShift(db: DbOrTx, viewer: ShiftViewer, id: number): ShiftDto {
  const row = selectShifts(db).where(eq(shifts.id, id)).get();
  if (!row || (!seesAll(viewer) && row.s.userId !== ownerOf(viewer))) throw notFound("Shift");
  return toShiftDto(row, takingsOf(db, [id]).get(id) ?? noTakings());
}

/** The caller's open shift, or null: always null for an API token, which has no till (086). */
export function currentShift(db: DbOrTx, viewer: ShiftViewer): ShiftDto | null {
  const owner = ownerOf(viewer);
  if (owner === null) return null;
  const row = selectShifts(db)
    .where(and(eq(shifts.userId, owner), eq(shifts.status, "OPEN")))
    .get();
  return row ? toShiftDto(row, takingsOf(db, [row.s.id]).get(row.s.id) ?? noTakings()) : null;
}

/**
 * `q` in the cashier's username or the shop's name (case-insensitively), or the shift's id.
 * Row by row: shifts are few (a handful a day per shop).
 */
function shiftSearch(q: string): Search {
  const id = /^\d{1,15}$/.test(q) ? Number(q) : undefined;
  return {
    row: or(
      sql`${shifts.userId} in (${staffNamed(q)})`,
      sql`${shifts.shopId} in (select id from shops where ${contains(sql`name`, q)})`,
      id !== undefined ? eq(shifts.id, id) : undefined,
    ) as SQL,
  };
}

/**
 * Shifts, paged and filtered (shop, user, status, opened from/to); staff see their own, and a
 * `user`-role API token, owning none, an empty list (decision 086).
 */
export function listShifts(db: AppDb, viewer: ShiftViewer, query: ListQuery) {
  const status = enumFilter("status", query.status, SHIFT_STATUSES);
  const userId = seesAll(viewer) ? query.userId : ownerOf(viewer);
  // Whose shift and where: a staff caller's own are the only rows it may page from too.
  const fixed = and(
    // Still through listPage, so a boundary or a sort is judged as on any other list.
    userId === null ? sql`false` : undefined,
    userId !== undefined && userId !== null ? eq(shifts.userId, userId) : undefined,
    query.shopId !== undefined ? eq(shifts.shopId, query.shopId) : undefined,
  );
  const filters = and(
    ...([
      status ? eq(shifts.status, status) : undefined,
      query.from !== undefined ? gte(shifts.openedAt, query.from) : undefined,
      query.to !== undefined ? lt(shifts.openedAt, query.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const { ids, total, capped } = listPage(db, query, {
    table: shifts,
    id: shifts.id,
    filters,
    fixed,
    search: query.q ? shiftSearch(query.q) : undefined,
    sorts: SORTS,
    fallback: { key: "openedAt", order: "desc" },
  });
  const rows = ids.length ? selectShifts(db).where(inArray(shifts.id, ids)).all() : [];
  const takings = takingsOf(db, ids);
  return {
    items: inIdOrder(ids, rows, (r) => r.s.id).map((r) =>
      toShiftDto(r, takings.get(r.s.id) ?? noTakings()),
    ),
    total,
    capped,
  };
}

/** The user's open shift (its id, shop and shop's name), or undefined. */
export function openShiftRow(tx: DbOrTx, userId: number) {
  return tx
    .select({ id: shifts.id, shopId: shifts.shopId, shopName: shops.name })
    .from(shifts)
    .leftJoin(shops, eq(shops.id, shifts.shopId))
    .where(and(eq(shifts.userId, userId), eq(shifts.status, "OPEN")))
    .get();
}

/** Opens the caller's shift at an active shop; one open shift per user (409). */
export function openShift(tx: Tx, { actor, now }: Op, input: OpenShiftInput): Mutation<ShiftDto> {
  const shop = findShopRow(tx, input.shopId);
  if (!shop) throw notFound("Shop");
  if (!shop.isActive) throw refuse("SHOP_INACTIVE", {});
  const open = openShiftRow(tx, actor.userId);
  if (open) {
    throw refuse("SHIFT_ALREADY_OPEN", {
      shiftShop: open.shopName ?? `shop #${open.shopId}`,
      shiftId: open.id,
    });
  }
  const row = tx
    .insert(shifts)
    .values({
      userId: actor.userId,
      shopId: shop.id,
      status: "OPEN",
      openingFloatCents: input.openingFloat,
      openedAt: now,
    })
    .returning({ id: shifts.id })
    .get();
  return {
    body: getShift(tx, actor, row.id),
    audit: {
      entityType: "SHIFT",
      entityId: row.id,
      after: { shopId: shop.id, openingFloatCents: input.openingFloat },
    },
  };
}

/**
 * Closes an open shift (its owner or an admin; 409 when already closed): stores the
 * expected cash, the count and the discrepancy (counted - expected), and raises a warning
 * when they differ.
 */
export function closeShift(
  tx: Tx,
  { actor, now }: Op,
  id: number,
  input: CloseShiftInput,
): Mutation<ShiftDto> {
  const before = getShift(tx, actor, id);
  const row = tx.select().from(shifts).where(eq(shifts.id, id)).get();
  if (!row) throw notFound("Shift");
  if (row.status !== "OPEN") throw refuse("SHIFT_CLOSED", {});
  const expected = expectedCents(row.openingFloatCents, takingsOf(tx, [id]).get(id) ?? noTakings());
  const discrepancy = input.countedCash - expected;
  tx.update(shifts)
    .set({
      status: "CLOSED",
      closedAt: now,
      closedBy: actor.userId,
      countedCents: input.countedCash,
      expectedCents: expected,
      discrepancyCents: discrepancy,
    })
    .where(eq(shifts.id, id))
    .run();
  if (discrepancy !== 0) {
    raiseAlert(
      tx,
      {
        type: "warning",
        // About the cashier who counted: not theirs to see or dismiss (decisions/044).
        category: "cash",
        code: "TILL_DISCREPANCY",
        params: {
          shiftId: id,
          cashier: before.user?.username ?? `user #${row.userId}`,
          shop: before.shop?.name ?? `shop #${row.shopId}`,
          discrepancyCents: discrepancy,
          countedCents: input.countedCash,
          expectedCents: expected,
        },
        dedupeKey: `shift-discrepancy:${id}`,
      },
      now,
    );
  }
  return {
    body: getShift(tx, actor, id),
    audit: {
      entityType: "SHIFT",
      entityId: id,
      before: { status: "OPEN" },
      after: {
        status: "CLOSED",
        countedCents: input.countedCash,
        expectedCents: expected,
        discrepancyCents: discrepancy,
      },
    },
  };
}

/**
 * Records a pick-up or top-up on an open shift (its owner or an admin; another staff
 * user's shift is 404 as for reading it; a closed shift is 409, its figures are final). A
 * pick-up may not take the till below nothing (422): the cash is not there to lift. No
 * ledger row: the till and the safe are both the shop's cash (decision 049).
 */
export function recordTillMovement(
  tx: Tx,
  { actor, now }: Op,
  id: number,
  input: TillMovementInput,
): Mutation<ShiftDto> {
  const before = getShift(tx, actor, id);
  if (before.status !== "OPEN") {
    throw refuse("SHIFT_CLOSED_TILL", {});
  }
  if (input.kind === "pickup") {
    const expected = expectedCashCents(tx, id);
    if (input.amountCents > expected) {
      throw refuse("PICKUP_ABOVE_EXPECTED", { expectedCents: expected });
    }
  }
  const movement = tx
    .insert(shiftMovements)
    .values({
      shiftId: id,
      kind: input.kind,
      amountCents: input.amountCents,
      reason: input.reason,
      createdBy: actor.userId,
      createdAt: now,
    })
    .returning({ id: shiftMovements.id })
    .get();
  const after = getShift(tx, actor, id);
  return {
    body: after,
    audit: {
      entityType: "SHIFT",
      entityId: id,
      before: { expectedCash: before.expectedCash },
      after: {
        movementId: movement.id,
        kind: input.kind,
        amountCents: input.amountCents,
        reason: input.reason,
        expectedCash: after.expectedCash,
      },
    },
  };
}

/**
 * The shift a deposit or withdrawal is taken in: the acting user's open shift, if it is at
 * the movement's shop. With REQUIRE_SHIFT on, a movement without one is refused (422). An
 * API token has no till (decision 078): its movements are in no shift, never in its
 * admin's, and with REQUIRE_SHIFT on it moves no money.
 */
export function cashShift(
  tx: DbOrTx,
  actor: Pick<Actor, "userId" | "tokenId">,
  shop: { id: number; name: string },
  requireShift: boolean,
): number | null {
  if (actor.tokenId !== undefined) {
    if (requireShift) throw refuse("TOKEN_NO_TILL", {});
    return null;
  }
  const open = openShiftRow(tx, actor.userId);
  if (open && open.shopId === shop.id) return open.id;
  if (!requireShift) return null;
  if (open) {
    throw refuse("CASH_AT_OTHER_SHOP", {
      shiftShop: open.shopName ?? `shop #${open.shopId}`,
      shop: shop.name,
    });
  }
  throw refuse("CASH_SHIFT_REQUIRED", { shop: shop.name });
}
