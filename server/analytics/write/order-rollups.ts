import { sql } from 'kysely';
import type { Channel, Db, OrderSource, OrderStatus } from '../../db/database.js';
import { anyOf } from '../../db/typed-sql.js';
import { costsOn } from '../food-cost.js';
import { LOSS_COUNTERS, STAT, STATS_COUNTERS } from './rollup-columns.js';
import type { RollupWrite } from './sent.js';
import { addRunning, addToRollup, addToRunningRollup, monthOf, type RunningRow } from './statements.js';

/** Every order counts in one of these (voided, refunded, else its channel): a stats row with all at 0 has no order. */
export const ORDER_COUNTS = ['orders_dine_in', 'orders_takeaway', 'orders_delivery', 'orders_voided', 'orders_refunded'] as const;

/** A completed order's count and revenue by its channel. */
const BY_CHANNEL = {
  dine_in: [STAT.orders_dine_in, STAT.revenue_dine_in_cents],
  takeaway: [STAT.orders_takeaway, STAT.revenue_takeaway_cents],
  delivery: [STAT.orders_delivery, STAT.revenue_delivery_cents],
} as const satisfies Record<Channel, readonly [number, number]>;

/** Revenue and completed orders of a stats row's counters (STATS_COUNTERS order): what the running totals add. */
export const revenueOfCounters = (c: number[]) =>
  c[STAT.revenue_dine_in_cents]! + c[STAT.revenue_takeaway_cents]! + c[STAT.revenue_delivery_cents]!;
const ordersOfCounters = (c: number[]) => c[STAT.orders_dine_in]! + c[STAT.orders_takeaway]! + c[STAT.orders_delivery]!;

/** A pair of rollups of completed orders and their revenue: per branch, day and one more key, and the same per franchise. */
type SalesRollups = {
  branch: 'hourly_restaurant_stats' | 'daily_platform_sales';
  franchise: 'hourly_franchise_stats' | 'daily_franchise_platform_sales';
};
const HOURS: SalesRollups = { branch: 'hourly_restaurant_stats', franchise: 'hourly_franchise_stats' };
const PLATFORMS: SalesRollups = { branch: 'daily_platform_sales', franchise: 'daily_franchise_platform_sales' };

/** The net change to one pair of SalesRollups: completed orders and cents per branch, day and key. */
class SalesDeltas {
  private readonly rows = new Map<string, [restaurantId: number, day: string, key: string | number, orders: number, revenue: number]>();

  constructor(readonly tables: SalesRollups) {}

  add(restaurantId: number, day: string, key: string | number, sign: 1 | -1, cents: number): void {
    const id = `${restaurantId}|${day}|${key}`;
    const row = this.rows.get(id) ?? this.rows.set(id, [restaurantId, day, key, 0, 0]).get(id)!;
    row[3] += sign;
    row[4] += cents;
  }

  async write(trx: Db, franchiseId: number, newDays: boolean): Promise<void> {
    const franchise = new Map<string, [day: string, key: string | number, orders: number, revenue: number]>();
    for (const [, day, key, orders, revenue] of this.rows.values()) {
      const id = `${day}|${key}`;
      const f = franchise.get(id) ?? franchise.set(id, [day, key, 0, 0]).get(id)!;
      f[2] += orders;
      f[3] += revenue;
    }
    await addToRollup(trx, this.tables.branch, [...this.rows.values()], newDays);
    await addToRollup(
      trx,
      this.tables.franchise,
      [...franchise.values()].map((row) => [franchiseId, ...row]),
      newDays,
    );
  }
}

/** The facts of one order that its rollup rows count. */
export type OrderFacts = {
  restaurantId: number;
  day: string;
  /** Its local hour on the branch's clock. */
  hour: number;
  channel: Channel;
  /** A delivery order's platform; null when it named none. */
  platform: string | null;
  source: OrderSource;
  guests: number;
  recurrent: boolean;
  status: OrderStatus;
  /** The lines less the discount. */
  totalCents: number;
  discountCents: number;
  tipCents: number;
  transactions: number;
  lines: { menuItemId: number; quantity: number; amountCents: number }[];
};

/** The net change a batch makes to the order rollups: orders added, taken out, and guests moved between recurrent and new. */
export class OrderRollups {
  private readonly stats = new Map<string, number[]>();
  private readonly items = new Map<
    string,
    [restaurantId: number, day: string, menuItemId: number, units: number, revenue: number, foodCost: number]
  >();
  private readonly franchiseItems = new Map<string, [day: string, menuItemId: number, units: number, revenue: number, foodCost: number]>();
  private readonly hours = new SalesDeltas(HOURS);
  private readonly platforms = new SalesDeltas(PLATFORMS);

