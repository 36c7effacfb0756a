import { sql } from 'kysely';
import { copiesFromBlob, type Channel, type Db, type OrderSource, type OrderStatus } from '../../db/database.js';
import { anyOf, columnsOf } from '../../db/typed-sql.js';
import { localHourOf, tradingClocksOf, tradingDayOf } from '../trading-day.js';
import { decideRecurrent, type TakenOutOrder } from './customers.js';
import { OrderRollups } from './order-rollups.js';
import type { Column } from './rollup-columns.js';
import { recordSent, type SentKind, type SentRecord } from './sent.js';
import { copyRows, nextIds, prepareRows, unnestOf, type Cell } from './statements.js';

export type OrderInput = {
  restaurantId: number;
  placedAt: Date;
  channel: Channel;
  source: OrderSource;
  guests: number;
  customerId?: number | null;
  status: OrderStatus;
  lines: { menuItemId: number; quantity: number; amountCents: number }[];
  payments: { method: 'card' | 'cash' | 'app'; amountCents: number }[];
  /** Off the lines' amounts; 0 when absent. */
  discountCents?: number;
  /** On top of the total; 0 when absent. */
  tipCents?: number;
  /** Delivery orders only. */
  platform?: string | null;
} & SentRecord;

/** Rows per statement, as the other bulk statements. */
const CHUNK = 5000;

const ORDER_COLUMNS = [
  ['restaurant_id', 'int'],
  ['placed_at', 'timestamptz'],
  ['channel', 'text'],
  ['source', 'text'],
  ['guests', 'int'],
  ['customer_id', 'int'],
  ['recurrent', 'boolean'],
  ['status', 'text'],
  ['total_cents', 'int'],
  ['discount_cents', 'int'],
  ['tip_cents', 'int'],
  ['platform', 'text'],
  ['external_id', 'text'],
  ['source_hash', 'text'],
] as const satisfies readonly Column<'orders'>[];

/**
 * Inserts the orders with `day` and `hour` computed by PostgreSQL on each one's branch clock (tradingDayOf,
 * localHourOf), and returns each one's id, day and hour in input order: PostgreSQL inserts the rows of INSERT … SELECT … ORDER BY
 * in that order and RETURNING reports them as inserted (Django's bulk_create relies on it too).
 * Raw: an INSERT … SELECT from an unnest WITH ORDINALITY.
 */
type Inserted = { id: number; day: string; hour: number };
async function insertOrders(db: Db, rows: Cell[][]): Promise<Inserted[]> {
  const [o, u, r] = [columnsOf('orders'), columnsOf('orders', 'u'), columnsOf('restaurants', 'r')];
  const columns = sql.join(ORDER_COLUMNS.map(([name]) => o(name)));
  const selected = sql.join(
    ORDER_COLUMNS.map(([name]) =>
      name === 'placed_at' ? sql`${u(name)}, ${tradingDayOf(u(name), 'r')}, ${localHourOf(u(name), 'r')}` : u(name),
    ),
  );
  const out: Inserted[] = [];
  let inserting: Promise<{ rows: Inserted[] }> | undefined;
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Built while the previous chunk is inserted.
    const statement = sql<Inserted>`insert into orders
        (${o('restaurant_id')}, ${o('placed_at')}, ${o('day')}, ${o('hour')}, ${sql.join(ORDER_COLUMNS.slice(2).map(([name]) => o(name)))})
      select ${selected}
      from ${unnestOf(ORDER_COLUMNS, rows.slice(i, i + CHUNK))} with ordinality as u(${columns}, ordinal)
      join restaurants r on ${r('id')} = ${u('restaurant_id')}
      order by ordinal
      returning ${o('id')}, ${o('day')}, ${o('hour')}`;
    if (inserting) out.push(...(await inserting).rows);
    inserting = statement.execute(db);
  }
  if (inserting) out.push(...(await inserting).rows);
  return out;
}

