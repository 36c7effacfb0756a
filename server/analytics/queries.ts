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
  StaffProductivity,
} from '@contract/analytics.contract.js';
import { MONTHS } from '@contract/presentation/labels.js';
import { PURCHASE_CATEGORIES, type Database } from '../db/database.js';
import { addDays, addMonths, dayDiff, dayStartMs } from './calendar.js';

// The request-time analytics (DESIGN §3): every figure is read from the daily rollups, never from
// raw orders, shifts or purchases. Rollup days are already the franchise's calendar days, so
// bucketing is date arithmetic on 'YYYY-MM-DD' strings; sums stay integer cents and minutes until
// the answer is shaped. Franchise-wide answers read the per-franchise rollups where one exists
// (a row per day, not per branch and day); a manager's "All Branches" sums the restaurant rollups
// of their branches.

/**
 * What an answer covers: the franchise's branch `restaurantId`, or every branch (null); within
 * `branches` when given (a manager's branches; absent or null: every branch of the franchise).
 */
export type AnalyticsScope = { franchiseId: number; restaurantId: number | null; branches?: readonly number[] | null };

/** Whether the scope is every branch of the franchise, read from the per-franchise rollups. */
const wholeFranchise = (scope: AnalyticsScope) => scope.restaurantId === null && (scope.branches ?? null) === null;

type Db = Kysely<Database>;

// ---------------------------------------------------------------------------------------------
// Buckets and labels

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const utc = (day: string) => new Date(dayStartMs(day));
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The first day of the month of `day`, `months` months later. */
const monthStart = (day: string, months = 0) => addMonths(`${day.slice(0, 7)}-01`, months);

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
  const buckets: Bucket[] = [];
  for (let startDate = window.start_date; startDate <= window.end_date;) {
    let endDate = startDate;
    if (window.grouping === 'weekly') endDate = addDays(startDate, 6 - ((utc(startDate).getUTCDay() + 6) % 7));
    else if (window.grouping === 'monthly') endDate = addDays(monthStart(startDate, 1), -1);
    if (endDate > window.end_date) endDate = window.end_date;
    buckets.push({ label: bucketLabel(window.grouping, startDate, endDate), start_date: startDate, end_date: endDate });
    startDate = addDays(endDate, 1);
  }
  return buckets;
}

// ---------------------------------------------------------------------------------------------
// Per-day counters summed into buckets, the window, the previous window and today

export type Counters<K extends string> = Record<K, number>;
type DayRow<K extends string> = { day: string } & Counters<K>;
export type Tally<K extends string> = {
  buckets: Bucket[];
  series: Counters<K>[];
  totals: Counters<K>;
  previous: Counters<K>;
  today: Counters<K>;
};

