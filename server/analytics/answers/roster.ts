import { sql, type RawBuilder } from 'kysely';
import { columnsOf } from '../../db/typed-sql.js';
import type { AnalyticsWindow, Roster, RosterFigures, StaffProductivity } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { tally, type Counters, type DayRow, type Tally } from './buckets.js';
import { inMonths, monthParts, windowTotal } from './months.js';
import { byText, dollars, hours, percent, perHour } from './rounding.js';
import { revenueCents } from './revenues.js';
import { scopeIds, type AnalyticsScope } from './scope.js';
import { fetchParts, part, rollupByDay, statsByDay } from './sql-parts.js';

const HOURS_KEYS = ['assigned_minutes', 'actual_minutes', 'labour_cost_cents', 'shifts', 'shifts_attended'] as const;
type HoursKey = (typeof HOURS_KEYS)[number];
const ROSTER_REVENUE_KEYS = ['revenue_dine_in_cents', 'revenue_takeaway_cents', 'revenue_delivery_cents'] as const;
type RosterRevenueKey = (typeof ROSTER_REVENUE_KEYS)[number];
const ROSTER_KEYS = [...HOURS_KEYS, ...ROSTER_REVENUE_KEYS] as const;
/** A roster bucket's (or window's) integer counters: minutes, cents and shifts. */
export type RosterCounts = Counters<HoursKey | RosterRevenueKey>;

/**
 * Attendance (docs/product.md#metrics): attended shifts / rostered shifts in %, one decimal, over whatever
 * the counters cover (a bucket, a branch, the window): summed shifts, so a window's figure is weighted by
 * shifts, never a mean of its rows' percentages. Null without a rostered shift.
 */
export const attendanceOf = (c: Pick<RosterCounts, 'shifts' | 'shifts_attended'>): number | null =>
  c.shifts === 0 ? null : percent(c.shifts_attended, c.shifts);

function rosterFigures(h: RosterCounts): RosterFigures {
  const cents = revenueCents(h);
  return {
    assigned_hours: hours(h.assigned_minutes),
    actual_hours: hours(h.actual_minutes),
    labour_cost: dollars(h.labour_cost_cents),
    attendance: attendanceOf(h) ?? 0,
    revenue: dollars(cents),
    revenue_per_labour_hour: perHour(cents, h.actual_minutes),
  };
}

type StaffRow = { person_id: number; name: string; restaurant: string; assigned_minutes: number; actual_minutes: number };
type RankedStaffRow = StaffRow & { staff_count: number };

/**
 * Minutes over the window from the running totals of monthly_staff_hours, one row per person, branch
 * and month whatever days the window's edges cut, grouped by `by`. `shifts` tells who worked in the
 * window: a group with no shift inside it is left out. `people` narrows the rows to those people.
 */
function staffHours(
  scope: AnalyticsScope,
  w: Pick<AnalyticsWindow, 'start_date' | 'end_date'>,
  by: 'person' | 'person and branch',
  people?: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const parts = monthParts(w);
  const h = columnsOf('monthly_staff_hours', 'h');
  const total = (running: 'running_assigned_minutes' | 'running_actual_minutes' | 'running_shifts') =>
    sql`sum(${windowTotal(h(running), h('month'), parts)})`;
  const keys = by === 'person' ? sql`${h('person_id')}` : sql`${h('person_id')}, ${h('restaurant_id')}`;
  // Raw: the window's totals subscript the running-total arrays.
  return sql`select ${keys}, ${by === 'person' ? sql`` : sql`${total('running_assigned_minutes')} as assigned_minutes, `}${total('running_actual_minutes')} as actual_minutes
    from monthly_staff_hours h
    where ${h('restaurant_id')} in ${scopeIds(scope)} and ${inMonths(h('month'), parts)}${people ? sql` and ${h('person_id')} in (${people})` : sql``}
    group by ${keys}
    having ${total('running_shifts')} > 0`;
}

/**
 * The `limit` people with most actual hours (ties by name, then id), each with all their minutes and
 * under the branch of most actual hours (ties by the branch's name), and on every row how many people
 * worked in the window. Ranked and cut here, so the rows sent and the names joined stay `limit` however
 * many people the franchise rosters: everyone is ranked on actual minutes alone (two array reads per
 * row), `rank()` keeps everyone tied with the last place, whose names decide the cut, and only the
 * people kept are read again per branch for their assigned minutes and branch.
 */
