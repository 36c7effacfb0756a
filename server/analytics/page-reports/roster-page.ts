import { formatNumber } from '@contract/presentation/format.js';
import { attendanceOf } from '../answers/roster.js';
import { dollars, hours, perHour } from '../answers/rounding.js';
import { noData } from './no-data.js';
import { card, column, lineChart, NO_TRADE, periodColumn, row, share, sum, table, type Figures, type PageContext } from './report-parts.js';

// The Roster & Productivity page, from the roster's minutes, cents and shifts before rounding.

export async function rosterPage({ window, rangeLabel: range, figures: read }: PageContext): Promise<Figures> {
  const t = await read('roster');
  const revenue = (c: (typeof t.series)[number]) => c.revenue_dine_in_cents + c.revenue_takeaway_cents;
  // Every row's, the Total's and the card's attendance by one definition: attended / rostered shifts of the counters summed.
  const figures = (label: string, c: (typeof t.series)[number]) =>
    row([
      label,
      dollars(c.labour_cost_cents),
      attendanceOf(c),
      dollars(revenue(c)),
      c.actual_minutes === 0 ? null : perHour(revenue(c), c.actual_minutes),
      share(c.labour_cost_cents, revenue(c)),
      hours(c.assigned_minutes),
      hours(c.actual_minutes),
    ]);
  const summed = Object.fromEntries(Object.keys(t.totals).map((k) => [k, sum(t.series, (c) => c[k as keyof typeof c])])) as typeof t.totals;
  // The staff table lists the `limit` people with most hours; its Total is everyone's, the window's hours.
  const { assigned_minutes: assigned, actual_minutes: actual } = t.totals;
  const previousRevenue = revenue(t.previous);
  return {
    no_data: noData('roster', t),
    cards: [
      card('labour_cost', 'Labour Cost', 'money', dollars(t.totals.labour_cost_cents), dollars(t.previous.labour_cost_cents)),
      card('attendance', 'Attendance (all shifts)', 'percent', attendanceOf(t.totals) ?? 0, attendanceOf(t.previous)),
      card(
        'revenue_per_hour',
        'Productivity',
        'money_per_hour',
        perHour(revenue(t.totals), t.totals.actual_minutes),
        t.previous.actual_minutes === 0 ? null : perHour(previousRevenue, t.previous.actual_minutes),
      ),
      card(
        'labour_share',
        'Labour Cost % of Revenue',
        'percent',
        share(t.totals.labour_cost_cents, revenue(t.totals)) ?? 0,
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
    ],
    chart: lineChart(
      'Labour Cost and Revenue',
      'breakdown',
      ['labour_cost', 'revenue'],
      [t.previousSeries.map((c) => dollars(c.labour_cost_cents)), t.previousSeries.map((c) => dollars(revenue(c)))],
    ),
  };
}