function tally<K extends string>(keys: readonly K[], rows: DayRow<K>[], window: AnalyticsWindow): Tally<K> {
  const zero = () => Object.fromEntries(keys.map((k) => [k, 0])) as Counters<K>;
  const buckets = windowBuckets(window);
  const series = buckets.map(zero);
  const indexOf = new Map<string, number>();
  for (const [i, b] of buckets.entries()) {
    // Whole days in UTC milliseconds: one date format per day instead of parsing both ends again per day.
    for (let ms = dayStartMs(b.start_date), end = dayStartMs(b.end_date); ms <= end; ms += DAY_MS) indexOf.set(isoDay(ms), i);
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

export const dollars = (cents: number) => cents / 100;
/** cents / n in dollars, to the cent; 0 when n is 0. */
export const perDollars = (cents: number, n: number) => (n === 0 ? 0 : Math.round(cents / n) / 100);
export const hours = (minutes: number) => Math.round((minutes * 100) / 60) / 100;
/** part / whole in %, one decimal; 0 when whole is 0. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);
/** Dollars per hour = (cents / 100) / (minutes / 60), to the cent; 0 without minutes. */
export const perHour = (cents: number, minutes: number) => (minutes === 0 ? 0 : Math.round((cents * 60) / minutes) / 100);

// ---------------------------------------------------------------------------------------------
// SQL pieces

/** A part of an answer's statement: a query and the columns it returns, by name. */
type Part = { query: RawBuilder<unknown>; columns: readonly string[] };
const part = (query: RawBuilder<unknown>, columns: readonly string[]): Part => ({ query, columns });

/**
 * Runs one statement whose parts each come back as one JSON text cell. PGlite turns every result
 * cell into a JavaScript value one by one (several microseconds each, more than summing the rollup
 * rows costs), so a part of a few hundred rows travels as a single string instead: one array per
 * column (json_agg of whole rows types every cell again and took twice as long), zipped back into
 * rows here.
 */
async function fetchParts<P extends Record<string, unknown[]>>(db: Db, parts: { [K in keyof P]: Part }): Promise<P> {
  const cells = Object.entries<Part>(parts).map(
    ([name, { query, columns }]) =>
      sql`(select json_build_array(${sql.join(columns.map((c) => sql`coalesce(array_agg(t.${sql.ref(c)}), '{}')`))}) from (${query}) t)::text as ${sql.ref(name)}`,
  );
  const { rows } = await sql<Record<string, string>>`select ${sql.join(cells)}`.execute(db);
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const [name, { columns }] of Object.entries(parts)) {
    const values = JSON.parse(rows[0]![name]!) as unknown[][];
    const zipped: Record<string, unknown>[] = [];
    for (let i = 0; i < values[0]!.length; i++) {
      const row: Record<string, unknown> = {};
      for (let j = 0; j < columns.length; j++) row[columns[j]!] = values[j]![i];
      zipped.push(row);
    }
    out[name] = zipped;
  }
  return out as P;
}

/** Conditions on a restaurant id `column` besides the franchise: the scope's branch, within the member's branches (none: no row). */
function branchConditions(column: RawBuilder<unknown>, scope: AnalyticsScope): RawBuilder<unknown> {
  const branch = scope.restaurantId === null ? sql`` : sql` and ${column} = ${scope.restaurantId}`;
  const branches = scope.branches ?? null;
  if (branches === null) return branch;
  return branches.length === 0 ? sql`${branch} and false` : sql`${branch} and ${column} in (${sql.join(branches)})`;
}

/** The scope's restaurant ids, always within the franchise. */
function scopeIds(scope: AnalyticsScope): RawBuilder<unknown> {
  return sql`select id from restaurants where franchise_id = ${scope.franchiseId}${branchConditions(sql`id`, scope)}`;
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

const inWindow = (column: RawBuilder<unknown>, w: Pick<AnalyticsWindow, 'start_date' | 'end_date'>) =>
  sql`${column} between ${w.start_date}::date and ${w.end_date}::date`;

/**
 * Sums of rollup counters: int columns sum to bigint; bigint columns are summed as float8, exact for
 * integers below 2^53 and much cheaper than the numeric that sum(bigint) returns.
 */
const sums = (alias: string, columns: readonly string[], bigints: readonly string[]) =>
  sql.join(columns.map((c) => sql`sum(${sql.ref(`${alias}.${c}`)}${sql.raw(bigints.includes(c) ? '::float8' : '')}) as ${sql.ref(c)}`));

const STATS_BIGINTS = ['revenue_dine_in_cents', 'revenue_takeaway_cents'];

/**
 * Rows of a daily rollup for the scope and the answer's days: the franchise's own rollup
 * (`franchise_id`) for every branch, the restaurant rollup (`restaurant_id`) for a branch or a
 * manager's branches.
 */
const scopeRows = (
  scope: AnalyticsScope,
  tables: { franchise: string; restaurant: string },
  days: (column: RawBuilder<unknown>) => RawBuilder<unknown>,
) =>
  wholeFranchise(scope)
    ? sql`from ${sql.table(tables.franchise)} s where s.franchise_id = ${scope.franchiseId} and ${days(sql`s.day`)}`
    : sql`from ${sql.table(tables.restaurant)} s where s.restaurant_id in (${scopeIds(scope)}) and ${days(sql`s.day`)}`;

/**
 * Counters of a daily rollup summed per day over the scope (voided orders are not in the stats' counters).
 * The franchise rollup already has one row per day (its primary key): read as is, without an
 * aggregation that took half the part's time.
 */
const rollupByDay = (
  scope: AnalyticsScope,
  w: AnalyticsWindow,
  tables: { franchise: string; restaurant: string },
  columns: readonly string[],
  bigints: readonly string[],
) => {
  const rows = scopeRows(scope, tables, (day) => answerDays(day, w));
  const query = wholeFranchise(scope)
    ? sql`select s.day::text as day, ${sql.join(columns.map((c) => sql`${sql.ref(`s.${c}`)}${sql.raw(bigints.includes(c) ? '::float8' : '')} as ${sql.ref(c)}`))} ${rows}`
    : sql`select s.day::text as day, ${sums('s', columns, bigints)} ${rows} group by s.day`;
  return part(query, ['day', ...columns]);
};

const STATS_TABLES = { franchise: 'daily_franchise_stats', restaurant: 'daily_restaurant_stats' };
const statsByDay = (scope: AnalyticsScope, w: AnalyticsWindow, columns: readonly string[]) =>
  rollupByDay(scope, w, STATS_TABLES, columns, STATS_BIGINTS);

/** Code-point order, the same on every database and collation. */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// The six answers

const HEADCOUNT_KEYS = ['guests_recurrent', 'guests_new'] as const;

function headcountFigures(c: Counters<(typeof HEADCOUNT_KEYS)[number]>): HeadcountFigures {
  return { recurrent: c.guests_recurrent, new: c.guests_new, total: c.guests_recurrent + c.guests_new };
}

async function headcounts(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Headcounts> {
  const { days } = await fetchParts<{ days: DayRow<(typeof HEADCOUNT_KEYS)[number]>[] }>(db, {
    days: statsByDay(scope, window, HEADCOUNT_KEYS),
  });
  const t = tally(HEADCOUNT_KEYS, days, window);
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, ...headcountFigures(t.series[i]!) })),
    totals: headcountFigures(t.totals),
    previous_totals: headcountFigures(t.previous),
    today: headcountFigures(t.today),
  };
}

