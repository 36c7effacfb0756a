import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  AnalyticsData,
  AnalyticsKind,
  AnalyticsWindow,
  BestSellers,
  Bucket,
  Grouping,
  HeadcountFigures,
  Headcounts,
  MenuName,
  OrderFigures,
  Orders,
  Procurement,
  ProcurementFigures,
  RevenueFigures,
  Revenues,
  Roster,
  RosterFigures,
  SellingItem,
} from '../contract/analytics.contract.js';
import { PURCHASE_CATEGORIES, type Database } from '../db/database.js';

// The request-time analytics (DESIGN §3): every figure is read from the daily rollups, never from
// raw orders, shifts or purchases. Rollup days are already the franchise's calendar days, so
// bucketing is date arithmetic on 'YYYY-MM-DD' strings; sums stay integer cents and minutes until
// the answer is shaped.

export type AnalyticsScope = { franchiseId: number; restaurantId: number | null };

type Db = Kysely<Database>;

// ---------------------------------------------------------------------------------------------
// Buckets and labels

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** A bucket's label: "Mon 16 Nov" (day), "16–22 Nov" or "30 Nov–6 Dec" (week, clipped to the window), "Nov 2026" (month). */
export function bucketLabel(grouping: Grouping, startDate: string, endDate: string): string {
  const s = utc(startDate);
  const e = utc(endDate);
  const dayMonth = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  if (grouping === 'daily') return `${WEEKDAYS[s.getUTCDay()]} ${dayMonth(s)}`;
  if (grouping === 'monthly') return `${MONTHS[s.getUTCMonth()]} ${s.getUTCFullYear()}`;
  if (startDate === endDate) return dayMonth(s);
  if (s.getUTCMonth() === e.getUTCMonth()) return `${s.getUTCDate()}–${dayMonth(e)}`;
  return `${dayMonth(s)}–${dayMonth(e)}`;
}

/** Every bucket of the window, in order: days, Monday-start weeks or calendar months, the first and last clipped to the window. */
export function windowBuckets(window: Pick<AnalyticsWindow, 'start_date' | 'end_date' | 'grouping'>): Bucket[] {
  const last = dayNumber(window.end_date);
  const buckets: Bucket[] = [];
  for (let start = dayNumber(window.start_date); start <= last;) {
    const date = new Date(start * DAY_MS);
    let end = start;
    if (window.grouping === 'weekly') end = start + 6 - ((date.getUTCDay() + 6) % 7);
    else if (window.grouping === 'monthly') end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS - 1;
    end = Math.min(end, last);
    const [startDate, endDate] = [dayOf(start), dayOf(end)];
    buckets.push({ label: bucketLabel(window.grouping, startDate, endDate), start_date: startDate, end_date: endDate });
    start = end + 1;
  }
  return buckets;
}

// ---------------------------------------------------------------------------------------------
// Per-day counters summed into buckets, the window, the previous window and today

type Counters<K extends string> = Record<K, number>;
type DayRow<K extends string> = { day: string } & Counters<K>;
type Tally<K extends string> = { buckets: Bucket[]; series: Counters<K>[]; totals: Counters<K>; previous: Counters<K>; today: Counters<K> };

