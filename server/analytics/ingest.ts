import { sql, type RawBuilder } from 'kysely';
import type { Channel, Db, OrderSource, PurchaseCategory } from '../db/database.js';

// The write path of the analytics (DESIGN §3): raw trade rows and the daily rollups that summarise
// them are written in one transaction, which also bumps the franchise's data_version (the cache key
// of every server). Rollups are added to (`x = t.x + excluded.x`), so batches may arrive in any order.

export type OrderInput = {
  restaurantId: number;
  placedAt: Date;
  channel: Channel;
  source: OrderSource;
  guests: number;
  customerId?: number | null;
  status: 'completed' | 'voided';
  lines: { menuItemId: number; quantity: number; amountCents: number }[];
  payments: { method: 'card' | 'cash' | 'app'; amountCents: number }[];
};

export type ShiftInput = {
  restaurantId: number;
  personId: number;
  /** YYYY-MM-DD, the calendar day in the franchise's time zone. */
  day: string;
  assignedMinutes: number;
  actualMinutes: number;
  hourlyRateCents: number;
  attended: boolean;
};

export type PurchaseInput = {
  restaurantId: number;
  supplierId: number;
  /** YYYY-MM-DD, the calendar day in the franchise's time zone. */
  day: string;
  category: PurchaseCategory;
  quantity: number;
  amountCents: number;
};

/** A row names a restaurant, menu item, customer, person or supplier of another franchise (or none). */
export class ForeignReferenceError extends Error {
  override name = 'ForeignReferenceError';
}

/** Labour cost of one shift: actual minutes × hourly rate / 60, rounded to the nearest cent (half up) per shift. */
export const labourCostCents = (actualMinutes: number, hourlyRateCents: number) => Math.round((actualMinutes * hourlyRateCents) / 60);

/** Rows per statement: one array parameter per column, so the statement size does not grow with the rows. */
const CHUNK = 5000;

type Cell = string | number | boolean | null;
type Column = readonly [name: string, pgType: string];

const ORDER_COLUMNS: Column[] = [
  ['restaurant_id', 'int'],
  ['placed_at', 'timestamptz'],
  ['channel', 'text'],
  ['source', 'text'],
  ['guests', 'int'],
  ['customer_id', 'int'],
  ['recurrent', 'boolean'],
  ['status', 'text'],
  ['total_cents', 'int'],
];
const LINE_COLUMNS: Column[] = [
  ['order_id', 'bigint'],
  ['menu_item_id', 'int'],
  ['quantity', 'int'],
  ['amount_cents', 'int'],
];
const PAYMENT_COLUMNS: Column[] = [
  ['order_id', 'bigint'],
  ['method', 'text'],
  ['amount_cents', 'int'],
];

/** The counters of daily_restaurant_stats, in the order recordOrders fills them. */
const STATS_COUNTERS: Column[] = [
  ['orders_dine_in', 'int'],
  ['orders_takeaway', 'int'],
  ['orders_pos', 'int'],
  ['orders_app', 'int'],
  ['orders_voided', 'int'],
  ['revenue_dine_in_cents', 'bigint'],
  ['revenue_takeaway_cents', 'bigint'],
  ['revenue_pos_cents', 'bigint'],
  ['revenue_app_cents', 'bigint'],
  ['guests_recurrent', 'int'],
  ['guests_new', 'int'],
  ['transactions', 'int'],
  ['units', 'int'],
];
const HOURS_COUNTERS: Column[] = [
  ['assigned_minutes', 'int'],
  ['actual_minutes', 'int'],
  ['labour_cost_cents', 'bigint'],
  ['shifts', 'int'],
  ['shifts_attended', 'int'],
];
const PURCHASE_COUNTERS: Column[] = [
  ['quantity', 'bigint'],
  ['amount_cents', 'bigint'],
];
const ITEM_COUNTERS: Column[] = [
  ['units', 'int'],
  ['revenue_cents', 'bigint'],
];

const unnestOf = (columns: readonly Column[], rows: Cell[][]): RawBuilder<unknown> =>
  sql`unnest(${sql.join(columns.map(([, type], c) => sql`${rows.map((row) => row[c] ?? null)}::${sql.raw(type)}[]`))})`;