const ORDER_KEYS = ['orders_dine_in', 'orders_takeaway', 'orders_pos', 'orders_app'] as const;

function orderFigures(c: Counters<(typeof ORDER_KEYS)[number]>): OrderFigures {
  return {
    dine_in: c.orders_dine_in,
    takeaway: c.orders_takeaway,
    pos: c.orders_pos,
    app: c.orders_app,
    total: c.orders_dine_in + c.orders_takeaway,
  };
}

async function orders(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Orders> {
  const { days } = await fetchParts<{ days: DayRow<(typeof ORDER_KEYS)[number]>[] }>(db, { days: statsByDay(scope, window, ORDER_KEYS) });
  const t = tally(ORDER_KEYS, days, window);
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, ...orderFigures(t.series[i]!) })),
    totals: orderFigures(t.totals),
    previous_totals: orderFigures(t.previous),
    today: orderFigures(t.today),
  };
}

const REVENUE_KEYS = ['orders_dine_in', 'orders_takeaway', 'revenue_dine_in_cents', 'revenue_takeaway_cents', 'transactions'] as const;
type RevenueKey = (typeof REVENUE_KEYS)[number];

function revenueFigures(c: Counters<RevenueKey>): RevenueFigures {
  const cents = c.revenue_dine_in_cents + c.revenue_takeaway_cents;
  const count = c.orders_dine_in + c.orders_takeaway;
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

type BranchRow = { id: number; name: string; location: string; revenue_cents: number; units: number };

async function revenues(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Revenues> {
  const parts = monthParts(window);
  const { days, branches } = await fetchParts<{ days: DayRow<RevenueKey>[]; branches: BranchRow[] }>(db, {
    days: statsByDay(scope, window, REVENUE_KEYS),
    // Every branch of the scope, those without trade too.
    branches: part(
      sql`select r.id, r.name, r.location, coalesce(s.revenue_cents, 0) as revenue_cents, coalesce(s.units, 0) as units
      from restaurants r
      left join (
        select s.restaurant_id, sum((${windowTotal('s', 'running_revenue_cents', parts)})::float8) as revenue_cents,
          sum(${windowTotal('s', 'running_units', parts)}) as units
        from monthly_restaurant_stats s
        where s.restaurant_id in (${scopeIds(scope)}) and ${inMonths(sql`s.month`, parts)}
        group by s.restaurant_id
      ) s on s.restaurant_id = r.id
      where r.franchise_id = ${scope.franchiseId}${branchConditions(sql`r.id`, scope)}`,
      ['id', 'name', 'location', 'revenue_cents', 'units'],
    ),
  });
  const t = tally(REVENUE_KEYS, days, window);
  const totals = revenueFigures(t.totals);
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, ...revenueFigures(t.series[i]!) })),
    totals,
    previous_totals: revenueFigures(t.previous),
    franchise_summary: {
      total_revenue: totals.revenue,
      total_orders: totals.orders,
      average_revenue_per_restaurant: perDollars(t.totals.revenue_dine_in_cents + t.totals.revenue_takeaway_cents, branches.length),
      total_dine_in_revenue: totals.dine_in,
      total_takeaway_revenue: totals.takeaway,
    },
    restaurants: branches
      .sort((a, b) => a.revenue_cents - b.revenue_cents || byText(a.name, b.name) || a.id - b.id)
      .map((r) => ({ id: r.id, name: r.name, location: r.location, units: r.units, revenue: dollars(r.revenue_cents) })),
  };
}

