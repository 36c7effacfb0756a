import { formatNumber, formatWeekday } from '@contract/presentation/format.js';
import { attendanceOf } from '../answers/roster.js';
import { revenueCents } from '../answers/revenues.js';
import { dollars, hours, perHour } from '../answers/rounding.js';
import { LABOUR_PLAN_DAYS, type LabourPlanDay } from '../forecast/labour-plan.js';
import { noData } from './no-data.js';
import { card, column, lineChart, NO_TRADE, periodColumn, row, share, sum, table, type Figures, type PageContext } from './report-parts.js';

// The Roster & Productivity page, from the roster's minutes, cents and shifts before rounding.

export const NO_LABOUR_TARGETS = 'Set labour cost targets on the Targets page.';

/** A Labour Plan row: the day's target is the branches' common one, else labour / their forecast revenue. */
const planRow = (
  label: string,
  d: Pick<LabourPlanDay, 'revenue' | 'covered_revenue' | 'labour' | 'common_tenths'>,
  covered: string | null,
) =>
  row([
    label,
    dollars(d.revenue),
    d.labour === null ? null : d.common_tenths === null ? share(d.labour, d.covered_revenue) : d.common_tenths / 10,
    d.labour === null ? null : dollars(d.labour),
    covered,
  ]);

export async function rosterPage({ window, rangeLabel: range, figures: read, labourPlan }: PageContext): Promise<Figures> {
  const [t, plan] = await Promise.all([read('roster'), labourPlan()]);
  // Every row's, the Total's and the card's attendance by one definition: attended / rostered shifts of the counters summed.
  const figures = (label: string, c: (typeof t.series)[number]) =>
    row([
      label,
      dollars(c.labour_cost_cents),
      attendanceOf(c),
      dollars(revenueCents(c)),
      c.actual_minutes === 0 ? null : perHour(revenueCents(c), c.actual_minutes),
      share(c.labour_cost_cents, revenueCents(c)),
      hours(c.assigned_minutes),
      hours(c.actual_minutes),
    ]);
  const summed = Object.fromEntries(Object.keys(t.totals).map((k) => [k, sum(t.series, (c) => c[k as keyof typeof c])])) as typeof t.totals;
  // The staff table lists the `limit` people with most hours; its Total is everyone's, the window's hours.
  const { assigned_minutes: assigned, actual_minutes: actual } = t.totals;
  const previousRevenue = revenueCents(t.previous);
  return {
    no_data: noData('roster', t),
    cards: [
      card('labour_cost', 'Labour Cost', 'money', dollars(t.totals.labour_cost_cents), dollars(t.previous.labour_cost_cents)),
      card('attendance', 'Attendance (all shifts)', 'percent', attendanceOf(t.totals) ?? 0, attendanceOf(t.previous)),
      card(
        'revenue_per_hour',
        'Productivity',
        'money_per_hour',
        perHour(revenueCents(t.totals), t.totals.actual_minutes),
        t.previous.actual_minutes === 0 ? null : perHour(previousRevenue, t.previous.actual_minutes),
      ),
      card(
        'labour_share',
        'Labour Cost % of Revenue',
        'percent',
        share(t.totals.labour_cost_cents, revenueCents(t.totals)) ?? 0,
        share(t.previous.labour_cost_cents, previousRevenue),
      ),
    ],
    tables: [
      table(
        'breakdown',
        'Roster & Productivity Breakdown',
        [
          periodColumn(window),
          column('labour_cost', 'Labour Cost', 'money'),
          column('attendance', 'Attendance (%)', 'percent'),
          column('revenue', 'Revenue', 'money'),
          column('productivity', 'Productivity ($/h)', 'money_per_hour'),
          column('labour_share', 'Labour % of Revenue', 'percent'),
          column('assigned_hours', 'Assigned Hours', 'hours'),
          column('actual_hours', 'Actual Hours', 'hours'),
        ],
        t.buckets.map((b, i) => figures(b.label, t.series[i]!)),
        figures('Total', summed),
        NO_TRADE,
      ),
      table(
        'staff',
        `Staff Productivity (${range})`,
        [
          column('name', 'Staff', 'text'),
          column('restaurant', 'Restaurant', 'text'),
          column('assigned_hours', 'Assigned Hours', 'hours'),
          column('actual_hours', 'Actual Hours', 'hours'),
          column('percent', 'Actual / Assigned (%)', 'percent'),
        ],
        t.staff.map((p) =>
          row([p.name, p.restaurant, hours(p.assigned_minutes), hours(p.actual_minutes), share(p.actual_minutes, p.assigned_minutes)]),
        ),
        row([`All staff (${formatNumber(t.staff_count)})`, null, hours(assigned), hours(actual), share(actual, assigned)]),
        'No one was rostered in this window.',
      ),
      table(
        'labour_plan',
        `Labour Plan (next ${LABOUR_PLAN_DAYS} days)`,
        [
          column('day', 'Day', 'text'),
          column('forecast_revenue', 'Forecast Revenue', 'money'),
          column('labour_target', 'Labour Cost Target (%)', 'percent'),
          column('labour_to_roster', 'Labour to Roster', 'money'),
          column('branches', 'Branches with a Target', 'text'),
        ],
        plan.map((d) => planRow(formatWeekday(d.day), d, `${d.branches_with_target} of ${d.branches}`)),
        plan.length === 0 ? null : planRow('Total', planTotal(plan), null),
        NO_LABOUR_TARGETS,
      ),
    ],
    chart: lineChart(
      'Labour Cost and Revenue',
      'breakdown',
      ['labour_cost', 'revenue'],
      [t.previousSeries.map((c) => dollars(c.labour_cost_cents)), t.previousSeries.map((c) => dollars(revenueCents(c)))],
    ),
  };
}

/** The plan's days summed; its % is the labour over the forecast revenue it was planned from (no common target across days). */
function planTotal(plan: readonly LabourPlanDay[]): Pick<LabourPlanDay, 'revenue' | 'covered_revenue' | 'labour' | 'common_tenths'> {
  const planned = plan.filter((d) => d.labour !== null);
  const tenths = new Set(planned.map((d) => d.common_tenths));
  return {
    revenue: sum(plan, (d) => d.revenue),
    covered_revenue: sum(planned, (d) => d.covered_revenue),
    labour: sum(planned, (d) => d.labour!),
    common_tenths: tenths.size === 1 ? [...tenths][0]! : null,
  };
}