  constructor(private readonly franchiseId: number) {}

  private statsOf(restaurantId: number, day: string): number[] {
    const key = `${restaurantId}|${day}`;
    // Counters in STATS_COUNTERS order.
    return this.stats.get(key) ?? this.stats.set(key, Array<number>(STATS_COUNTERS.length).fill(0)).get(key)!;
  }

  add(order: OrderFacts, sign: 1 | -1): void {
    const s = this.statsOf(order.restaurantId, order.day);
    const total = sign * order.totalCents;
    if (order.status === 'voided') {
      s[STAT.orders_voided]! += sign;
      s[STAT.voided_cents]! += total;
      return;
    }
    s[STAT.gross_sales_cents]! += total + sign * order.discountCents;
    if (order.status === 'refunded') {
      s[STAT.orders_refunded]! += sign;
      s[STAT.refunded_cents]! += total;
      return;
    }
    const pos = order.source === 'pos';
    const [orders, revenue] = BY_CHANNEL[order.channel];
    s[orders]! += sign;
    s[revenue]! += total;
    s[pos ? STAT.orders_pos : STAT.orders_app]! += sign;
    s[pos ? STAT.revenue_pos_cents : STAT.revenue_app_cents]! += total;
    s[STAT.discount_cents]! += sign * order.discountCents;
    s[STAT.tip_cents]! += sign * order.tipCents;
    s[order.recurrent ? STAT.guests_recurrent : STAT.guests_new]! += sign * order.guests;
    s[STAT.transactions]! += sign * order.transactions;
    this.hours.add(order.restaurantId, order.day, order.hour, sign, total);
    // Delivery by platform, '' for a delivery order that named none (docs/product.md#loss).
    if (order.channel === 'delivery') this.platforms.add(order.restaurantId, order.day, order.platform ?? '', sign, total);
    for (const l of order.lines) {
      s[STAT.units]! += sign * l.quantity;
      const itemKey = `${order.restaurantId}|${order.day}|${l.menuItemId}`;
      const item = this.items.get(itemKey) ?? this.items.set(itemKey, [order.restaurantId, order.day, l.menuItemId, 0, 0, 0]).get(itemKey)!;
      item[3] += sign * l.quantity;
      item[4] += sign * l.amountCents;
      const franchiseKey = `${order.day}|${l.menuItemId}`;
      const fItem =
        this.franchiseItems.get(franchiseKey) ??
        this.franchiseItems.set(franchiseKey, [order.day, l.menuItemId, 0, 0, 0]).get(franchiseKey)!;
      fItem[2] += sign * l.quantity;
      fItem[3] += sign * l.amountCents;
    }
  }

  /** A completed order already counted whose customer's first order moved: its guests change sides. */
  moveGuests(restaurantId: number, day: string, guests: number, toRecurrent: boolean): void {
    const s = this.statsOf(restaurantId, day);
    s[STAT.guests_recurrent]! += toRecurrent ? guests : -guests;
    s[STAT.guests_new]! += toRecurrent ? -guests : guests;
  }

  /**
   * The food cost of the net units: units × each item's cost on its day (docs/product.md#costs), the same for
   * units added and taken out, as the rollups hold every day's units at that day's cost.
   */
  private async addFoodCost(trx: Db): Promise<void> {
    const pairs = new Map<string, [number, string]>();
    for (const [, day, item] of this.items.values()) pairs.set(`${item}|${day}`, [item, day]);
    const costs = await costsOn(trx, [...pairs.values()]);
    if (costs.size === 0) return;
    for (const row of this.items.values()) {
      const foodCost = row[3] * (costs.get(`${row[2]}|${row[1]}`) ?? 0);
      row[5] = foodCost;
      this.statsOf(row[0], row[1])[STAT.food_cost_cents]! += foodCost;
    }
    for (const row of this.franchiseItems.values()) row[4] = row[2] * (costs.get(`${row[1]}|${row[0]}`) ?? 0);
  }