type SoldRow = { sku: string; name: string; menu: MenuName; is_combo: boolean; units: number; revenue_cents: number };

async function bestSellers(db: Db, scope: AnalyticsScope, window: AnalyticsWindow, limit: number): Promise<BestSellers> {
  // For every branch, the per-franchise rollup has one row per item and day instead of one per branch too.
  const sold = wholeFranchise(scope)
    ? sql`select menu_item_id, sum(units) as units, sum(revenue_cents::float8) as revenue_cents
          from daily_franchise_item_sales where franchise_id = ${scope.franchiseId} and ${inWindow(sql`day`, window)}
          group by menu_item_id`
    : sql`select menu_item_id, sum(units) as units, sum(revenue_cents::float8) as revenue_cents
          from daily_item_sales where restaurant_id in (${scopeIds(scope)}) and ${inWindow(sql`day`, window)}
          group by menu_item_id`;
  const { ranked } = await fetchParts<{ ranked: SoldRow[] }>(db, {
    ranked: part(
      sql`select sku, name, menu, is_combo, units, revenue_cents from (
        select m.sku, m.name, m.menu, m.is_combo, sold.units, sold.revenue_cents,
          row_number() over (partition by m.is_combo order by sold.units desc, sold.revenue_cents desc, m.name collate "C", m.sku collate "C") as rank
        from (${sold}) sold join menu_items m on m.id = sold.menu_item_id and m.franchise_id = ${scope.franchiseId}
      ) ranked
      where rank <= ${limit}`,
      ['sku', 'name', 'menu', 'is_combo', 'units', 'revenue_cents'],
    ),
  });
  const ordered = ranked.sort(
    (a, b) => b.units - a.units || b.revenue_cents - a.revenue_cents || byText(a.name, b.name) || byText(a.sku, b.sku),
  );
  const shape = (r: SoldRow): SellingItem => ({
    sku: r.sku,
    name: r.name,
    menu: r.menu,
    is_combo: r.is_combo,
    units: r.units,
    revenue: dollars(r.revenue_cents),
  });
  return { window, items: ordered.filter((r) => !r.is_combo).map(shape), combos: ordered.filter((r) => r.is_combo).map(shape) };
}

const HOURS_KEYS = ['assigned_minutes', 'actual_minutes', 'labour_cost_cents', 'shifts', 'shifts_attended'] as const;
type HoursKey = (typeof HOURS_KEYS)[number];
const ROSTER_REVENUE_KEYS = ['revenue_dine_in_cents', 'revenue_takeaway_cents'] as const;
type RosterRevenueKey = (typeof ROSTER_REVENUE_KEYS)[number];
const ROSTER_KEYS = [...HOURS_KEYS, ...ROSTER_REVENUE_KEYS] as const;
/** A roster bucket's (or window's) integer counters: minutes, cents and shifts. */
export type RosterCounts = Counters<HoursKey | RosterRevenueKey>;

