import { sql, type RawBuilder } from 'kysely';
import type { Channel, Db, OrderSource, PurchaseCategory } from '../db/database.js';

// The write path of the analytics (docs/integrations.md): raw trade rows and the daily rollups that
// summarise them are written in one transaction, which also bumps the franchise's data_version (the
// cache key of every server) once. Rollups are added to (`x = t.x + excluded.x`), so batches may
// arrive in any order; a record sent again under its external_id first takes its old version's
// counts back out, and rollup rows left empty are deleted, so the rollups always equal what
// rollups.ts computes from the raw rows.

/**
 * A record sent by a franchise's system: its id there (unique per restaurant) and a hash of what was
 * sent. Absent for the demo generator's rows, which are only ever added.
 */
export type SentRecord = { externalId?: string; sourceHash?: string };

/** What a write did with the records it was given. */
export type WriteCounts = { created: number; updated: number; unchanged: number };

/** A sent record's identity. */
export type RecordRef = { restaurantId: number; externalId: string };

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
} & SentRecord;

export type ShiftInput = {
  restaurantId: number;
  personId: number;
  /** YYYY-MM-DD, the calendar day in the franchise's time zone. */
  day: string;
  assignedMinutes: number;
  actualMinutes: number;
  hourlyRateCents: number;
  attended: boolean;
} & SentRecord;

export type PurchaseInput = {
  restaurantId: number;
  supplierId: number;
  /** YYYY-MM-DD, the calendar day in the franchise's time zone. */
  day: string;
  category: PurchaseCategory;
  quantity: number;
  amountCents: number;
} & SentRecord;

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
  ['external_id', 'text'],
  ['source_hash', 'text'],
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
        (restaurant_id, placed_at, day, channel, source, guests, customer_id, recurrent, status, total_cents, external_id, source_hash)
      select restaurant_id, placed_at, (placed_at at time zone ${timeZone})::date, channel, source, guests, customer_id, recurrent, status, total_cents,
        external_id, source_hash
      from ${unnestOf(ORDER_COLUMNS, chunk)} with ordinality
        as u(restaurant_id, placed_at, channel, source, guests, customer_id, recurrent, status, total_cents, external_id, source_hash, ordinal)
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

/** Transactions whose franchise write has begun: the franchise and its time zone. */
const franchiseWrites = new WeakMap<Db, { franchiseId: number; timeZone: Promise<string> }>();

/**
 * Begins a franchise's write in the transaction `trx`: bumps its data_version and returns its time
 * zone, once however many writes the transaction holds (each batch bumps the version once). Done
 * first, so the franchise row lock also orders concurrent writes of one franchise on PostgreSQL: a
 * batch sent twice at once waits for the first, then finds its records there.
 */
export function beginFranchiseWrite(trx: Db, franchiseId: number): Promise<string> {
  const begun = franchiseWrites.get(trx);
  if (begun) {
    if (begun.franchiseId !== franchiseId) throw new Error('One transaction writes one franchise');
    return begun.timeZone;
  }
  const timeZone = sql<{ time_zone: string }>`update franchises set data_version = data_version + 1
    where id = ${franchiseId} returning time_zone`
    .execute(trx)
    .then(({ rows }) => {
      if (!rows[0]) throw new ForeignReferenceError(`franchise ${franchiseId} does not exist`);
      return rows[0].time_zone;
    });
  franchiseWrites.set(trx, { franchiseId, timeZone });
  return timeZone;
}

/** A transaction of its own, or the caller's when `db` is one (the demo generator writes orders, shifts and purchases of a batch together). */
const transaction = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

type SentTable = 'orders' | 'staff_shifts' | 'purchase_lines';

/**
 * Sorts a batch against what was sent before: records never seen are created; a record whose
 * external_id is known replaces the stored version unless it is the same as sent then (unchanged,
 * left out). Returns the records to write and the ids of the stored versions they replace.
 */