function tally<K extends string>(keys: readonly K[], rows: DayRow<K>[], window: AnalyticsWindow): Tally<K> {
  const zero = () => Object.fromEntries(keys.map((k) => [k, 0])) as Counters<K>;
  const buckets = windowBuckets(window);
  const series = buckets.map(zero);
  const indexOf = new Map<string, number>();
  for (const [i, b] of buckets.entries()) {
    for (let d = dayNumber(b.start_date); d <= dayNumber(b.end_date); d++) indexOf.set(dayOf(d), i);
  }
  const result: Tally<K> = { buckets, series, totals: zero(), previous: zero(), today: zero() };
  const add = (into: Counters<K>, row: DayRow<K>) => {
    for (const k of keys) into[k] += row[k];
  };
  for (const row of rows) {
    const i = indexOf.get(row.day);
    if (i !== undefined) {
      add(series[i]!, row);
      add(result.totals, row);
    }
    if (row.day >= window.previous.start_date && row.day <= window.previous.end_date) add(result.previous, row);
    if (row.day === window.today) add(result.today, row);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Rounding: inputs are integer cents, minutes and counts, so each figure is rounded once.

const dollars = (cents: number) => cents / 100;
/** cents / n in dollars, to the cent; 0 when n is 0. */
const perDollars = (cents: number, n: number) => (n === 0 ? 0 : Math.round(cents / n) / 100);
const hours = (minutes: number) => Math.round((minutes * 100) / 60) / 100;
/** part / whole in %, one decimal; 0 when whole is 0. */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

// ---------------------------------------------------------------------------------------------
// SQL pieces

/** The scope's restaurant ids, always within the franchise. */
function scopeIds(scope: AnalyticsScope): RawBuilder<unknown> {
  const branch = scope.restaurantId === null ? sql`` : sql` and id = ${scope.restaurantId}`;
  return sql`select id from restaurants where franchise_id = ${scope.franchiseId}${branch}`;
}

/**
 * The days of the window, the previous window and today. The range bounds the index scan of the
 * (restaurant_id, day) primary keys; the disjunction drops the days in between when today is far
 * from the window.
 */
function answerDays(column: RawBuilder<unknown>, w: AnalyticsWindow): RawBuilder<unknown> {
  const days = [w.start_date, w.end_date, w.previous.start_date, w.previous.end_date, w.today].sort();
  return sql`${column} between ${days[0]}::date and ${days.at(-1)}::date
    and (${column} between ${w.start_date}::date and ${w.end_date}::date
      or ${column} between ${w.previous.start_date}::date and ${w.previous.end_date}::date
      or ${column} = ${w.today}::date)`;
}

const inWindow = (column: RawBuilder<unknown>, w: AnalyticsWindow) => sql`${column} between ${w.start_date}::date and ${w.end_date}::date`;

const STATS_KEYS = [
  'orders_dine_in',
  'orders_takeaway',
  'orders_pos',
  'orders_app',
  'revenue_dine_in_cents',
  'revenue_takeaway_cents',
  'guests_recurrent',
  'guests_new',
  'transactions',
] as const;
type StatsKey = (typeof STATS_KEYS)[number];

/** daily_restaurant_stats summed over the scope's restaurants, one row per day (voided orders are not in these counters). */
async function dailyStats(db: Db, scope: AnalyticsScope, w: AnalyticsWindow): Promise<Tally<StatsKey>> {
  const sums = sql.join(STATS_KEYS.map((k) => sql`sum(s.${sql.ref(k)})::bigint as ${sql.ref(k)}`));
  const { rows } = await sql<DayRow<StatsKey>>`select s.day::text as day, ${sums}
    from daily_restaurant_stats s
    where s.restaurant_id in (${scopeIds(scope)}) and ${answerDays(sql`s.day`, w)}
    group by s.day`.execute(db);
  return tally(STATS_KEYS, rows, w);
}

const revenueCents = (c: Counters<StatsKey>) => c.revenue_dine_in_cents + c.revenue_takeaway_cents;
const completedOrders = (c: Counters<StatsKey>) => c.orders_dine_in + c.orders_takeaway;

// ---------------------------------------------------------------------------------------------
// The six answers

function headcountFigures(c: Counters<StatsKey>): HeadcountFigures {
  return { recurrent: c.guests_recurrent, new: c.guests_new, total: c.guests_recurrent + c.guests_new };
}

async function headcounts(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Headcounts> {
  const t = await dailyStats(db, scope, window);
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, ...headcountFigures(t.series[i]!) })),
    totals: headcountFigures(t.totals),
    previous_totals: headcountFigures(t.previous),
    today: headcountFigures(t.today),
  };
}

function orderFigures(c: Counters<StatsKey>): OrderFigures {
  return { dine_in: c.orders_dine_in, takeaway: c.orders_takeaway, pos: c.orders_pos, app: c.orders_app, total: completedOrders(c) };
}

async function orders(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Orders> {
  const t = await dailyStats(db, scope, window);
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, ...orderFigures(t.series[i]!) })),
    totals: orderFigures(t.totals),
    previous_totals: orderFigures(t.previous),
    today: orderFigures(t.today),
  };
}

function revenueFigures(c: Counters<StatsKey>): RevenueFigures {
  const cents = revenueCents(c);
  const count = completedOrders(c);
  return {
    revenue: dollars(cents),
    dine_in: dollars(c.revenue_dine_in_cents),
    takeaway: dollars(c.revenue_takeaway_cents),
    orders: count,
    transactions: c.transactions,
    aov: perDollars(cents, count),
    atv: perDollars(cents, c.transactions),
  };
}

async function revenues(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Revenues> {
  const branch = scope.restaurantId === null ? sql`` : sql` and r.id = ${scope.restaurantId}`;
  const [t, { rows: branches }] = await Promise.all([
    dailyStats(db, scope, window),
    sql<{ id: number; name: string; location: string; revenue_cents: number; units: number }>`select r.id, r.name, r.location,
        coalesce((select sum(s.revenue_dine_in_cents + s.revenue_takeaway_cents) from daily_restaurant_stats s
          where s.restaurant_id = r.id and ${inWindow(sql`s.day`, window)}), 0)::bigint as revenue_cents,
        coalesce((select sum(i.units) from daily_item_sales i
          where i.restaurant_id = r.id and ${inWindow(sql`i.day`, window)}), 0)::bigint as units
      from restaurants r
      where r.franchise_id = ${scope.franchiseId}${branch}
      order by revenue_cents, r.name, r.id`.execute(db),
  ]);
  const totals = revenueFigures(t.totals);
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, ...revenueFigures(t.series[i]!) })),
    totals,
    previous_totals: revenueFigures(t.previous),
    franchise_summary: {
      total_revenue: totals.revenue,
      total_orders: totals.orders,
      average_revenue_per_restaurant: perDollars(revenueCents(t.totals), branches.length),
      total_dine_in_revenue: totals.dine_in,
      total_takeaway_revenue: totals.takeaway,
    },
    restaurants: branches.map((r) => ({ id: r.id, name: r.name, location: r.location, units: r.units, revenue: dollars(r.revenue_cents) })),
  };
}