function rosterFigures(h: RosterCounts): RosterFigures {
  const cents = h.revenue_dine_in_cents + h.revenue_takeaway_cents;
  return {
    assigned_hours: hours(h.assigned_minutes),
    actual_hours: hours(h.actual_minutes),
    labour_cost: dollars(h.labour_cost_cents),
    attendance: percent(h.shifts_attended, h.shifts),
    revenue: dollars(cents),
    revenue_per_labour_hour: perHour(cents, h.actual_minutes),
  };
}

type StaffRow = { person_id: number; name: string; restaurant: string; assigned_minutes: number; actual_minutes: number };

/**
 * Everyone with hours in the window, by actual hours, most first. A person who worked at several of
 * the scope's branches is listed once, under the branch of most actual hours, with all their minutes.
 */
function staffMinutes(rows: StaffRow[]): StaffRow[] {
  const byPerson = new Map<number, { name: string; assigned: number; actual: number; restaurant: string; most: number }>();
  for (const r of rows) {
    const branch = r.restaurant;
    const p = byPerson.get(r.person_id) ?? { name: r.name, assigned: 0, actual: 0, restaurant: branch, most: -1 };
    p.assigned += r.assigned_minutes;
    p.actual += r.actual_minutes;
    if (r.actual_minutes > p.most || (r.actual_minutes === p.most && byText(branch, p.restaurant) < 0)) {
      p.most = r.actual_minutes;
      p.restaurant = branch;
    }
    byPerson.set(r.person_id, p);
  }
  return [...byPerson]
    .map(([id, p]) => ({ id, ...p }))
    .sort((a, b) => b.actual - a.actual || byText(a.name, b.name) || a.id - b.id)
    .map((p) => ({ person_id: p.id, name: p.name, restaurant: p.restaurant, assigned_minutes: p.assigned, actual_minutes: p.actual }));
}

/** A window cut at month boundaries: each month's first day and the days of that month inside the window. */
type MonthPart = { month: string; from: number; to: number };

function monthParts(w: Pick<AnalyticsWindow, 'start_date' | 'end_date'>): MonthPart[] {
  const parts: MonthPart[] = [];
  for (let month = monthStart(w.start_date); month <= w.end_date; month = monthStart(month, 1)) {
    const last = addDays(monthStart(month, 1), -1);
    const from = month > w.start_date ? month : w.start_date;
    const to = last < w.end_date ? last : w.end_date;
    parts.push({ month, from: Number(from.slice(8)), to: Number(to.slice(8)) });
  }
  return parts;
}

/**
 * A counter's total over the window from a monthly row's running-total array (element d = days 1..d
 * of the month): element `to` minus element `from − 1` of each month the window touches; element 0
 * is null, that is no days before the 1st. Only the window's first and last months are partial.
 */
function windowTotal(alias: string, column: string, parts: MonthPart[]): RawBuilder<unknown> {
  const running = sql.ref(`${alias}.${column}`);
  const month = sql.ref(`${alias}.month`);
  const first = parts[0]!;
  const last = parts.at(-1)!;
  const to = sql`case when ${month} = ${last.month}::date then ${last.to} else cardinality(${running}) end`;
  const from = sql`case when ${month} = ${first.month}::date then ${first.from} else 1 end`;
  return sql`${running}[${to}] - coalesce(${running}[${from} - 1], 0)`;
}

const inMonths = (column: RawBuilder<unknown>, parts: MonthPart[]) =>
  sql`${column} between ${parts[0]!.month}::date and ${parts.at(-1)!.month}::date`;

/**
 * Each person's minutes per branch over the window, from the running totals of monthly_staff_hours:
 * one row per person, branch and month, whatever days the window's edges cut. `shifts` tells who
 * worked in the window: a person with no shift inside it is left out.
 */
function staffHours(scope: AnalyticsScope, w: Pick<AnalyticsWindow, 'start_date' | 'end_date'>): RawBuilder<unknown> {
  const parts = monthParts(w);
  return sql`select h.person_id, h.restaurant_id,
      sum(${windowTotal('h', 'running_assigned_minutes', parts)}) as assigned_minutes,
      sum(${windowTotal('h', 'running_actual_minutes', parts)}) as actual_minutes
    from monthly_staff_hours h
    where h.restaurant_id in (${scopeIds(scope)}) and ${inMonths(sql`h.month`, parts)}
    group by h.person_id, h.restaurant_id
    having sum(${windowTotal('h', 'running_shifts', parts)}) > 0`;
}