function topStaff(scope: AnalyticsScope, w: AnalyticsWindow, limit: number): RawBuilder<unknown> {
  const p = columnsOf('people', 'p');
  const r = columnsOf('restaurants', 'r');
  const name = sql`coalesce(${p('name')}, '')`;
  const branch = sql`coalesce(${r('name')}, '')`;
  // Raw: window functions ordered by a collation, and distinct on.
  return sql`with ranked as (
      select x.person_id, x.actual_minutes, count(*) over () as staff_count, rank() over (order by x.actual_minutes desc) as hours_rank
      from (${staffHours(scope, w, 'person')}) x
    ),
    kept as (
      select n.* from (
        select x.person_id, ${name} as name, x.actual_minutes, x.staff_count,
          row_number() over (order by x.actual_minutes desc, ${name} collate "C", x.person_id) as place
        from ranked x left join people p on ${p('id')} = x.person_id and ${p('franchise_id')} = ${scope.franchiseId}
        where x.hours_rank <= ${limit}
      ) n where n.place <= ${limit}
    ),
    branches as (${staffHours(scope, w, 'person and branch', sql`select person_id from kept`)})
    select distinct on (k.person_id) k.person_id, k.name, ${branch} as restaurant,
      sum(h.assigned_minutes) over (partition by k.person_id) as assigned_minutes, k.actual_minutes, k.staff_count
    from kept k
      join branches h on h.person_id = k.person_id
      left join restaurants r on ${r('id')} = h.restaurant_id and ${r('franchise_id')} = ${scope.franchiseId}
    order by k.person_id, h.actual_minutes desc, ${branch} collate "C"`;
}

/** The roster's integer counters per bucket, for the window and the previous window; its top staff and how many worked. */
export type RosterTally = Tally<HoursKey | RosterRevenueKey> & { window: AnalyticsWindow; staff: StaffRow[]; staff_count: number };

/** The roster answer's figures before rounding (the roster page sums them into its Total rows): one statement. */
export async function rosterTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow, limit: number): Promise<RosterTally> {
  const counters = (alias: string, keys: readonly string[]) =>
    sql.join(keys.map((k) => sql`coalesce(${sql.ref(`${alias}.${k}`)}, 0) as ${sql.ref(k)}`));
  const { days, staff } = await fetchParts<{ days: DayRow<HoursKey | RosterRevenueKey>[]; staff: RankedStaffRow[] }>(db, {
    // Revenue and hours per day side by side: one part instead of two. Raw: a full join of two raw parts.
    days: part(
      sql`select coalesce(s.day, h.day) as day, ${counters('s', ROSTER_REVENUE_KEYS)}, ${counters('h', HOURS_KEYS)}
      from (${statsByDay(scope, window, ROSTER_REVENUE_KEYS).query}) s
      full join (${rollupByDay(scope, window, { franchise: 'daily_franchise_staff_hours', restaurant: 'daily_staff_hours' }, HOURS_KEYS, ['labour_cost_cents']).query}) h
        on h.day = s.day`,
      ['day', ...ROSTER_REVENUE_KEYS, ...HOURS_KEYS],
    ),
    staff: part(topStaff(scope, window, limit), ['person_id', 'name', 'restaurant', 'assigned_minutes', 'actual_minutes', 'staff_count']),
  });
  return {
    window,
    ...tally(ROSTER_KEYS, days, window),
    staff: staff
      .sort((a, b) => b.actual_minutes - a.actual_minutes || byText(a.name, b.name) || a.person_id - b.person_id)
      .map(({ staff_count: _, ...person }) => person),
    staff_count: staff[0]?.staff_count ?? 0,
  };
}

export function rosterAnswer(t: RosterTally): Roster {
  return {
    window: t.window,
    series: t.buckets.map((b, i) => ({ ...b, ...rosterFigures(t.series[i]!) })),
    previous_series: t.previousSeries.map(rosterFigures),
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
    staff_count: t.staff_count,
  };
}