async function bestSellers(db: Db, scope: AnalyticsScope, window: AnalyticsWindow, limit: number): Promise<BestSellers> {
  // Franchise-wide, the per-franchise rollup has one row per item and day instead of one per branch too.
  const sold =
    scope.restaurantId === null
      ? sql`select menu_item_id, sum(units)::bigint as units, sum(revenue_cents)::bigint as revenue_cents
          from daily_franchise_item_sales where franchise_id = ${scope.franchiseId} and ${inWindow(sql`day`, window)}
          group by menu_item_id`
      : sql`select menu_item_id, sum(units)::bigint as units, sum(revenue_cents)::bigint as revenue_cents
          from daily_item_sales where restaurant_id in (${scopeIds(scope)}) and ${inWindow(sql`day`, window)}
          group by menu_item_id`;
  const { rows } = await sql<{ sku: string; name: string; menu: MenuName; is_combo: boolean; units: number; revenue_cents: number }>`
    select sku, name, menu, is_combo, units, revenue_cents from (
      select m.sku, m.name, m.menu, m.is_combo, sold.units, sold.revenue_cents,
        row_number() over (partition by m.is_combo order by sold.units desc, sold.revenue_cents desc, m.name, m.sku) as rank
      from (${sold}) sold join menu_items m on m.id = sold.menu_item_id and m.franchise_id = ${scope.franchiseId}
    ) ranked
    where rank <= ${limit}
    order by rank`.execute(db);
  const items: SellingItem[] = [];
  const combos: SellingItem[] = [];
  for (const r of rows) {
    (r.is_combo ? combos : items).push({
      sku: r.sku,
      name: r.name,
      menu: r.menu,
      is_combo: r.is_combo,
      units: r.units,
      revenue: dollars(r.revenue_cents),
    });
  }
  return { window, items, combos };
}

const HOURS_KEYS = ['assigned_minutes', 'actual_minutes', 'labour_cost_cents', 'shifts', 'shifts_attended'] as const;
type HoursKey = (typeof HOURS_KEYS)[number];

function rosterFigures(h: Counters<HoursKey>, s: Counters<StatsKey>): RosterFigures {
  const cents = revenueCents(s);
  return {
    assigned_hours: hours(h.assigned_minutes),
    actual_hours: hours(h.actual_minutes),
    labour_cost: dollars(h.labour_cost_cents),
    attendance: percent(h.shifts_attended, h.shifts),
    revenue: dollars(cents),
    // Dollars per hour = (cents / 100) / (minutes / 60).
    revenue_per_labour_hour: h.actual_minutes === 0 ? 0 : Math.round((cents * 60) / h.actual_minutes) / 100,
  };
}

async function roster(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Roster> {
  const sums = sql.join(HOURS_KEYS.map((k) => sql`sum(h.${sql.ref(k)})::bigint as ${sql.ref(k)}`));
  const [stats, { rows: hoursRows }, { rows: staff }] = await Promise.all([
    dailyStats(db, scope, window),
    sql<DayRow<HoursKey>>`select h.day::text as day, ${sums}
      from daily_staff_hours h
      where h.restaurant_id in (${scopeIds(scope)}) and ${answerDays(sql`h.day`, window)}
      group by h.day`.execute(db),
    // A person who worked at several of the scope's branches is listed once, under the branch of most hours.
    sql<{ person_id: number; name: string; restaurant: string; assigned_minutes: number; actual_minutes: number }>`
      select p.id as person_id, p.name, (array_agg(r.name order by w.actual_minutes desc, r.name))[1] as restaurant,
        sum(w.assigned_minutes)::bigint as assigned_minutes, sum(w.actual_minutes)::bigint as actual_minutes
      from (
        select h.person_id, h.restaurant_id, sum(h.assigned_minutes) as assigned_minutes, sum(h.actual_minutes) as actual_minutes
        from daily_staff_hours h
        where h.restaurant_id in (${scopeIds(scope)}) and ${inWindow(sql`h.day`, window)}
        group by h.person_id, h.restaurant_id
      ) w
      join people p on p.id = w.person_id
      join restaurants r on r.id = w.restaurant_id
      group by p.id, p.name
      order by actual_minutes desc, p.name, p.id`.execute(db),
  ]);
  const t = tally(HOURS_KEYS, hoursRows, window);
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, ...rosterFigures(t.series[i]!, stats.series[i]!) })),
    totals: rosterFigures(t.totals, stats.totals),
    previous_totals: rosterFigures(t.previous, stats.previous),
    staff: staff.map((s) => ({
      person_id: s.person_id,
      name: s.name,
      restaurant: s.restaurant,
      assigned_hours: hours(s.assigned_minutes),
      actual_hours: hours(s.actual_minutes),
      percent: percent(s.actual_minutes, s.assigned_minutes),
    })),
  };
}