/** The roster's integer counters per bucket, for the window, the previous window and today, and each person's minutes. */
export type RosterTally = Tally<HoursKey | RosterRevenueKey> & { staff: StaffRow[] };

/** The roster answer's figures before rounding (the roster page sums them into its Total rows): one statement. */
export async function rosterTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<RosterTally> {
  const counters = (alias: string, keys: readonly string[]) =>
    sql.join(keys.map((k) => sql`coalesce(${sql.ref(`${alias}.${k}`)}, 0) as ${sql.ref(k)}`));
  const { days, staff } = await fetchParts<{ days: DayRow<HoursKey | RosterRevenueKey>[]; staff: StaffRow[] }>(db, {
    // Revenue and hours per day side by side: one part instead of two.
    days: part(
      sql`select coalesce(s.day, h.day) as day, ${counters('s', ROSTER_REVENUE_KEYS)}, ${counters('h', HOURS_KEYS)}
      from (${statsByDay(scope, window, ROSTER_REVENUE_KEYS).query}) s
      full join (${rollupByDay(scope, window, { franchise: 'daily_franchise_staff_hours', restaurant: 'daily_staff_hours' }, HOURS_KEYS, ['labour_cost_cents']).query}) h
        on h.day = s.day`,
      ['day', ...ROSTER_REVENUE_KEYS, ...HOURS_KEYS],
    ),
    // Names joined here rather than sent as lists of every person and branch.
    staff: part(
      sql`select h.person_id, coalesce(p.name, '') as name, coalesce(r.name, '') as restaurant, h.assigned_minutes, h.actual_minutes
      from (${staffHours(scope, window)}) h
      left join people p on p.id = h.person_id and p.franchise_id = ${scope.franchiseId}
      left join restaurants r on r.id = h.restaurant_id and r.franchise_id = ${scope.franchiseId}`,
      ['person_id', 'name', 'restaurant', 'assigned_minutes', 'actual_minutes'],
    ),
  });
  return { ...tally(ROSTER_KEYS, days, window), staff: staffMinutes(staff) };
}

async function roster(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Roster> {
  const t = await rosterTally(db, scope, window);
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, ...rosterFigures(t.series[i]!) })),
    totals: rosterFigures(t.totals),
    previous_totals: rosterFigures(t.previous),
    staff: t.staff.map((p): StaffProductivity => ({
      person_id: p.person_id,
      name: p.name,
      restaurant: p.restaurant,
      assigned_hours: hours(p.assigned_minutes),
      actual_hours: hours(p.actual_minutes),
      percent: percent(p.actual_minutes, p.assigned_minutes),
    })),
  };
}

function procurementFigures(spendCents: number, quantity: number, suppliers: number): ProcurementFigures {
  return { spend: dollars(spendCents), quantity, suppliers, average_per_supplier: perDollars(spendCents, suppliers) };
}

type PurchaseGroup = { day: string | null; period: 'window' | 'previous' | null; category: string | null; supplier_id: number | null };