const names = (columns: readonly Column[]) => sql.join(columns.map(([name]) => sql.ref(name)));

/** Multi-row insert, column-wise (one array per column). */
async function insertRows(db: Db, table: string, columns: readonly Column[], rows: Cell[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await sql`insert into ${sql.table(table)} (${names(columns)}) select * from ${unnestOf(columns, rows.slice(i, i + CHUNK))}`.execute(db);
  }
}

/**
 * Inserts the orders with `day` computed by PostgreSQL in the franchise's time zone, and returns
 * each one's id and day in input order: PostgreSQL inserts the rows of INSERT … SELECT … ORDER BY
 * in that order and RETURNING reports them as inserted (Django's bulk_create relies on it too).
 */
async function insertOrders(db: Db, timeZone: string, rows: Cell[][]): Promise<{ id: number; day: string }[]> {
  const out: { id: number; day: string }[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const { rows: inserted } = await sql<{ id: number; day: string }>`insert into orders
        (restaurant_id, placed_at, day, channel, source, guests, customer_id, recurrent, status, total_cents)
      select restaurant_id, placed_at, (placed_at at time zone ${timeZone})::date, channel, source, guests, customer_id, recurrent, status, total_cents
      from ${unnestOf(ORDER_COLUMNS, chunk)} with ordinality
        as u(restaurant_id, placed_at, channel, source, guests, customer_id, recurrent, status, total_cents, ordinal)
      order by ordinal
      returning id, day`.execute(db);
    out.push(...inserted);
  }
  return out;
}

/** Additive upsert of rollup rows: counters of a key already present are added to. */
async function addToRollup(db: Db, table: string, keys: readonly Column[], counters: readonly Column[], rows: Cell[][]): Promise<void> {
  const columns = [...keys, ...counters];
  const add = sql.join(counters.map(([name]) => sql`${sql.ref(name)} = ${sql.table(table)}.${sql.ref(name)} + excluded.${sql.ref(name)}`));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await sql`insert into ${sql.table(table)} (${names(columns)}) select * from ${unnestOf(columns, chunk)}
      on conflict (${names(keys)}) do update set ${add}`.execute(db);
  }
}

/** Days in the month of `month` ('YYYY-MM-01'). */
const daysInMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/** A monthly row being built: its keys besides the month, its counters, and per running counter one element per day of the month. */
type RunningRow = { keys: Cell[]; month: string; counters: number[]; running: number[][] };

/** Adds a day's `counters` to its month's row for `key`, and its `running` counters to elements day..end of month. */
function addRunning(rows: Map<string, RunningRow>, key: string, keys: Cell[], day: string, counters: number[], running: number[]): void {
  const month = `${day.slice(0, 7)}-01`;
  const rowKey = `${key}|${month}`;
  const row =
    rows.get(rowKey) ??
    rows
      .set(rowKey, { keys, month, counters: counters.map(() => 0), running: running.map(() => Array<number>(daysInMonth(month)).fill(0)) })
      .get(rowKey)!;
  for (const [c, n] of counters.entries()) row.counters[c]! += n;
  const from = Number(day.slice(8)) - 1;
  for (const [c, n] of running.entries()) {
    const elements = row.running[c]!;
    for (let d = from; d < elements.length; d++) elements[d]! += n;
  }
}

/**
 * Additive upsert of running-total arrays (monthly_restaurant_stats, and the running columns of
 * monthly_staff_hours with its counters): element-wise sums, so batches may still arrive in any order.
 */