function procurementFigures(spendCents: number, quantity: number, suppliers: number): ProcurementFigures {
  return { spend: dollars(spendCents), quantity, suppliers, average_per_supplier: perDollars(spendCents, suppliers) };
}

async function procurement(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Procurement> {
  const previous = { ...window, start_date: window.previous.start_date, end_date: window.previous.end_date };
  const scoped = sql`p.restaurant_id in (${scopeIds(scope)})`;
  const [{ rows: days }, { rows: distinct }, { rows: categories }, { rows: suppliers }] = await Promise.all([
    sql<
      DayRow<'spend_cents' | 'quantity'>
    >`select p.day::text as day, sum(p.amount_cents)::bigint as spend_cents, sum(p.quantity)::bigint as quantity
      from daily_purchases p where ${scoped} and ${answerDays(sql`p.day`, window)}
      group by p.day`.execute(db),
    // Distinct suppliers do not add up across days: counted per window.
    sql<{ in_window: number; in_previous: number }>`select
        count(distinct p.supplier_id) filter (where ${inWindow(sql`p.day`, window)})::int as in_window,
        count(distinct p.supplier_id) filter (where ${inWindow(sql`p.day`, previous)})::int as in_previous
      from daily_purchases p where ${scoped} and ${answerDays(sql`p.day`, window)}`.execute(db),
    sql<{
      category: string;
      quantity: number;
      spend_cents: number;
    }>`select p.category, sum(p.quantity)::bigint as quantity, sum(p.amount_cents)::bigint as spend_cents
      from daily_purchases p where ${scoped} and ${inWindow(sql`p.day`, window)}
      group by p.category`.execute(db),
    sql<{ id: number; name: string; quantity: number; spend_cents: number }>`select s.id, s.name,
        sum(p.quantity)::bigint as quantity, sum(p.amount_cents)::bigint as spend_cents
      from daily_purchases p join suppliers s on s.id = p.supplier_id and s.franchise_id = ${scope.franchiseId}
      where ${scoped} and ${inWindow(sql`p.day`, window)}
      group by s.id, s.name
      order by spend_cents desc, s.name, s.id`.execute(db),
  ]);
  const t = tally(['spend_cents', 'quantity'] as const, days, window);
  const counted = distinct[0] ?? { in_window: 0, in_previous: 0 };
  const byCategory = new Map(categories.map((c) => [c.category, c]));
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, spend: dollars(t.series[i]!.spend_cents) })),
    totals: procurementFigures(t.totals.spend_cents, t.totals.quantity, counted.in_window),
    previous_totals: procurementFigures(t.previous.spend_cents, t.previous.quantity, counted.in_previous),
    // All ten categories, zero when none was bought; equal spends keep the spec's order.
    categories: PURCHASE_CATEGORIES.map((category) => {
      const c = byCategory.get(category);
      return { category, quantity: c?.quantity ?? 0, spend_cents: c?.spend_cents ?? 0 };
    })
      .sort((a, b) => b.spend_cents - a.spend_cents)
      .map((c) => ({ category: c.category, quantity: c.quantity, spend: dollars(c.spend_cents) })),
    suppliers: suppliers.map((s) => ({ id: s.id, name: s.name, quantity: s.quantity, spend: dollars(s.spend_cents) })),
  };
}

/**
 * The answer of one analytics kind for a scope (one branch, or the whole franchise) over a resolved
 * window, read from the daily rollups only.
 */
export async function analyticsAnswer<K extends AnalyticsKind>(
  db: Db,
  kind: K,
  scope: AnalyticsScope,
  window: AnalyticsWindow,
  options: { limit: number },
): Promise<AnalyticsData[K]> {
  const answers: { [Kind in AnalyticsKind]: () => Promise<AnalyticsData[Kind]> } = {
    headcounts: () => headcounts(db, scope, window),
    revenues: () => revenues(db, scope, window),
    'best-sellers': () => bestSellers(db, scope, window, options.limit),
    orders: () => orders(db, scope, window),
    roster: () => roster(db, scope, window),
    procurement: () => procurement(db, scope, window),
  };
  return answers[kind]();
}