async function procurement(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Procurement> {
  // One pass over the rollup rows: per day (series, totals), and per category and per supplier of each window.
  const { groups, names } = await fetchParts<{
    groups: (PurchaseGroup & { quantity: number; spend_cents: number })[];
    names: { id: number; name: string }[];
  }>(db, {
    groups: part(
      sql`select p.day::text as day, p.period, p.category, p.supplier_id,
        sum(p.quantity::float8) as quantity, sum(p.amount_cents::float8) as spend_cents
      from (
        select s.day, s.category, s.supplier_id, s.quantity, s.amount_cents,
          case when ${inWindow(sql`s.day`, window)} then 'window' when ${inWindow(sql`s.day`, window.previous)} then 'previous' end as period
        ${scopeRows(scope, { franchise: 'daily_franchise_purchases', restaurant: 'daily_purchases' }, (day) => answerDays(day, window))}
      ) p
      group by grouping sets ((p.day), (p.period, p.category), (p.period, p.supplier_id))`,
      ['day', 'period', 'category', 'supplier_id', 'quantity', 'spend_cents'],
    ),
    names: part(sql`select id, name from suppliers where franchise_id = ${scope.franchiseId}`, ['id', 'name']),
  });
  const days = groups.filter((g): g is typeof g & { day: string } => g.day !== null);
  const t = tally(['spend_cents', 'quantity'] as const, days, window);
  const inWindowOnly = groups.filter((g) => g.period === 'window');
  // Distinct suppliers do not add up across days: one group per supplier of the window.
  const supplierCount = (period: PurchaseGroup['period']) => groups.filter((g) => g.period === period && g.supplier_id !== null).length;
  const byCategory = new Map(inWindowOnly.filter((g) => g.category !== null).map((g) => [g.category, g]));
  const supplierName = new Map(names.map((n) => [n.id, n.name]));
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, spend: dollars(t.series[i]!.spend_cents) })),
    totals: procurementFigures(t.totals.spend_cents, t.totals.quantity, supplierCount('window')),
    previous_totals: procurementFigures(t.previous.spend_cents, t.previous.quantity, supplierCount('previous')),
    // All ten categories, zero when none was bought; equal spends keep the spec's order (the sort is stable).
    categories: PURCHASE_CATEGORIES.map((category) => {
      const c = byCategory.get(category);
      return { category, quantity: c?.quantity ?? 0, spend_cents: c?.spend_cents ?? 0 };
    })
      .sort((a, b) => b.spend_cents - a.spend_cents)
      .map((c) => ({ category: c.category, quantity: c.quantity, spend: dollars(c.spend_cents) })),
    suppliers: inWindowOnly
      .filter((g): g is typeof g & { supplier_id: number } => g.supplier_id !== null)
      .map((g) => ({ id: g.supplier_id, name: supplierName.get(g.supplier_id) ?? '', quantity: g.quantity, spend_cents: g.spend_cents }))
      .sort((a, b) => b.spend_cents - a.spend_cents || byText(a.name, b.name) || a.id - b.id)
      .map((s) => ({ id: s.id, name: s.name, quantity: s.quantity, spend: dollars(s.spend_cents) })),
  };
}

/** A branch's integer figures over a window, and its revenue over the previous window. */
export type BranchFigures = {
  id: number;
  name: string;
  revenue_cents: number;
  orders: number;
  labour_cost_cents: number;
  spend_cents: number;
  previous_revenue_cents: number;
};

/**
 * How to total a daily counter over the window from a monthly rollup and its daily one, reading as
 * few daily rows as possible: `months` are added whole, `minus` days taken off them, `days` added
 * one by one. A month the window cuts is read by its days inside, or whole minus its days outside
 * when those are fewer (days after today have no rows yet).
 */
function monthsAndDays(w: Pick<AnalyticsWindow, 'start_date' | 'end_date' | 'today'>) {
  type Days = { start_date: string; end_date: string };
  const months: string[] = [];
  const minus: Days[] = [];
  const days: Days[] = [];
  for (const p of monthParts(w)) {
    const first = p.month;
    const last = addDays(monthStart(p.month, 1), -1);
    const from = addDays(first, p.from - 1);
    const to = addDays(first, p.to - 1);
    const before = { start_date: first, end_date: addDays(from, -1) };
    const after = { start_date: addDays(to, 1), end_date: last };
    const outside = p.from - 1 + Math.max(0, dayDiff(to, w.today < last ? w.today : last));
    if (outside === 0) months.push(first);
    else if (outside < p.to - p.from + 1) {
      months.push(first);
      minus.push(...[before, after].filter((d) => d.start_date <= d.end_date));
    } else days.push({ start_date: from, end_date: to });
  }
  return { months, minus, days };
}

/**
 * Every branch of the scope's franchise (those without trade too), or of its `branches`, side by
 * side, whatever the scope's restaurant, for the revenue page's branch comparison: one statement,
 * grouped by branch in SQL. Orders and revenue come from the window's daily stats; the previous
 * window's revenue from the running monthly totals; labour cost from the monthly staff rollup and as
 * few days of the daily one as the window's edges need.
 */