  /** Adds the net change to the rollups; after orders were taken out, deletes the rows left without orders. */
  async write(trx: Db, { takenOut, newDays }: RollupWrite): Promise<void> {
    await this.addFoodCost(trx);
    const franchiseStats = new Map<string, number[]>();
    const monthlyStats = new Map<string, RunningRow>();
    for (const [key, counters] of this.stats) {
      const [restaurantId, day] = key.split('|') as [string, string];
      // Running revenue, units, orders, food cost and loss counters: what the restaurant list, the branch comparison,
      // the costs and the loss ranking sum over a window (ROLLUP_COLUMNS' order).
      addRunning(
        monthlyStats,
        restaurantId,
        [Number(restaurantId)],
        day,
        [],
        [
          revenueOfCounters(counters),
          counters[STAT.units]!,
          ordersOfCounters(counters),
          counters[STAT.food_cost_cents]!,
          ...LOSS_COUNTERS.map((c) => counters[STAT[c]]!),
        ],
      );
      const f = franchiseStats.get(day) ?? franchiseStats.set(day, Array<number>(STATS_COUNTERS.length).fill(0)).get(day)!;
      for (const [c, n] of counters.entries()) f[c]! += n;
    }
    await addToRollup(
      trx,
      'daily_restaurant_stats',
      [...this.stats].map(([key, counters]) => {
        const [restaurantId, day] = key.split('|');
        return [Number(restaurantId), day!, ...counters];
      }),
      newDays,
    );
    await addToRollup(
      trx,
      'daily_franchise_stats',
      [...franchiseStats].map(([day, counters]) => [this.franchiseId, day, ...counters]),
      newDays,
    );
    await addToRunningRollup(trx, 'monthly_restaurant_stats', [...monthlyStats.values()]);
    await addToRollup(trx, 'daily_item_sales', [...this.items.values()], newDays);
    await addToRollup(
      trx,
      'daily_franchise_item_sales',
      [...this.franchiseItems.values()].map((row) => [this.franchiseId, ...row]),
      newDays,
    );
    await this.hours.write(trx, this.franchiseId, newDays);
    await this.platforms.write(trx, this.franchiseId, newDays);
    if (takenOut) await this.deleteEmptyRows(trx);
  }

  /** Rollup rows of the keys this batch touched that no order backs any more: what a rebuild would not have. */
  private async deleteEmptyRows(trx: Db): Promise<void> {
    const keys = [...this.stats.keys()].map((k) => k.split('|') as [string, string]);
    const restaurants = anyOf([...new Set(keys.map(([r]) => Number(r)))], 'int');
    const dayList = [...new Set(keys.map(([, d]) => d))];
    const days = anyOf(dayList, 'date');
    await trx
      .deleteFrom('daily_restaurant_stats')
      .where('restaurant_id', '=', restaurants)
      .where('day', '=', days)
      .where((eb) => eb.and(ORDER_COUNTS.map((count) => eb(count, '=', 0))))
      .execute();
    await trx
      .deleteFrom('daily_franchise_stats')
      .where('franchise_id', '=', this.franchiseId)
      .where('day', '=', days)
      .where((eb) => eb.and(ORDER_COUNTS.map((count) => eb(count, '=', 0))))
      .execute();
    await trx
      .deleteFrom('daily_item_sales')
      .where('restaurant_id', '=', restaurants)
      .where('day', '=', days)
      .where('units', '=', 0)
      .execute();
    await trx
      .deleteFrom('daily_franchise_item_sales')
      .where('franchise_id', '=', this.franchiseId)
      .where('day', '=', days)
      .where('units', '=', 0)
      .execute();
    for (const { tables } of [this.hours, this.platforms]) {
      await trx
        .deleteFrom(tables.branch)
        .where('restaurant_id', '=', restaurants)
        .where('day', '=', days)
        .where('orders', '=', 0)
        .execute();
      await trx
        .deleteFrom(tables.franchise)
        .where('franchise_id', '=', this.franchiseId)
        .where('day', '=', days)
        .where('orders', '=', 0)
        .execute();
    }
    await trx
      .deleteFrom('monthly_restaurant_stats as t')
      .where('t.restaurant_id', '=', restaurants)
      .where('t.month', '=', anyOf([...new Set(dayList.map(monthOf))], 'date'))
      .where(({ not, exists, selectFrom, ref }) =>
        not(
          exists(
            selectFrom('daily_restaurant_stats as d')
              .select(sql.lit(1).as('one'))
              .whereRef('d.restaurant_id', '=', 't.restaurant_id')
              .whereRef('d.day', '>=', 't.month')
              // Raw: date arithmetic.
              .where('d.day', '<', sql<string>`${ref('t.month')} + interval '1 month'`),
          ),
        ),
      )
      .execute();
  }
}