async function sortOutResent<T extends SentRecord & { restaurantId: number }>(
  db: Db,
  table: SentTable,
  records: T[],
): Promise<{ fresh: T[]; replaced: number[]; counts: WriteCounts }> {
  const sent = records.filter((r) => r.externalId !== undefined);
  const stored = new Map<string, { id: number; source_hash: string | null }>();
  if (sent.length > 0) {
    const { rows } = await sql<{ id: number; restaurant_id: number; external_id: string; source_hash: string | null }>`
      select t.id, t.restaurant_id, t.external_id, t.source_hash from ${sql.table(table)} t
      join unnest(${sent.map((r) => r.restaurantId)}::int[], ${sent.map((r) => r.externalId!)}::text[]) as u(restaurant_id, external_id)
        on t.restaurant_id = u.restaurant_id and t.external_id = u.external_id`.execute(db);
    for (const row of rows) stored.set(`${row.restaurant_id}|${row.external_id}`, row);
  }
  const fresh: T[] = [];
  const replaced: number[] = [];
  const counts: WriteCounts = { created: 0, updated: 0, unchanged: 0 };
  for (const record of records) {
    const before = record.externalId === undefined ? undefined : stored.get(`${record.restaurantId}|${record.externalId}`);
    if (!before) {
      counts.created += 1;
      fresh.push(record);
    } else if (before.source_hash !== null && before.source_hash === record.sourceHash) {
      counts.unchanged += 1;
    } else {
      counts.updated += 1;
      fresh.push(record);
      replaced.push(before.id);
    }
  }
  return { fresh, replaced, counts };
}

