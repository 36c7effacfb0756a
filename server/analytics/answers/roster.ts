import { sql, type RawBuilder } from 'kysely';
import { columnsOf } from '../../db/typed-sql.js';
import type { AnalyticsWindow, Roster, RosterFigures, StaffProductivity } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { tally, type Counters, type DayRow, type Tally } from './buckets.js';
import { inMonths, monthParts, windowTotal } from './months.js';
import { byText, dollars, hours, percent, perHour } from './rounding.js';
import { scopeIds, type AnalyticsScope } from './scope.js';
import { fetchParts, part, rollupByDay, statsByDay } from './sql-parts.js';

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

/**
 * Each person's minutes per branch over the window, from the running totals of monthly_staff_hours:
 * one row per person, branch and month, whatever days the window's edges cut. `shifts` tells who
 * worked in the window: a person with no shift inside it is left out.
 */
function staffHours(scope: AnalyticsScope, w: Pick<AnalyticsWindow, 'start_date' | 'end_date'>): RawBuilder<unknown> {
  const parts = monthParts(w);
  const h = columnsOf('monthly_staff_hours', 'h');
  // Raw: the window's totals subscript the running-total arrays.
  return sql`select ${h('person_id')}, ${h('restaurant_id')},
      sum(${windowTotal(h('running_assigned_minutes'), h('month'), parts)}) as assigned_minutes,
      sum(${windowTotal(h('running_actual_minutes'), h('month'), parts)}) as actual_minutes
    from monthly_staff_hours h
    where ${h('restaurant_id')} in ${scopeIds(scope)} and ${inMonths(h('month'), parts)}
    group by ${h('person_id')}, ${h('restaurant_id')}
    having sum(${windowTotal(h('running_shifts'), h('month'), parts)}) > 0`;
}

/** The roster's integer counters per bucket, for the window, the previous window and today, and each person's minutes. */
export type RosterTally = Tally<HoursKey | RosterRevenueKey> & { window: AnalyticsWindow; staff: StaffRow[] };

/** The roster answer's figures before rounding (the roster page sums them into its Total rows): one statement. */
export async function rosterTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<RosterTally> {
  const p = columnsOf('people', 'p');
  const r = columnsOf('restaurants', 'r');
  const counters = (alias: string, keys: readonly string[]) =>
    sql.join(keys.map((k) => sql`coalesce(${sql.ref(`${alias}.${k}`)}, 0) as ${sql.ref(k)}`));
  const { days, staff } = await fetchParts<{ days: DayRow<HoursKey | RosterRevenueKey>[]; staff: StaffRow[] }>(db, {
    // Revenue and hours per day side by side: one part instead of two. Raw: a full join of two raw parts.
    days: part(
      sql`select coalesce(s.day, h.day) as day, ${counters('s', ROSTER_REVENUE_KEYS)}, ${counters('h', HOURS_KEYS)}
      from (${statsByDay(scope, window, ROSTER_REVENUE_KEYS).query}) s
      full join (${rollupByDay(scope, window, { franchise: 'daily_franchise_staff_hours', restaurant: 'daily_staff_hours' }, HOURS_KEYS, ['labour_cost_cents']).query}) h
        on h.day = s.day`,
      ['day', ...ROSTER_REVENUE_KEYS, ...HOURS_KEYS],
    ),
    // Names joined here rather than sent as lists of every person and branch. Raw: joins the raw staff hours.
    staff: part(
      sql`select h.person_id, coalesce(${p('name')}, '') as name, coalesce(${r('name')}, '') as restaurant, h.assigned_minutes, h.actual_minutes
      from (${staffHours(scope, window)}) h
      left join people p on ${p('id')} = h.person_id and ${p('franchise_id')} = ${scope.franchiseId}
      left join restaurants r on ${r('id')} = h.restaurant_id and ${r('franchise_id')} = ${scope.franchiseId}`,
      ['person_id', 'name', 'restaurant', 'assigned_minutes', 'actual_minutes'],
    ),
  });
  return { window, ...tally(ROSTER_KEYS, days, window), staff: staffMinutes(staff) };
}

export function rosterAnswer(t: RosterTally): Roster {
  return {
    window: t.window,
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
