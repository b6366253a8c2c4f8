/**
 * What a correction (a reversal, a re-settlement) writes and what it does to each balance
 * (issue 12, decisions/033). The correction posts its rows through `CorrectionLog.post`,
 * which records each row and the balances `postLedgerEntry` reports after it; the preview is
 * read from that record. A dry run is the same write rolled back (src/lib/endpoint.ts), so
 * the preview shown before confirming is exactly what the real write does.
 */
import { inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { customers, shops, users } from "../../db/schema";
import type { CorrectionPreviewDto } from "../../domain/dto";
import type { EntityType } from "../../domain/enums";
import { formatCents } from "../../domain/money";
import { type LedgerEntry, postLedgerEntry } from "../../lib/ledger";
import { expectedCashCents, openTill } from "../shifts/shifts.service";

interface Moved {
  party: "CUSTOMER" | "SHOP";
  id: number;
  beforeCents: number;
  afterCents: number;
}

/** An open shift's till a correction counts in (decision 079): its expected cash around it. */
interface TillMoved {
  shiftId: number;
  cashier: string | null;
  shop: string | null;
  beforeCents: number;
  afterCents: number;
}

export class CorrectionLog {
  private readonly entries: LedgerEntry[] = [];
  private readonly moved = new Map<string, Moved>();
  private readonly tills = new Map<number, TillMoved>();
  private readonly ids: number[] = [];

  /** The ids of the rows written, in order: the audit row names them (an auditor's way from a ledger row to why it was written). */
  get transactionIds(): readonly number[] {
    return this.ids;
  }

  /** Each balance the rows moved (customers', shops'), before and after, first moved first. */
  get balancesMoved(): readonly Readonly<Moved>[] {
    return [...this.moved.values()];
  }

  /** Each open shift's till the rows counted in, its expected cash before and after. */
  get tillsMoved(): readonly Readonly<TillMoved>[] {
    return [...this.tills.values()];
  }

  /**
   * Posts one ledger row (same transaction) and records it, the balances it moved and, for a
   * row counted in an open shift, that till's expected cash before and after.
   */
  post(tx: Tx, entry: LedgerEntry, now: number): number {
    const shiftId = entry.shiftId ?? null;
    if (shiftId !== null && !this.tills.has(shiftId)) {
      const till = openTill(tx, shiftId);
      if (till) {
        const { expectedCents, ...who } = till;
        this.tills.set(shiftId, { ...who, beforeCents: expectedCents, afterCents: expectedCents });
      }
    }
    const { id, balances } = postLedgerEntry(tx, entry, now);
    this.ids.push(id);
    const till = shiftId === null ? undefined : this.tills.get(shiftId);
    if (till) till.afterCents = expectedCashCents(tx, till.shiftId);
    this.entries.push(entry);
    for (const b of balances) {
      const key = `${b.party.type}:${b.party.id}`;
      const seen = this.moved.get(key);
      if (seen) seen.afterCents = b.balanceCents;
      else {
        this.moved.set(key, {
          party: b.party.type,
          id: b.party.id,
          beforeCents: b.balanceCents - b.deltaCents,
          afterCents: b.balanceCents,
        });
      }
    }
    return id;
  }

  /** The rows written and each balance before and after, with the parties' names. */
  preview(tx: Tx, dryRun: boolean): CorrectionPreviewDto {
    const ids = (type: EntityType) => [
      ...new Set(
        this.entries.flatMap((e) => [e.from, e.to].filter((p) => p.type === type).map((p) => p.id)),
      ),
    ];
    const customerIds = ids("CUSTOMER");
    const shopIds = ids("SHOP");
    const userIds = ids("USER");
    const customerRows = customerIds.length
      ? tx
          .select({
            id: customers.id,
            firstName: customers.firstName,
            lastName: customers.lastName,
            creditLimitCents: customers.creditLimitCents,
          })
          .from(customers)
          .where(inArray(customers.id, customerIds))
          .all()
      : [];
    const shopRows = shopIds.length
      ? tx
          .select({ id: shops.id, name: shops.name })
          .from(shops)
          .where(inArray(shops.id, shopIds))
          .all()
      : [];
    const userRows = userIds.length
      ? tx
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(inArray(users.id, userIds))
          .all()
      : [];
    const names = new Map<string, string>([
      ...customerRows.map((c) => [`CUSTOMER:${c.id}`, `${c.firstName} ${c.lastName}`] as const),
      ...shopRows.map((s) => [`SHOP:${s.id}`, s.name] as const),
      ...userRows.map((u) => [`USER:${u.id}`, u.username] as const),
    ]);
    const limits = new Map(customerRows.map((c) => [c.id, c.creditLimitCents]));
    const nameOf = (p: { type: EntityType; id: number }) => names.get(`${p.type}:${p.id}`) ?? null;
    return {
      dryRun,
      rows: this.entries.map((e) => ({
        type: e.type,
        amount: formatCents(e.amountCents),
        fromEntityType: e.from.type,
        fromEntityId: e.from.id,
        fromName: nameOf(e.from),
        toEntityType: e.to.type,
        toEntityId: e.to.id,
        toName: nameOf(e.to),
        description: e.description ?? null,
        betId: e.betId ?? null,
        reversalOf: e.reversalOf ?? null,
        reason: e.reason ?? null,
        shiftId: e.shiftId ?? null,
      })),
      tills: [...this.tills.values()].map((t) => ({
        shiftId: t.shiftId,
        cashier: t.cashier,
        shop: t.shop,
        beforeAmount: formatCents(t.beforeCents),
        afterAmount: formatCents(t.afterCents),
      })),
      balances: [...this.moved.values()].map((m) => {
        const limit = m.party === "CUSTOMER" ? limits.get(m.id) : undefined;
        return {
          party: m.party,
          id: m.id,
          name: nameOf({ type: m.party, id: m.id }) ?? `${m.party} #${m.id}`,
          beforeAmount: formatCents(m.beforeCents),
          afterAmount: formatCents(m.afterCents),
          creditLimit: limit === undefined ? null : formatCents(limit),
        };
      }),
    };
  }
}