export async function branchComparison(
  db: Db,
  peersOf: Pick<AnalyticsScope, 'franchiseId' | 'branches'>,
  window: AnalyticsWindow,
): Promise<BranchFigures[]> {
  const scope: AnalyticsScope = { ...peersOf, restaurantId: null };
  const { franchiseId } = scope;
  const branches = scopeIds(scope);
  const previous = monthParts(window.previous);
  const labour = monthsAndDays(window);
  const daily = (days: { start_date: string; end_date: string }, sign: '' | '-') =>
    sql`select h.restaurant_id, ${sql.raw(sign)}h.labour_cost_cents as labour_cost_cents from daily_staff_hours h
      where h.restaurant_id in (${branches}) and ${inWindow(sql`h.day`, days)}`;
  const labourRows = [
    ...(labour.months.length === 0
      ? []
      : [
          sql`select m.restaurant_id, m.labour_cost_cents from monthly_staff_hours m
            where m.restaurant_id in (${branches}) and m.month in (${sql.join(labour.months.map((month) => sql`${month}::date`))})`,
        ]),
    ...labour.minus.map((days) => daily(days, '-')),
    ...labour.days.map((days) => daily(days, '')),
  ];
  const { rows } = await fetchParts<{ rows: BranchFigures[] }>(db, {
    rows: part(
      sql`select r.id, r.name, coalesce(s.revenue_cents, 0) as revenue_cents, coalesce(s.orders, 0) as orders,
        coalesce(h.labour_cost_cents, 0) as labour_cost_cents, coalesce(p.spend_cents, 0) as spend_cents,
        coalesce(m.previous_revenue_cents, 0) as previous_revenue_cents
      from restaurants r
      left join (
        select s.restaurant_id, sum((s.revenue_dine_in_cents + s.revenue_takeaway_cents)::float8) as revenue_cents,
          sum(s.orders_dine_in + s.orders_takeaway) as orders
        from daily_restaurant_stats s
        where s.restaurant_id in (${branches}) and ${inWindow(sql`s.day`, window)}
        group by s.restaurant_id
      ) s on s.restaurant_id = r.id
      left join (
        select m.restaurant_id, sum((${windowTotal('m', 'running_revenue_cents', previous)})::float8) as previous_revenue_cents
        from monthly_restaurant_stats m
        where m.restaurant_id in (${branches}) and ${inMonths(sql`m.month`, previous)}
        group by m.restaurant_id
      ) m on m.restaurant_id = r.id
      left join (
        select l.restaurant_id, sum(l.labour_cost_cents::float8) as labour_cost_cents
        from (${sql.join(labourRows, sql` union all `)}) l
        group by l.restaurant_id
      ) h on h.restaurant_id = r.id
      left join (
        select p.restaurant_id, sum(p.amount_cents::float8) as spend_cents
        from daily_purchases p
        where p.restaurant_id in (${branches}) and ${inWindow(sql`p.day`, window)}
        group by p.restaurant_id
      ) p on p.restaurant_id = r.id
      where r.franchise_id = ${franchiseId}${branchConditions(sql`r.id`, scope)}`,
      ['id', 'name', 'revenue_cents', 'orders', 'labour_cost_cents', 'spend_cents', 'previous_revenue_cents'],
    ),
  });
  return rows;
}

/**
 * The answer of one analytics kind for a scope (one branch, or every branch the member reaches) over
 * a resolved window, read from the daily rollups only: one statement per answer.
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

/** The names a report is headed with: the franchise, and the branch of a branch's report (null franchise-wide). */
export async function reportHeading(
  db: Db,
  scope: AnalyticsScope,
): Promise<{ franchise: { id: number; name: string }; branch: { id: number; name: string; location: string } | null }> {
  const row = await db
    .selectFrom('franchises as f')
    .leftJoin('restaurants as r', (join) => join.onRef('r.franchise_id', '=', 'f.id').on('r.id', '=', scope.restaurantId ?? 0))
    .select(['f.id', 'f.name', 'r.id as branch_id', 'r.name as branch_name', 'r.location as branch_location'])
    .where('f.id', '=', scope.franchiseId)
    .executeTakeFirstOrThrow();
  const franchise = { id: row.id, name: row.name };
  if (row.branch_id === null) return { franchise, branch: null };
  return { franchise, branch: { id: row.branch_id, name: row.branch_name ?? '', location: row.branch_location ?? '' } };
}