/**
 * The same, on the embedded database, by COPY: the ids taken from the sequence first, `day` and `hour`
 * from tradingClocksOf (equal to the SQL rule). `rows` as insertOrders takes them, which this extends.
 */
async function copyOrders(trx: Db, fresh: OrderInput[], rows: Cell[][]): Promise<Inserted[]> {
  const clocks = await tradingClocksOf(trx, fresh);
  const ids = await nextIds(trx, 'orders', fresh.length);
  const columns = [...ORDER_COLUMNS, ['id', 'bigint'], ['day', 'date'], ['hour', 'int']] as const satisfies readonly Column<'orders'>[];
  rows.forEach((row, i) => row.push(ids[i]!, clocks[i]!.day, clocks[i]!.hour));
  await copyRows(trx, 'orders', columns, rows);
  return ids.map((id, i) => ({ id, day: clocks[i]!.day, hour: clocks[i]!.hour }));
}

/** Takes stored orders out of the rollups and deletes them (their lines and payments go with them). */
async function takeOutOrders(trx: Db, ids: number[], rollups: OrderRollups): Promise<TakenOutOrder[]> {
  if (ids.length === 0) return [];
  const idList = anyOf(ids, 'bigint');
  const rows = await trx
    .selectFrom('orders as o')
    .select(['o.id', 'o.restaurant_id', 'o.day', 'o.hour', 'o.channel', 'o.source', 'o.guests', 'o.recurrent', 'o.status', 'o.total_cents'])
    .select(['o.customer_id', 'o.placed_at', 'o.discount_cents', 'o.tip_cents', 'o.platform'])
    .select((eb) =>
      eb
        .selectFrom('payment_transactions as p')
        .whereRef('p.order_id', '=', 'o.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('transactions'),
    )
    .where('o.id', '=', idList)
    .execute();
  // Each order's lines through the index (OFFSET 0: not a join the planner may run as a scan of every line, as it
  // did with the raw tables' statistics missing, which PGlite, without autovacuum, leaves so). Raw: a lateral
  // subquery per element of an unnest.
  const [line, l] = [columnsOf('order_lines'), columnsOf('order_lines', 'l')];
  const { rows: lines } = await sql<{ order_id: number; menu_item_id: number; quantity: number; amount_cents: number }>`
    select ${l('order_id')}, ${l('menu_item_id')}, ${l('quantity')}, ${l('amount_cents')} from unnest(${ids}::bigint[]) as u(id)
    cross join lateral (select * from order_lines where ${line('order_id')} = u.id offset 0) l`.execute(trx);
  const linesOf = new Map<number, typeof lines>();
  for (const row of lines) {
    const list = linesOf.get(Number(row.order_id));
    if (list) list.push(row);
    else linesOf.set(Number(row.order_id), [row]);
  }
  for (const o of rows) {
    rollups.add(
      {
        restaurantId: o.restaurant_id,
        day: o.day,
        hour: o.hour,
        channel: o.channel,
        platform: o.platform,
        source: o.source,
        guests: o.guests,
        recurrent: o.recurrent,
        status: o.status,
        totalCents: o.total_cents,
        discountCents: o.discount_cents,
        tipCents: o.tip_cents,
        transactions: o.transactions ?? 0,
        lines: (linesOf.get(Number(o.id)) ?? []).map((row) => ({
          menuItemId: row.menu_item_id,
          quantity: row.quantity,
          amountCents: row.amount_cents,
        })),
      },
      -1,
    );
  }
  await trx.deleteFrom('orders').where('id', '=', idList).execute();
  return rows.map((o) => ({ customerId: o.customer_id, placedAt: o.placed_at, status: o.status }));
}

const LINE_COLUMNS = [
  ['order_id', 'bigint'],
  ['menu_item_id', 'int'],
  ['quantity', 'int'],
  ['amount_cents', 'int'],
] as const satisfies readonly Column<'order_lines'>[];
const PAYMENT_COLUMNS = [
  ['order_id', 'bigint'],
  ['method', 'text'],
  ['amount_cents', 'int'],
] as const satisfies readonly Column<'payment_transactions'>[];

/** Orders: their recurrent flags decided against the stored orders (see decideRecurrent for `appending`), written with their lines and payments. */
const ORDERS: SentKind<OrderInput, OrderRollups, boolean[]> = {
  table: 'orders',
  owned: [{ table: 'menu_items', ids: (o) => o.lines.map((l) => l.menuItemId) }],
  rollups: (franchiseId) => new OrderRollups(franchiseId),
  async takeOut(trx, franchiseId, ids, rollups, fresh, appending) {
    const takenOut = await takeOutOrders(trx, ids, rollups);
    const { recurrent, flipped } = await decideRecurrent(trx, franchiseId, fresh, takenOut, appending);
    for (const f of flipped) if (f.status === 'completed') rollups.moveGuests(f.restaurant_id, f.day, f.guests, f.recurrent);
    return recurrent;
  },
  async insert(trx, fresh, rollups, recurrent) {
    const totals = fresh.map((o) => o.lines.reduce((sum, l) => sum + l.amountCents, 0) - (o.discountCents ?? 0));
    const copies = copiesFromBlob(trx);
    const rows = fresh.map((o, i): Cell[] => [
      o.restaurantId,
      o.placedAt.toISOString(),
      o.channel,
      o.source,
      o.guests,
      o.customerId ?? null,
      recurrent[i]!,
      o.status,
      totals[i]!,
      o.discountCents ?? 0,
      o.tipCents ?? 0,
      o.platform ?? null,
      o.externalId ?? null,
      o.sourceHash ?? null,
    ]);
    const inserted = copies ? await copyOrders(trx, fresh, rows) : await insertOrders(trx, rows);
    // A chunk's lines and payments, with their statements, are built, and its orders added to the rollups, while the
    // previous chunk's are inserted (one statement at a time: nothing runs between building and awaiting to leave a
    // failure unhandled).
    let writing: Promise<void> = Promise.resolve();
    for (let start = 0; start < fresh.length; start += CHUNK) {
      const lineRows: Cell[][] = [];
      const paymentRows: Cell[][] = [];
      for (let i = start; i < Math.min(start + CHUNK, fresh.length); i++) {
        const order = fresh[i]!;
        const { id, day, hour } = inserted[i]!;
        for (const l of order.lines) lineRows.push([id, l.menuItemId, l.quantity, l.amountCents]);
        for (const p of order.payments) paymentRows.push([id, p.method, p.amountCents]);
        // Field by field: a spread of the input made a slow dictionary-mode object per order (a fifth of a bulk load).
        rollups.add(
          {
            restaurantId: order.restaurantId,
            day,
            hour,
            channel: order.channel,
            platform: order.platform ?? null,
            source: order.source,
            guests: order.guests,
            recurrent: recurrent[i]!,
            status: order.status,
            totalCents: totals[i]!,
            discountCents: order.discountCents ?? 0,
            tipCents: order.tipCents ?? 0,
            transactions: order.payments.length,
            lines: order.lines,
          },
          1,
        );
      }
      const [lines, payments] = [
        prepareRows(trx, 'order_lines', LINE_COLUMNS, lineRows),
        prepareRows(trx, 'payment_transactions', PAYMENT_COLUMNS, paymentRows),
      ];
      await writing;
      writing = lines().then(payments);
    }
    await writing;
  },
};

/**
 * Orders with their lines and payment transactions, and their rollups, in one transaction. An order
 * sent again under its external_id replaces the stored one (a void, a corrected amount). `appending`:
 * see recordSent.
 */
export const recordOrders = (db: Db, franchiseId: number, orders: OrderInput[], options: { appending?: boolean } = {}) =>
  recordSent(db, franchiseId, ORDERS, orders, options.appending);