async function addToRunningRollup(
  db: Db,
  table: string,
  keys: readonly Column[],
  counters: readonly Column[],
  running: readonly Column[],
  rows: RunningRow[],
): Promise<void> {
  const scalars: Column[] = [...keys, ['month', 'date'], ...counters];
  // Arrays travel as text literals ('{1,2,3}'): an array of arrays would be flattened by unnest.
  const texts: Column[] = running.map(([name]) => [name, 'text']);
  const add = sql.join([
    ...counters.map(([name]) => sql`${sql.ref(name)} = ${sql.table(table)}.${sql.ref(name)} + excluded.${sql.ref(name)}`),
    ...running.map(
      ([name]) =>
        sql`${sql.ref(name)} = array(select a + b from unnest(${sql.table(table)}.${sql.ref(name)}, excluded.${sql.ref(name)}) with ordinality as u(a, b, i) order by i)`,
    ),
  ]);
  const select = sql.join([
    ...scalars.map(([name]) => sql.ref(`u.${name}`)),
    ...running.map(([name, type]) => sql`u.${sql.ref(name)}::${sql.raw(type)}`),
  ]);
  const all = [...scalars, ...texts];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((r) => [...r.keys, r.month, ...r.counters, ...r.running.map((a) => `{${a.join(',')}}`)]);
    await sql`insert into ${sql.table(table)} (${names([...scalars, ...running])})
      select ${select} from ${unnestOf(all, chunk)} as u(${names(all)})
      on conflict (${names([...keys, ['month', 'date']])}) do update set ${add}`.execute(db);
  }
}

type OwnedTable = 'restaurants' | 'menu_items' | 'customers' | 'people' | 'suppliers';
const LABELS: Record<OwnedTable, string> = {
  restaurants: 'restaurant',
  menu_items: 'menu item',
  customers: 'customer',
  people: 'person',
  suppliers: 'supplier',
};

