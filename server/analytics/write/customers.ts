import { sql } from 'kysely';
import type { Db, OrderStatus } from '../../db/database.js';
import { anyOf, columnsOf } from '../../db/typed-sql.js';
import { ForeignReferenceError } from './frame.js';

// Recurrent guests: whether an order's customer had ordered at the franchise before it, and the
// customers' first orders moving as orders arrive, are voided or replaced.

/** An order about to be written: what deciding recurrent needs of it. */
export type FreshOrder = { customerId?: number | null; placedAt: Date; status: OrderStatus };

/** An order taken out of the counts: what deciding recurrent needs of it. */
export type TakenOutOrder = { customerId: number | null; placedAt: Date; status: OrderStatus };

/** A stored order whose recurrent flag changed because its customer's first completed order moved. */
export type FlippedOrder = { restaurant_id: number; day: string; guests: number; status: OrderStatus; recurrent: boolean };

const earlier = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/**
 * Recurrent means the customer has a completed order at the franchise placed strictly before this
 * one; anonymous guests are new. It depends only on the orders stored, never on the order they
 * arrived in: when a write moves a customer's first completed order (a back-filled earlier order, or
 * a first order voided or replaced), the stored orders between the old and the new first change
 * sides and are returned, to move their guests in the rollups. `first_order_at` keeps each
 * customer's first completed order. Runs after `takenOut` were deleted and before `fresh` is inserted, in
 * a write begun by beginFranchiseWrite: its lock on the franchise row orders every write of the franchise's
 * customers, and each statement after it sees what the previous writer committed, so the customers' rows
 * need no lock of their own.
 * `appending`: every fresh order is placed after all the franchise's stored orders (history loaded in time
 * order), so a first can only move from none to a fresh order and no stored order lies after it: none is looked for.
 */
export async function decideRecurrent(
  db: Db,
  franchiseId: number,
  fresh: FreshOrder[],
  takenOut: TakenOutOrder[],
  appending = false,
): Promise<{ recurrent: boolean[]; flipped: FlippedOrder[] }> {
  const freshCustomers = new Set(fresh.flatMap((o) => (o.customerId == null ? [] : [o.customerId])));
  const customerIds = [...new Set([...freshCustomers, ...takenOut.flatMap((o) => (o.customerId == null ? [] : [o.customerId]))])].sort(
    (a, b) => a - b,
  );
  const recurrent = fresh.map(() => false);
  if (customerIds.length === 0) return { recurrent, flipped: [] };
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'first_order_at'])
    .where('franchise_id', '=', franchiseId)
    .where('id', '=', anyOf(customerIds, 'int'))
    .execute();
  const stored = new Map(rows.map((row) => [row.id, row.first_order_at?.getTime() ?? null]));
  const missing = [...freshCustomers].filter((id) => !stored.has(id));
  if (missing.length > 0) throw new ForeignReferenceError(`customer ${missing.join(', ')} does not belong to franchise ${franchiseId}`);

  // Customers whose first completed order was taken out: their first is read again from what is left.
  const first = new Map(stored);
  const lostFirst = [
    ...new Set(
      takenOut.flatMap((o) => {
        const at = o.customerId === null ? undefined : stored.get(o.customerId);
        return o.customerId !== null && o.status === 'completed' && (at === null || o.placedAt.getTime() <= at!) ? [o.customerId] : [];
      }),
    ),
  ];
  const o = columnsOf('orders');
  if (lostFirst.length > 0) {
    for (const id of lostFirst) first.set(id, null);
    // Raw: a subquery per element of an unnest, so each customer is read through the (customer_id, placed_at) index
    // whatever the planner's statistics.
    const { rows: left } = await sql<{ customer_id: number; first: Date | null }>`select u.id as customer_id,
        (select min(${o('placed_at')}) from orders where ${o('customer_id')} = u.id and ${o('status')} = 'completed') as first
      from unnest(${lostFirst}::int[]) as u(id)`.execute(db);
    for (const row of left) if (row.first) first.set(row.customer_id, row.first.getTime());
  }
  for (const order of fresh) {
    if (order.customerId != null && order.status === 'completed') {
      first.set(order.customerId, earlier(first.get(order.customerId)!, order.placedAt.getTime()));
    }
  }
  for (const [i, order] of fresh.entries()) {
    const at = order.customerId == null ? null : first.get(order.customerId)!;
    recurrent[i] = at !== null && at < order.placedAt.getTime();
  }

  const moved = [...first].filter(([id, at]) => at !== stored.get(id));
  if (moved.length === 0) return { recurrent, flipped: [] };
  const flipped = appending ? [] : await flipBetween(db, moved, stored);
  // Raw: an update from an unnest of two arrays.
  const c = columnsOf('customers', 'c');
  await sql`update customers c set ${columnsOf('customers')('first_order_at')} = u.at
    from unnest(${moved.map(([id]) => id)}::int[], ${moved.map(([, at]) => iso(at))}::timestamptz[]) as u(id, at)
    where ${c('id')} = u.id`.execute(db);
  return { recurrent, flipped };
}

/** Flips the stored orders between each moved customer's old and new first (null: no completed order yet), returning them. */
async function flipBetween(db: Db, moved: [id: number, at: number | null][], stored: Map<number, number | null>): Promise<FlippedOrder[]> {
  const before = moved.map(([id]) => stored.get(id)!);
  const after = moved.map(([, at]) => at);
  // Raw: each customer's range is read through the (customer_id, placed_at) index, kept per customer by a lateral
  // subquery with OFFSET 0 over an unnest (as a join the planner scanned every order); the orders found are updated by id.
  const [o, oo] = [columnsOf('orders'), columnsOf('orders', 'o')];
  const { rows } = await sql<FlippedOrder>`update orders o set ${o('recurrent')} = not ${oo('recurrent')}
    where ${oo('id')} = any(array(
      select c.id from unnest(
        ${moved.map(([id]) => id)}::int[],
        ${moved.map(([, at]) => iso(at))}::timestamptz[],
        ${before.map((b, i) => iso(earlier(b, after[i]!)))}::timestamptz[],
        ${before.map((b, i) => (b === null || after[i] === null ? null : iso(Math.max(b, after[i]!))))}::timestamptz[]
      ) as u(id, first, low, high)
      cross join lateral (
        select ${o('id')} from orders
        where ${o('customer_id')} = u.id and ${o('placed_at')} > u.low and (u.high is null or ${o('placed_at')} <= u.high)
          and ${o('recurrent')} is distinct from (u.first is not null and u.first < ${o('placed_at')})
        offset 0
      ) c))
    returning ${oo('restaurant_id')}, ${oo('day')}, ${oo('guests')}, ${oo('status')}, ${oo('recurrent')}`.execute(db);
  return rows;
}
