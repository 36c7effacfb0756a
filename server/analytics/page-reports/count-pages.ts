import { DAYPARTS, daypartOf } from '@contract/analytics.contract.js';
import { hourLabel } from '@contract/presentation/format.js';
import { headcountsAnswer } from '../answers/headcounts.js';
import { hoursAnswer, type HoursTally } from '../answers/hours.js';
import { ordersAnswer } from '../answers/orders.js';
import { dollars } from '../answers/rounding.js';
import { noData } from './no-data.js';
import { deliveryPlatformsTable } from './platforms.js';
import { card, column, lineChart, NO_TRADE, periodColumn, row, share, sum, table, type Figures, type PageContext } from './report-parts.js';

// The Orders and Headcount pages: counts only, shaped as the answers give them.

/** Orders and revenue per daypart (docs/product.md#hours), summed from the hours' integer cells. */
function daypartsTable({ cells }: HoursTally) {
  const parts = DAYPARTS.map((d) => ({ ...d, orders: 0, cents: 0 }));
  for (const c of cells) {
    const part = parts[DAYPARTS.indexOf(daypartOf(c.hour))]!;
    part.orders += c.orders;
    part.cents += c.revenue_cents;
  }
  const [orders, cents] = [sum(parts, (p) => p.orders), sum(parts, (p) => p.cents)];
  return table(
    'dayparts',
    'Hours of the Day',
    [
      column('daypart', 'Daypart', 'text'),
      column('hours', 'Hours', 'text'),
      column('orders', 'Orders', 'count'),
      column('revenue', 'Revenue', 'money'),
      column('revenue_share', 'Share of Revenue', 'percent'),
    ],
    parts.map((p) => row([p.label, `${hourLabel(p.from)}–${hourLabel(p.to)}`, p.orders, dollars(p.cents), share(p.cents, cents)])),
    row(['Total', null, orders, dollars(cents), share(cents, cents)]),
    NO_TRADE,
  );
}

export async function orderPage({ window, figures }: PageContext): Promise<Figures> {
  const [tally, hours, revenues] = await Promise.all([figures('orders'), figures('hours'), figures('revenues')]);
  const o = ordersAnswer(tally);
  return {
    no_data: noData('order', tally),
    cards: [
      card('total_orders', 'Total Orders', 'count', o.totals.total, o.previous_totals.total),
      card('pos', 'Total Orders by POS', 'count', o.totals.pos, o.previous_totals.pos),
      card('app', 'Total Orders by App', 'count', o.totals.app, o.previous_totals.app),
    ],
    tables: [
      table(
        'breakdown',
        'Order Breakdown',
        [
          periodColumn(window),
          column('dine_in', 'Dine-In', 'count'),
          column('takeaway', 'Takeaway', 'count'),
          column('delivery', 'Delivery', 'count'),
          column('total', 'Total', 'count'),
        ],
        o.series.map((b) => row([b.label, b.dine_in, b.takeaway, b.delivery, b.total])),
        row([
          'Total',
          sum(o.series, (b) => b.dine_in),
          sum(o.series, (b) => b.takeaway),
          sum(o.series, (b) => b.delivery),
          sum(o.series, (b) => b.total),
        ]),
        NO_TRADE,
      ),
      deliveryPlatformsTable(revenues.platforms),
      daypartsTable(hours),
    ],
    chart: lineChart(
      'Orders',
      'breakdown',
      ['dine_in', 'takeaway', 'delivery'],
      (['dine_in', 'takeaway', 'delivery'] as const).map((channel) => o.previous_series.map((b) => b[channel])),
    ),
    heatmap: { title: 'Orders and Revenue by Weekday and Hour', table: 'dayparts', cells: hoursAnswer(hours).cells },
  };
}

export async function headcountPage({ window, figures }: PageContext): Promise<Figures> {
  const tally = await figures('headcounts');
  const h = headcountsAnswer(tally);
  return {
    no_data: noData('headcount', tally),
    cards: [
      card('total', 'Total Headcount', 'count', h.totals.total, h.previous_totals.total),
      card('recurrent', 'Recurrent Patrons', 'count', h.totals.recurrent, h.previous_totals.recurrent),
      card('new', 'New Patrons', 'count', h.totals.new, h.previous_totals.new),
    ],
    tables: [
      table(
        'breakdown',
        'Headcount Breakdown',
        [
          periodColumn(window),
          column('recurrent', 'Recurrent', 'count'),
          column('new', 'New Patron', 'count'),
          column('total', 'Total', 'count'),
        ],
        h.series.map((b) => row([b.label, b.recurrent, b.new, b.total])),
        row(['Total', sum(h.series, (b) => b.recurrent), sum(h.series, (b) => b.new), sum(h.series, (b) => b.total)]),
        NO_TRADE,
      ),
    ],
    chart: lineChart(
      'Headcount',
      'breakdown',
      ['recurrent', 'new'],
      [h.previous_series.map((b) => b.recurrent), h.previous_series.map((b) => b.new)],
    ),
  };
}