/** Stored records named by their sender's ids, among the franchise's restaurants. */
async function storedIds(db: Db, table: SentTable, franchiseId: number, refs: RecordRef[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const { rows } = await sql<{ id: number }>`select t.id from ${sql.table(table)} t
    join unnest(${refs.map((r) => r.restaurantId)}::int[], ${refs.map((r) => r.externalId)}::text[]) as u(restaurant_id, external_id)
      on t.restaurant_id = u.restaurant_id and t.external_id = u.external_id
    join restaurants r on r.id = t.restaurant_id and r.franchise_id = ${franchiseId}`.execute(db);
  return rows.map((r) => r.id);
}

/** Rollup rows of the keys a write touched that no raw row backs any more: what a rebuild would not have. */
type EmptyRows = { table: string; where: RawBuilder<unknown> };

async function deleteEmptyRows(db: Db, rows: EmptyRows[]): Promise<void> {
  for (const { table, where } of rows) await sql`delete from ${sql.table(table)} t where ${where}`.execute(db);
}

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The facts of one order that its rollup rows count. */
type OrderFacts = {
  restaurantId: number;
  day: string;
  channel: Channel;
  source: OrderSource;
  guests: number;
  recurrent: boolean;
  status: 'completed' | 'voided';
  totalCents: number;
  transactions: number;
  lines: { menuItemId: number; quantity: number; amountCents: number }[];
};

/** The net change a batch makes to the order rollups: orders added, taken out, and guests moved between recurrent and new. */
class OrderRollups {
  private readonly stats = new Map<string, number[]>();
  private readonly items = new Map<string, [restaurantId: number, day: string, menuItemId: number, units: number, revenue: number]>();
  private readonly franchiseItems = new Map<string, [day: string, menuItemId: number, units: number, revenue: number]>();

  private statsOf(restaurantId: number, day: string): number[] {
    const key = `${restaurantId}|${day}`;
    // Counters in STATS_COUNTERS order.
    return this.stats.get(key) ?? this.stats.set(key, Array<number>(STATS_COUNTERS.length).fill(0)).get(key)!;
  }

  add(order: OrderFacts, sign: 1 | -1): void {
    const s = this.statsOf(order.restaurantId, order.day);
    if (order.status === 'voided') {
      s[4]! += sign;
      return;
    }
    const dineIn = order.channel === 'dine_in';
    const pos = order.source === 'pos';
    const total = sign * order.totalCents;
    s[dineIn ? 0 : 1]! += sign;
    s[pos ? 2 : 3]! += sign;
    s[dineIn ? 5 : 6]! += total;
    s[pos ? 7 : 8]! += total;
    s[order.recurrent ? 9 : 10]! += sign * order.guests;
    s[11]! += sign * order.transactions;
    for (const l of order.lines) {
      s[12]! += sign * l.quantity;
      const itemKey = `${order.restaurantId}|${order.day}|${l.menuItemId}`;
      const item = this.items.get(itemKey) ?? this.items.set(itemKey, [order.restaurantId, order.day, l.menuItemId, 0, 0]).get(itemKey)!;
      item[3] += sign * l.quantity;
      item[4] += sign * l.amountCents;
      const franchiseKey = `${order.day}|${l.menuItemId}`;
      const fItem =
        this.franchiseItems.get(franchiseKey) ?? this.franchiseItems.set(franchiseKey, [order.day, l.menuItemId, 0, 0]).get(franchiseKey)!;
      fItem[2] += sign * l.quantity;
      fItem[3] += sign * l.amountCents;
    }
  }

  /** A completed order already counted whose customer's first order moved: its guests change sides. */
  moveGuests(restaurantId: number, day: string, guests: number, toRecurrent: boolean): void {
    const s = this.statsOf(restaurantId, day);
    s[9]! += toRecurrent ? guests : -guests;
    s[10]! += toRecurrent ? -guests : guests;
  }

  /** Adds the net change to the rollups; after orders were taken out, deletes the rows left without orders. */
  async write(trx: Db, franchiseId: number, takenOut: boolean): Promise<void> {
    const franchiseStats = new Map<string, number[]>();
    const monthlyStats = new Map<string, RunningRow>();
    for (const [key, counters] of this.stats) {
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
      [...this.stats].map(([key, counters]) => {
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
      [...this.items.values()],
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
      [...this.franchiseItems.values()].map((row) => [franchiseId, ...row]),
    );
    if (!takenOut) return;
    const keys = [...this.stats.keys()].map((k) => k.split('|') as [string, string]);
    const restaurants = [...new Set(keys.map(([r]) => Number(r)))];
    const days = [...new Set(keys.map(([, d]) => d))];
    const months = [...new Set(days.map(monthOf))];
    const noOrders = sql`t.orders_dine_in = 0 and t.orders_takeaway = 0 and t.orders_voided = 0`;
    const ofRestaurants = sql`t.restaurant_id = any(${restaurants}::int[]) and t.day = any(${days}::date[])`;
    const ofFranchise = sql`t.franchise_id = ${franchiseId} and t.day = any(${days}::date[])`;
    await deleteEmptyRows(trx, [
      { table: 'daily_restaurant_stats', where: sql`${ofRestaurants} and ${noOrders}` },
      { table: 'daily_franchise_stats', where: sql`${ofFranchise} and ${noOrders}` },
      { table: 'daily_item_sales', where: sql`${ofRestaurants} and t.units = 0` },
      { table: 'daily_franchise_item_sales', where: sql`${ofFranchise} and t.units = 0` },
      {
        table: 'monthly_restaurant_stats',
        where: sql`t.restaurant_id = any(${restaurants}::int[]) and t.month = any(${months}::date[]) and not exists (
          select 1 from daily_restaurant_stats d
          where d.restaurant_id = t.restaurant_id and d.day >= t.month and d.day < t.month + interval '1 month')`,
      },
    ]);
  }
}

/** An order taken out of the counts: what deciding recurrent needs of it. */
type TakenOutOrder = { customerId: number | null; placedAt: Date; status: 'completed' | 'voided' };

/** Takes stored orders out of the rollups and deletes them (their lines and payments go with them). */
async function takeOutOrders(trx: Db, ids: number[], rollups: OrderRollups): Promise<TakenOutOrder[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    id: number;
    restaurant_id: number;
    day: string;
    channel: Channel;
    source: OrderSource;
    guests: number;
    recurrent: boolean;
    status: 'completed' | 'voided';
    total_cents: number;
    customer_id: number | null;
    placed_at: Date;
    transactions: number;
  }>`select o.id, o.restaurant_id, o.day, o.channel, o.source, o.guests, o.recurrent, o.status, o.total_cents, o.customer_id, o.placed_at,
      (select count(*) from payment_transactions p where p.order_id = o.id)::int as transactions
    from orders o where o.id = any(${ids}::bigint[])`.execute(trx);
  // Each order's lines through the index (OFFSET 0: not a join the planner may run as a scan of every line, as it
  // did with the raw tables' statistics missing, which PGlite, without autovacuum, leaves so).
  const { rows: lines } = await sql<{ order_id: number; menu_item_id: number; quantity: number; amount_cents: number }>`
    select l.order_id, l.menu_item_id, l.quantity, l.amount_cents from unnest(${ids}::bigint[]) as u(id)
    cross join lateral (select * from order_lines where order_id = u.id offset 0) l`.execute(trx);
  const linesOf = new Map<number, typeof lines>();
  for (const l of lines) {
    const list = linesOf.get(Number(l.order_id));
    if (list) list.push(l);
    else linesOf.set(Number(l.order_id), [l]);
  }
  for (const o of rows) {
    rollups.add(
      {
        restaurantId: o.restaurant_id,
        day: o.day,
        channel: o.channel,
        source: o.source,
        guests: o.guests,
        recurrent: o.recurrent,
        status: o.status,
        totalCents: o.total_cents,
        transactions: o.transactions,
        lines: (linesOf.get(Number(o.id)) ?? []).map((l) => ({
          menuItemId: l.menu_item_id,
          quantity: l.quantity,
          amountCents: l.amount_cents,
        })),
      },
      -1,
    );
  }
  await sql`delete from orders where id = any(${ids}::bigint[])`.execute(trx);
  return rows.map((o) => ({ customerId: o.customer_id, placedAt: o.placed_at, status: o.status }));
}

/** A stored order whose recurrent flag changed because its customer's first completed order moved. */
type FlippedOrder = { restaurant_id: number; day: string; guests: number; status: 'completed' | 'voided'; recurrent: boolean };

const earlier = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * Recurrent means the customer has a completed order at the franchise placed strictly before this
 * one; anonymous guests are new. It depends only on the orders stored, never on the order they
 * arrived in: when a write moves a customer's first completed order (a back-filled earlier order, or
 * a first order voided or replaced), the stored orders between the old and the new first change
 * sides and are returned, to move their guests in the rollups. `first_order_at` keeps each
 * customer's first completed order. Customers' rows stay locked (in id order, so two writers never
 * deadlock) until the transaction ends. Runs after `takenOut` were deleted and before `fresh` is inserted.
 */
async function decideRecurrent(
  db: Db,
  franchiseId: number,
  fresh: OrderInput[],
  takenOut: TakenOutOrder[],
): Promise<{ recurrent: boolean[]; flipped: FlippedOrder[] }> {
  const freshCustomers = new Set(fresh.flatMap((o) => (o.customerId == null ? [] : [o.customerId])));
  const customerIds = [...new Set([...freshCustomers, ...takenOut.flatMap((o) => (o.customerId == null ? [] : [o.customerId]))])].sort(
    (a, b) => a - b,
  );
  const recurrent = fresh.map(() => false);
  if (customerIds.length === 0) return { recurrent, flipped: [] };
  const { rows } = await sql<{ id: number; first_order_at: Date | null }>`select id, first_order_at from customers
    where franchise_id = ${franchiseId} and id = any(${customerIds}::int[]) order by id for update`.execute(db);
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
  if (lostFirst.length > 0) {
    for (const id of lostFirst) first.set(id, null);
    // Per customer, through the (customer_id, placed_at) index, whatever the planner's statistics.
    const { rows: left } = await sql<{ customer_id: number; first: Date | null }>`select u.id as customer_id,
        (select min(placed_at) from orders where customer_id = u.id and status = 'completed') as first
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
  const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
  const before = moved.map(([id]) => stored.get(id)!);
  const after = moved.map(([, at]) => at);
  // Only the orders between the old and the new first change sides (null: no completed order yet). Each customer's
  // range is read through the (customer_id, placed_at) index, kept per customer by OFFSET 0 (as a join the planner
  // scanned every order); the orders found are updated by id.
  const { rows: flipped } = await sql<FlippedOrder>`update orders o set recurrent = not o.recurrent
    where o.id = any(array(
      select c.id from unnest(
        ${moved.map(([id]) => id)}::int[],
        ${moved.map(([, at]) => iso(at))}::timestamptz[],
        ${before.map((b, i) => iso(earlier(b, after[i]!)))}::timestamptz[],
        ${before.map((b, i) => (b === null || after[i] === null ? null : iso(Math.max(b, after[i]!))))}::timestamptz[]
      ) as u(id, first, low, high)
      cross join lateral (
        select id from orders
        where customer_id = u.id and placed_at > u.low and (u.high is null or placed_at <= u.high)
          and recurrent is distinct from (u.first is not null and u.first < placed_at)
        offset 0
      ) c))
    returning o.restaurant_id, o.day, o.guests, o.status, o.recurrent`.execute(db);
  await sql`update customers c set first_order_at = u.at
    from unnest(${moved.map(([id]) => id)}::int[], ${moved.map(([, at]) => iso(at))}::timestamptz[]) as u(id, at)
    where c.id = u.id`.execute(db);
  return { recurrent, flipped };
}

/**
 * Runs inserts and rollup writes without PostgreSQL's foreign-key triggers, about two fifths of a
 * batch's time on PGlite. Safe here because every row they name was checked in this transaction
 * (assertOwned, the franchise row locked first, the orders' own ids) and the app never deletes a
 * restaurant, menu item, person, supplier or customer. Only a superuser may (always so on PGlite);
 * anyone else keeps the checks. Deletes run outside it: a replaced order's lines go by cascade.
 */
async function withoutForeignKeyChecks(trx: Db, work: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ superuser: string; role: string }>`select current_setting('is_superuser') as superuser,
    current_setting('session_replication_role') as role`.execute(trx);
  const { superuser, role } = rows[0]!;
  if (superuser !== 'on' || role === 'replica') return work();
  await sql`set local session_replication_role = replica`.execute(trx);
  await work();
  await sql`set local session_replication_role = origin`.execute(trx);
}

const noneWritten = (): WriteCounts => ({ created: 0, updated: 0, unchanged: 0 });

/**
 * Orders with their lines and payment transactions, and their rollups, in one transaction. An order
 * sent again under its external_id replaces the stored one (a void, a corrected amount).
 */
export async function recordOrders(db: Db, franchiseId: number, orders: OrderInput[]): Promise<WriteCounts> {
  if (orders.length === 0) return noneWritten();
  return transaction(db, async (trx) => {
    const timeZone = await beginFranchiseWrite(trx, franchiseId);
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
    const { fresh, replaced, counts } = await sortOutResent(trx, 'orders', orders);
    const rollups = new OrderRollups();
    const takenOut = await takeOutOrders(trx, replaced, rollups);
    const { recurrent, flipped } = await decideRecurrent(trx, franchiseId, fresh, takenOut);
    for (const f of flipped) if (f.status === 'completed') rollups.moveGuests(f.restaurant_id, f.day, f.guests, f.recurrent);
    const totals = fresh.map((o) => o.lines.reduce((sum, l) => sum + l.amountCents, 0));
    await withoutForeignKeyChecks(trx, async () => {
      const inserted = await insertOrders(
        trx,
        timeZone,
        fresh.map((o, i) => [
          o.restaurantId,
          o.placedAt.toISOString(),
          o.channel,
          o.source,
          o.guests,
          o.customerId ?? null,
          recurrent[i]!,
          o.status,
          totals[i]!,
          o.externalId ?? null,
          o.sourceHash ?? null,
        ]),
      );
      const lineRows: Cell[][] = [];
      const paymentRows: Cell[][] = [];
      for (const [i, order] of fresh.entries()) {
        const { id, day } = inserted[i]!;
        for (const l of order.lines) lineRows.push([id, l.menuItemId, l.quantity, l.amountCents]);
        for (const p of order.payments) paymentRows.push([id, p.method, p.amountCents]);
        rollups.add({ ...order, day, recurrent: recurrent[i]!, totalCents: totals[i]!, transactions: order.payments.length }, 1);
      }
      await insertRows(trx, 'order_lines', LINE_COLUMNS, lineRows);
      await insertRows(trx, 'payment_transactions', PAYMENT_COLUMNS, paymentRows);
      await rollups.write(trx, franchiseId, replaced.length > 0);
    });
    return counts;
  });
}

/** The net change a batch makes to the staff-hours rollups. */
class ShiftRollups implements SentRollups<ShiftInput> {
  // Keys, then counters in HOURS_COUNTERS order.
  private readonly hours = new Map<string, { keys: Cell[]; counters: number[] }>();
  private readonly franchiseHours = new Map<string, { keys: Cell[]; counters: number[] }>();
  private readonly monthlyHours = new Map<string, RunningRow>();

  constructor(private readonly franchiseId: number) {}

  add(s: Omit<ShiftInput, keyof SentRecord>, sign: 1 | -1): void {
    const counters = [s.assignedMinutes, s.actualMinutes, labourCostCents(s.actualMinutes, s.hourlyRateCents), 1, s.attended ? 1 : 0].map(
      (n) => sign * n,
    );
    const addTo = (rows: typeof this.hours, key: string, keys: Cell[]) => {
      const row = rows.get(key) ?? rows.set(key, { keys, counters: counters.map(() => 0) }).get(key)!;
      for (const [c, n] of counters.entries()) row.counters[c]! += n;
    };
    addTo(this.hours, `${s.restaurantId}|${s.day}|${s.personId}`, [s.restaurantId, s.day, s.personId]);
    addTo(this.franchiseHours, s.day, [this.franchiseId, s.day]);
    // Running totals of what the staff list sums over a window: assigned and actual minutes, shifts.
    addRunning(this.monthlyHours, `${s.restaurantId}|${s.personId}`, [s.restaurantId, s.personId], s.day, counters, [
      counters[0]!,
      counters[1]!,
      counters[3]!,
    ]);
  }

  async write(trx: Db, takenOut: boolean): Promise<void> {
    const rowsOf = (rows: typeof this.hours) => [...rows.values()].map((r) => [...r.keys, ...r.counters]);
    await addToRollup(
      trx,
      'daily_staff_hours',
      [
        ['restaurant_id', 'int'],
        ['day', 'date'],
        ['person_id', 'int'],
      ],
      HOURS_COUNTERS,
      rowsOf(this.hours),
    );
    await addToRollup(
      trx,
      'daily_franchise_staff_hours',
      [
        ['franchise_id', 'int'],
        ['day', 'date'],
      ],
      HOURS_COUNTERS,
      rowsOf(this.franchiseHours),
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
      [...this.monthlyHours.values()],
    );
    if (!takenOut) return;
    const keys = [...this.hours.values()].map((r) => r.keys as [number, string, number]);
    const restaurants = [...new Set(keys.map(([r]) => r))];
    const days = [...new Set(keys.map(([, d]) => d))];
    await deleteEmptyRows(trx, [
      {
        table: 'daily_staff_hours',
        where: sql`t.restaurant_id = any(${restaurants}::int[]) and t.day = any(${days}::date[]) and t.shifts = 0`,
      },
      {
        table: 'daily_franchise_staff_hours',
        where: sql`t.franchise_id = ${this.franchiseId} and t.day = any(${days}::date[]) and t.shifts = 0`,
      },
      {
        table: 'monthly_staff_hours',
        where: sql`t.restaurant_id = any(${restaurants}::int[]) and t.month = any(${[...new Set(days.map(monthOf))]}::date[]) and t.shifts = 0`,
      },
    ]);
  }
}

/** The net change a batch makes to the purchase rollups. */
class PurchaseRollups implements SentRollups<PurchaseInput> {
  private readonly totals = new Map<
    string,
    [restaurantId: number, day: string, supplierId: number, category: string, quantity: number, amount: number]
  >();
  private readonly franchiseTotals = new Map<
    string,
    [franchiseId: number, day: string, supplierId: number, category: string, quantity: number, amount: number]
  >();

  constructor(private readonly franchiseId: number) {}

  add(p: Omit<PurchaseInput, keyof SentRecord>, sign: 1 | -1): void {
    const key = `${p.restaurantId}|${p.day}|${p.supplierId}|${p.category}`;
    const row = this.totals.get(key) ?? this.totals.set(key, [p.restaurantId, p.day, p.supplierId, p.category, 0, 0]).get(key)!;
    row[4] += sign * p.quantity;
    row[5] += sign * p.amountCents;
    const franchiseKey = `${p.day}|${p.supplierId}|${p.category}`;
    const total =
      this.franchiseTotals.get(franchiseKey) ??
      this.franchiseTotals.set(franchiseKey, [this.franchiseId, p.day, p.supplierId, p.category, 0, 0]).get(franchiseKey)!;
    total[4] += sign * p.quantity;
    total[5] += sign * p.amountCents;
  }

  async write(trx: Db, takenOut: boolean): Promise<void> {
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
      [...this.totals.values()],
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
      [...this.franchiseTotals.values()],
    );
    if (!takenOut) return;
    const rows = [...this.totals.values()];
    const restaurants = [...new Set(rows.map(([r]) => r))];
    const days = [...new Set(rows.map(([, d]) => d))];
    await deleteEmptyRows(trx, [
      {
        table: 'daily_purchases',
        where: sql`t.restaurant_id = any(${restaurants}::int[]) and t.day = any(${days}::date[]) and t.quantity = 0`,
      },
      {
        table: 'daily_franchise_purchases',
        where: sql`t.franchise_id = ${this.franchiseId} and t.day = any(${days}::date[]) and t.quantity = 0`,
      },
    ]);
  }
}

/** A batch's net change to one kind of rollups: records added (+1) or taken out (-1), then written. */
interface SentRollups<T> {
  add(record: Omit<T, keyof SentRecord>, sign: 1 | -1): void;
  write(trx: Db, takenOut: boolean): Promise<void>;
}

/** A kind of sent record other than orders (shifts, purchases): its table, the rows it names, its columns and rollups. */
type SentKind<T extends SentRecord & { restaurantId: number }> = {
  table: 'staff_shifts' | 'purchase_lines';
  /** The franchise's rows each record names besides its restaurant. */
  owned: { table: OwnedTable; id: (record: T) => number };
  columns: Column[];
  cells: (record: T) => Cell[];
  /** A stored row (the columns by name) as the record it was written from. */
  fromRow: (row: Record<string, Cell>) => Omit<T, keyof SentRecord>;
  rollups: (franchiseId: number) => SentRollups<T>;
};

const SHIFTS: SentKind<ShiftInput> = {
  table: 'staff_shifts',
  owned: { table: 'people', id: (s) => s.personId },
  columns: [
    ['restaurant_id', 'int'],
    ['person_id', 'int'],
    ['day', 'date'],
    ['assigned_minutes', 'int'],
    ['actual_minutes', 'int'],
    ['hourly_rate_cents', 'int'],
    ['attended', 'boolean'],
  ],
  cells: (s) => [s.restaurantId, s.personId, s.day, s.assignedMinutes, s.actualMinutes, s.hourlyRateCents, s.attended],
  fromRow: (r) => ({
    restaurantId: r.restaurant_id as number,
    personId: r.person_id as number,
    day: r.day as string,
    assignedMinutes: r.assigned_minutes as number,
    actualMinutes: r.actual_minutes as number,
    hourlyRateCents: r.hourly_rate_cents as number,
    attended: r.attended as boolean,
  }),
  rollups: (franchiseId) => new ShiftRollups(franchiseId),
};

const PURCHASES: SentKind<PurchaseInput> = {
  table: 'purchase_lines',
  owned: { table: 'suppliers', id: (p) => p.supplierId },
  columns: [
    ['restaurant_id', 'int'],
    ['supplier_id', 'int'],
    ['day', 'date'],
    ['category', 'text'],
    ['quantity', 'int'],
    ['amount_cents', 'int'],
  ],
  cells: (p) => [p.restaurantId, p.supplierId, p.day, p.category, p.quantity, p.amountCents],
  fromRow: (r) => ({
    restaurantId: r.restaurant_id as number,
    supplierId: r.supplier_id as number,
    day: r.day as string,
    category: r.category as PurchaseCategory,
    quantity: r.quantity as number,
    amountCents: r.amount_cents as number,
  }),
  rollups: (franchiseId) => new PurchaseRollups(franchiseId),
};

/** Deletes stored records and takes them out of the rollups. */
async function takeOut<T extends SentRecord & { restaurantId: number }>(
  trx: Db,
  kind: SentKind<T>,
  ids: number[],
  rollups: SentRollups<T>,
) {
  if (ids.length === 0) return;
  const { rows } = await sql<Record<string, Cell>>`delete from ${sql.table(kind.table)} where id = any(${ids}::bigint[])
    returning ${names(kind.columns)}`.execute(trx);
  for (const row of rows) rollups.add(kind.fromRow(row), -1);
}

/** Records of `kind` and their rollups, in one transaction; a record sent again under its external_id replaces the stored one. */
async function recordSent<T extends SentRecord & { restaurantId: number }>(
  db: Db,
  franchiseId: number,
  kind: SentKind<T>,
  records: T[],
): Promise<WriteCounts> {
  if (records.length === 0) return noneWritten();
  return transaction(db, async (trx) => {
    await beginFranchiseWrite(trx, franchiseId);
    await assertOwned(
      trx,
      'restaurants',
      franchiseId,
      records.map((r) => r.restaurantId),
    );
    await assertOwned(trx, kind.owned.table, franchiseId, records.map(kind.owned.id));
    const { fresh, replaced, counts } = await sortOutResent(trx, kind.table, records);
    const rollups = kind.rollups(franchiseId);
    await takeOut(trx, kind, replaced, rollups);
    await withoutForeignKeyChecks(trx, async () => {
      await insertRows(
        trx,
        kind.table,
        [...kind.columns, ['external_id', 'text'], ['source_hash', 'text']],
        fresh.map((r) => [...kind.cells(r), r.externalId ?? null, r.sourceHash ?? null]),
      );
      for (const r of fresh) rollups.add(r, 1);
      await rollups.write(trx, replaced.length > 0);
    });
    return counts;
  });
}

/** Removes records sent by mistake, by their sender's ids; ids the franchise does not have are skipped. Returns how many were removed. */
async function removeSent<T extends SentRecord & { restaurantId: number }>(
  db: Db,
  franchiseId: number,
  kind: SentKind<T>,
  refs: RecordRef[],
) {
  return transaction(db, async (trx) => {
    await beginFranchiseWrite(trx, franchiseId);
    const ids = await storedIds(trx, kind.table, franchiseId, refs);
    const rollups = kind.rollups(franchiseId);
    await takeOut(trx, kind, ids, rollups);
    await rollups.write(trx, true);
    return ids.length;
  });
}

/** Staff shifts (a person may work several a day) and their daily, per-franchise and monthly staff-hours rollups. */
export const recordShifts = (db: Db, franchiseId: number, shifts: ShiftInput[]) => recordSent(db, franchiseId, SHIFTS, shifts);
export const removeShifts = (db: Db, franchiseId: number, refs: RecordRef[]) => removeSent(db, franchiseId, SHIFTS, refs);
/** Purchase lines and their daily_purchases and daily_franchise_purchases rollups. */
export const recordPurchases = (db: Db, franchiseId: number, purchases: PurchaseInput[]) =>
  recordSent(db, franchiseId, PURCHASES, purchases);
export const removePurchases = (db: Db, franchiseId: number, refs: RecordRef[]) => removeSent(db, franchiseId, PURCHASES, refs);
