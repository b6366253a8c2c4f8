/**
 * The ledger invariants of DESIGN.md section 2, checked independently of the server code
 * that keeps them: plain SQL over the tables, no shared helper. A re-settlement's correcting
 * row (a PAYOUT or REFUND with `reversal_of`) takes its original away, so bet rows count net.
 */
import type { Database } from "bun:sqlite";

export function ledgerViolations(sqlite: Database): string[] {
  const problems: string[] = [];
  const customerDrift = sqlite
    .query(
      `select c.id, c.balance_cents as stored, coalesce((
         select sum(case
           when t.from_entity_type = 'CUSTOMER' and t.from_entity_id = c.id then
             case t.type when 'DEPOSIT' then t.amount_cents when 'WITHDRAWAL' then t.amount_cents else -t.amount_cents end
           else
             case t.type when 'DEPOSIT' then -t.amount_cents when 'WITHDRAWAL' then -t.amount_cents else t.amount_cents end
           end)
         from transactions t where t.status = 'COMPLETED' and
           ((t.from_entity_type = 'CUSTOMER' and t.from_entity_id = c.id) or (t.to_entity_type = 'CUSTOMER' and t.to_entity_id = c.id))
       ), 0) as ledger from customers c`,
    )
    .all() as { id: number; stored: number; ledger: number }[];
  for (const row of customerDrift) {
    if (row.stored !== row.ledger)
      problems.push(`customer ${row.id}: stored ${row.stored} != ledger ${row.ledger}`);
  }
  const shopDrift = sqlite
    .query(
      `select s.id, s.balance_cents as stored, coalesce((
         select sum(case when t.to_entity_type = 'SHOP' and t.to_entity_id = s.id then t.amount_cents else -t.amount_cents end)
         from transactions t where t.status = 'COMPLETED'
           and (t.type in ('DEPOSIT', 'WITHDRAWAL', 'TRANSFER') or t.from_entity_type = 'CASH' or t.to_entity_type = 'CASH') and
           ((t.from_entity_type = 'SHOP' and t.from_entity_id = s.id) or (t.to_entity_type = 'SHOP' and t.to_entity_id = s.id))
       ), 0) as ledger from shops s`,
    )
    .all() as { id: number; stored: number; ledger: number }[];
  for (const row of shopDrift) {
    if (row.stored !== row.ledger)
      problems.push(`shop ${row.id}: stored ${row.stored} != ledger ${row.ledger}`);
  }
  const betRows = sqlite
    .query(
      `select b.id, b.status, b.stake_cents as stake, b.actual_payout_cents as actual,
         b.customer_id is null as cash, b.paid_at is not null as paid,
         (select count(*) from transactions t where t.bet_id = b.id and t.type = 'BETTING' and t.amount_cents = b.stake_cents) as betting,
         (select count(*) from transactions t where t.bet_id = b.id and t.type = 'PAYOUT' and t.reversal_of is null)
           - (select count(*) from transactions t where t.bet_id = b.id and t.type = 'PAYOUT' and t.reversal_of is not null) as payouts,
         (select count(*) from transactions t where t.bet_id = b.id and t.type = 'PAYOUT' and t.reversal_of is null and t.amount_cents = b.actual_payout_cents)
           - (select count(*) from transactions t where t.bet_id = b.id and t.type = 'PAYOUT' and t.reversal_of is not null and t.amount_cents = b.actual_payout_cents) as rightPayouts,
         (select count(*) from transactions t where t.bet_id = b.id and t.type = 'REFUND' and t.reversal_of is null)
           - (select count(*) from transactions t where t.bet_id = b.id and t.type = 'REFUND' and t.reversal_of is not null) as refunds,
         (select count(*) from transactions t where t.bet_id = b.id and t.type = 'REFUND' and t.reversal_of is null and t.amount_cents = b.stake_cents)
           - (select count(*) from transactions t where t.bet_id = b.id and t.type = 'REFUND' and t.reversal_of is not null and t.amount_cents = b.stake_cents) as rightRefunds
       from bets b`,
    )
    .all() as {
    id: number;
    status: string;
    cash: number;
    paid: number;
    betting: number;
    payouts: number;
    rightPayouts: number;
    refunds: number;
    rightRefunds: number;
  }[];
  for (const b of betRows) {
    if (b.betting !== 1) problems.push(`bet ${b.id}: ${b.betting} BETTING rows`);
    // A cash bet's return is a ledger row only once its slip is paid (decision 051).
    const moved = !b.cash || b.paid;
    if (b.cash && b.paid && !["WON", "PLACED", "VOID"].includes(b.status))
      problems.push(`bet ${b.id}: a ${b.status} cash bet marked paid`);
    if (b.cash && !b.paid && (b.payouts !== 0 || b.refunds !== 0))
      problems.push(`bet ${b.id}: an unpaid cash bet with a payout or refund`);
    if (moved && ["WON", "PLACED"].includes(b.status) && (b.payouts !== 1 || b.rightPayouts !== 1))
      problems.push(`bet ${b.id}: ${b.status} without one right PAYOUT`);
    if (moved && b.status === "VOID" && (b.refunds !== 1 || b.rightRefunds !== 1))
      problems.push(`bet ${b.id}: VOID without one right REFUND`);
    if (b.status === "LOST" && (b.payouts !== 0 || b.refunds !== 0))
      problems.push(`bet ${b.id}: LOST with payout or refund`);
    if (b.status === "PENDING" && (b.payouts !== 0 || b.refunds !== 0))
      problems.push(`bet ${b.id}: PENDING with payout or refund`);
    if (!["WON", "PLACED"].includes(b.status) && b.payouts !== 0)
      problems.push(`bet ${b.id}: ${b.status} with a PAYOUT`);
  }
  // A reversal counted in a till is counted in its original's (decision 079), never another.
  const strayReversals = sqlite
    .query(
      `select r.id from transactions r join transactions o on o.id = r.reversal_of
       where r.shift_id is not null and (o.shift_id is null or o.shift_id != r.shift_id)`,
    )
    .all() as { id: number }[];
  for (const r of strayReversals)
    problems.push(`reversal ${r.id}: counted in a shift its original is not in`);
  return problems;
}

export function balances(sqlite: Database, customerId: number, shopId: number) {
  const c = sqlite
    .query("select balance_cents as b from customers where id = ?")
    .get(customerId) as { b: number };
  const s = sqlite.query("select balance_cents as b from shops where id = ?").get(shopId) as {
    b: number;
  };
  return { customer: c.b, shop: s.b };
}