/** Throws unless every id is a row of `table` in the franchise. */
async function assertOwned(db: Db, table: OwnedTable, franchiseId: number, ids: Iterable<number>): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)}
    where franchise_id = ${franchiseId} and id = any(${wanted}::int[])`.execute(db);
  const found = new Set(rows.map((r) => r.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new ForeignReferenceError(`${LABELS[table]} ${missing.join(', ')} does not belong to franchise ${franchiseId}`);
  }
}

/**
 * Bumps the franchise's data_version and returns its time zone. Done first in every write, so the
 * franchise row lock also orders concurrent writes of one franchise on PostgreSQL.
 */
async function bumpDataVersion(db: Db, franchiseId: number): Promise<string> {
  const { rows } = await sql<{ time_zone: string }>`update franchises set data_version = data_version + 1
    where id = ${franchiseId} returning time_zone`.execute(db);
  if (!rows[0]) throw new ForeignReferenceError(`franchise ${franchiseId} does not exist`);
  return rows[0].time_zone;
}

/** A transaction of its own, or the caller's when `db` is one (the demo generator writes orders, shifts and purchases of a batch together). */
const transaction = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * Whether each order is recurrent, and the customers' new first_order_at, with the customers' rows
 * locked (in id order, so two writers never deadlock) until the transaction ends.
 *
 * Recurrent means the customer has a completed order at the franchise placed before this one among
 * the orders known when this one is written (earlier batches, and this batch). It is fixed at write
 * time: an order back-filled before a customer's first known order is new, and moves first_order_at
 * back, but the orders already written keep their flag (and their rollups stay as counted).
 * Voided orders never make a customer known. Anonymous guests are new.
 */
async function decideRecurrent(db: Db, franchiseId: number, orders: OrderInput[]): Promise<boolean[]> {
  const customerIds = [...new Set(orders.flatMap((o) => (o.customerId == null ? [] : [o.customerId])))].sort((a, b) => a - b);
  const firstOrder = new Map<number, number | null>();
  if (customerIds.length > 0) {
    const { rows } = await sql<{ id: number; first_order_at: Date | null }>`select id, first_order_at from customers
      where franchise_id = ${franchiseId} and id = any(${customerIds}::int[]) order by id for update`.execute(db);
    for (const row of rows) firstOrder.set(row.id, row.first_order_at?.getTime() ?? null);
    const missing = customerIds.filter((id) => !firstOrder.has(id));
    if (missing.length > 0) throw new ForeignReferenceError(`customer ${missing.join(', ')} does not belong to franchise ${franchiseId}`);
  }
  const before = new Map(firstOrder);
  const recurrent = orders.map(() => false);
  const byTime = orders.map((_, i) => i).sort((a, b) => orders[a]!.placedAt.getTime() - orders[b]!.placedAt.getTime() || a - b);
  for (const i of byTime) {
    const order = orders[i]!;
    if (order.customerId == null) continue;
    const placed = order.placedAt.getTime();
    const first = firstOrder.get(order.customerId)!;
    recurrent[i] = first !== null && first < placed;
    if (order.status === 'completed' && (first === null || placed < first)) firstOrder.set(order.customerId, placed);
  }
  const changed = [...firstOrder].filter(([id, at]) => at !== before.get(id));
  if (changed.length > 0) {
    await sql`update customers c set first_order_at = u.at
      from unnest(${changed.map(([id]) => id)}::int[], ${changed.map(([, at]) => new Date(at!).toISOString())}::timestamptz[]) as u(id, at)
      where c.id = u.id`.execute(db);
  }
  return recurrent;
}

/** Orders with their lines and payment transactions, and their rollups, in one transaction. */
export async function recordOrders(db: Db, franchiseId: number, orders: OrderInput[]): Promise<void> {
  if (orders.length === 0) return;
  await transaction(db, async (trx) => {
    const timeZone = await bumpDataVersion(trx, franchiseId);
    await assertOwned(
      trx,
      'restaurants',
      franchiseId,
      orders.map((o) => o.restaurantId),
    );
    await assertOwned(
      trx,
      'menu_items',
      franchiseId,
      orders.flatMap((o) => o.lines.map((l) => l.menuItemId)),
    );
    const recurrent = await decideRecurrent(trx, franchiseId, orders);
    const totals = orders.map((o) => o.lines.reduce((sum, l) => sum + l.amountCents, 0));
    const inserted = await insertOrders(
      trx,
      timeZone,
      orders.map((o, i) => [
        o.restaurantId,
        o.placedAt.toISOString(),
        o.channel,
        o.source,
        o.guests,
        o.customerId ?? null,
        recurrent[i]!,
        o.status,
        totals[i]!,
      ]),
    );

    const lineRows: Cell[][] = [];
    const paymentRows: Cell[][] = [];
    const stats = new Map<string, number[]>();
    const items = new Map<string, [restaurantId: number, day: string, menuItemId: number, units: number, revenue: number]>();
    const franchiseItems = new Map<string, [day: string, menuItemId: number, units: number, revenue: number]>();
    for (const [i, order] of orders.entries()) {
      const { id, day } = inserted[i]!;
      const total = totals[i]!;
      for (const l of order.lines) lineRows.push([id, l.menuItemId, l.quantity, l.amountCents]);
      for (const p of order.payments) paymentRows.push([id, p.method, p.amountCents]);

      const statsKey = `${order.restaurantId}|${day}`;
      // Counters in STATS_COUNTERS order.
      const s = stats.get(statsKey) ?? stats.set(statsKey, Array<number>(STATS_COUNTERS.length).fill(0)).get(statsKey)!;
      if (order.status === 'voided') {
        s[4]! += 1;
        continue;
      }
      const dineIn = order.channel === 'dine_in';
      const pos = order.source === 'pos';
      s[dineIn ? 0 : 1]! += 1;
      s[pos ? 2 : 3]! += 1;
      s[dineIn ? 5 : 6]! += total;
      s[pos ? 7 : 8]! += total;
      s[recurrent[i] ? 9 : 10]! += order.guests;
      s[11]! += order.payments.length;
      for (const l of order.lines) {
        s[12]! += l.quantity;
        const itemKey = `${order.restaurantId}|${day}|${l.menuItemId}`;
        const item = items.get(itemKey) ?? items.set(itemKey, [order.restaurantId, day, l.menuItemId, 0, 0]).get(itemKey)!;
        item[3] += l.quantity;
        item[4] += l.amountCents;
        const franchiseKey = `${day}|${l.menuItemId}`;
        const fItem = franchiseItems.get(franchiseKey) ?? franchiseItems.set(franchiseKey, [day, l.menuItemId, 0, 0]).get(franchiseKey)!;
        fItem[2] += l.quantity;
        fItem[3] += l.amountCents;
      }
    }

    await insertRows(trx, 'order_lines', LINE_COLUMNS, lineRows);
    await insertRows(trx, 'payment_transactions', PAYMENT_COLUMNS, paymentRows);
    const franchiseStats = new Map<string, number[]>();
    const monthlyStats = new Map<string, RunningRow>();
    for (const [key, counters] of stats) {
      const [restaurantId, day] = key.split('|') as [string, string];
      // Running revenue (dine-in + takeaway) and units, what the restaurant list sums over a window.
      addRunning(monthlyStats, restaurantId, [Number(restaurantId)], day, [], [counters[5]! + counters[6]!, counters[12]!]);
      const f = franchiseStats.get(day) ?? franchiseStats.set(day, Array<number>(STATS_COUNTERS.length).fill(0)).get(day)!;
      for (const [c, n] of counters.entries()) f[c]! += n;
    }
    await addToRollup(
      trx,
      'daily_restaurant_stats',
      [
        ['restaurant_id', 'int'],
        ['day', 'date'],
      ],
      STATS_COUNTERS,
      [...stats].map(([key, counters]) => {
        const [restaurantId, day] = key.split('|');
        return [Number(restaurantId), day!, ...counters];
      }),
    );
    await addToRollup(
      trx,
      'daily_franchise_stats',
      [
        ['franchise_id', 'int'],
        ['day', 'date'],
      ],
      STATS_COUNTERS,
      [...franchiseStats].map(([day, counters]) => [franchiseId, day, ...counters]),
    );
    await addToRunningRollup(
      trx,
      'monthly_restaurant_stats',
      [['restaurant_id', 'int']],
      [],
      [
        ['running_revenue_cents', 'bigint[]'],
        ['running_units', 'int[]'],
      ],
      [...monthlyStats.values()],
    );
    await addToRollup(
      trx,
      'daily_item_sales',
      [
        ['restaurant_id', 'int'],
        ['day', 'date'],
        ['menu_item_id', 'int'],
      ],
      ITEM_COUNTERS,
      [...items.values()],
    );
    await addToRollup(
      trx,
      'daily_franchise_item_sales',
      [
        ['franchise_id', 'int'],
        ['day', 'date'],
        ['menu_item_id', 'int'],
      ],
      ITEM_COUNTERS,
      [...franchiseItems.values()].map((row) => [franchiseId, ...row]),
    );
  });
}

/** Staff shifts (one per person and day) and their daily, per-franchise and monthly staff-hours rollups, in one transaction. */
export async function recordShifts(db: Db, franchiseId: number, shifts: ShiftInput[]): Promise<void> {
  if (shifts.length === 0) return;
  await transaction(db, async (trx) => {
    await bumpDataVersion(trx, franchiseId);
    await assertOwned(
      trx,
      'restaurants',
      franchiseId,
      shifts.map((s) => s.restaurantId),
    );
    await assertOwned(
      trx,
      'people',
      franchiseId,
      shifts.map((s) => s.personId),
    );
    await insertRows(
      trx,
      'staff_shifts',
      [
        ['restaurant_id', 'int'],
        ['person_id', 'int'],
        ['day', 'date'],
        ['assigned_minutes', 'int'],
        ['actual_minutes', 'int'],
        ['hourly_rate_cents', 'int'],
        ['attended', 'boolean'],
      ],
      shifts.map((s) => [s.restaurantId, s.personId, s.day, s.assignedMinutes, s.actualMinutes, s.hourlyRateCents, s.attended]),
    );
    // Keys, then counters in HOURS_COUNTERS order.
    const hours = new Map<string, { keys: Cell[]; counters: number[] }>();
    const franchiseHours = new Map<string, { keys: Cell[]; counters: number[] }>();
    const monthlyHours = new Map<string, RunningRow>();
    const addTo = (rows: typeof hours, key: string, keys: Cell[], counters: number[]) => {
      const row = rows.get(key) ?? rows.set(key, { keys, counters: counters.map(() => 0) }).get(key)!;
      for (const [c, n] of counters.entries()) row.counters[c]! += n;
    };
    for (const s of shifts) {
      const counters = [s.assignedMinutes, s.actualMinutes, labourCostCents(s.actualMinutes, s.hourlyRateCents), 1, s.attended ? 1 : 0];
      addTo(hours, `${s.restaurantId}|${s.day}|${s.personId}`, [s.restaurantId, s.day, s.personId], counters);
      addTo(franchiseHours, s.day, [franchiseId, s.day], counters);
      // Running totals of what the staff list sums over a window: assigned and actual minutes, shifts.
      addRunning(monthlyHours, `${s.restaurantId}|${s.personId}`, [s.restaurantId, s.personId], s.day, counters, [
        s.assignedMinutes,
        s.actualMinutes,
        1,
      ]);
    }
    const rowsOf = (rows: typeof hours) => [...rows.values()].map((r) => [...r.keys, ...r.counters]);
    await addToRollup(
      trx,
      'daily_staff_hours',
      [
        ['restaurant_id', 'int'],
        ['day', 'date'],
        ['person_id', 'int'],
      ],
      HOURS_COUNTERS,
      rowsOf(hours),
    );
    await addToRollup(
      trx,
      'daily_franchise_staff_hours',
      [
        ['franchise_id', 'int'],
        ['day', 'date'],
      ],
      HOURS_COUNTERS,
      rowsOf(franchiseHours),
    );
    await addToRunningRollup(
      trx,
      'monthly_staff_hours',
      [
        ['restaurant_id', 'int'],
        ['person_id', 'int'],
      ],
      HOURS_COUNTERS,
      [
        ['running_assigned_minutes', 'int[]'],
        ['running_actual_minutes', 'int[]'],
        ['running_shifts', 'int[]'],
      ],
      [...monthlyHours.values()],
    );
  });
}

/** Purchase lines and their daily_purchases and daily_franchise_purchases rollups, in one transaction. */
export async function recordPurchases(db: Db, franchiseId: number, purchases: PurchaseInput[]): Promise<void> {
  if (purchases.length === 0) return;
  await transaction(db, async (trx) => {
    await bumpDataVersion(trx, franchiseId);
    await assertOwned(
      trx,
      'restaurants',
      franchiseId,
      purchases.map((p) => p.restaurantId),
    );
    await assertOwned(
      trx,
      'suppliers',
      franchiseId,
      purchases.map((p) => p.supplierId),
    );
    await insertRows(
      trx,
      'purchase_lines',
      [
        ['restaurant_id', 'int'],
        ['supplier_id', 'int'],
        ['day', 'date'],
        ['category', 'text'],
        ['quantity', 'int'],
        ['amount_cents', 'int'],
      ],
      purchases.map((p) => [p.restaurantId, p.supplierId, p.day, p.category, p.quantity, p.amountCents]),
    );
    const totals = new Map<
      string,
      [restaurantId: number, day: string, supplierId: number, category: string, quantity: number, amount: number]
    >();
    const franchiseTotals = new Map<
      string,
      [franchiseId: number, day: string, supplierId: number, category: string, quantity: number, amount: number]
    >();
    for (const p of purchases) {
      const key = `${p.restaurantId}|${p.day}|${p.supplierId}|${p.category}`;
      const row = totals.get(key) ?? totals.set(key, [p.restaurantId, p.day, p.supplierId, p.category, 0, 0]).get(key)!;
      row[4] += p.quantity;
      row[5] += p.amountCents;
      const franchiseKey = `${p.day}|${p.supplierId}|${p.category}`;
      const total =
        franchiseTotals.get(franchiseKey) ??
        franchiseTotals.set(franchiseKey, [franchiseId, p.day, p.supplierId, p.category, 0, 0]).get(franchiseKey)!;
      total[4] += p.quantity;
      total[5] += p.amountCents;
    }
    await addToRollup(
      trx,
      'daily_purchases',
      [
        ['restaurant_id', 'int'],
        ['day', 'date'],
        ['supplier_id', 'int'],
        ['category', 'text'],
      ],
      PURCHASE_COUNTERS,
      [...totals.values()],
    );
    await addToRollup(
      trx,
      'daily_franchise_purchases',
      [
        ['franchise_id', 'int'],
        ['day', 'date'],
        ['supplier_id', 'int'],
        ['category', 'text'],
      ],
      PURCHASE_COUNTERS,
      [...franchiseTotals.values()],
    );
  });
}
