import type { LossFigures } from '@contract/analytics.contract.js';
import { lossFigures, rankedLoss } from '../answers/loss.js';
import { noData } from './no-data.js';
import { card, column, lineChart, periodColumn, row, table, type Figures, type PageContext } from './report-parts.js';

// The Loss page (docs/product.md#loss): voids, discounts, refunds and tips by period and by branch, the
// highest loss first, each against gross sales, from the loss answer's cents.

const COLUMNS = [
  column('gross_sales', 'Gross Sales', 'money'),
  column('voided_value', 'Voids', 'money'),
  column('discounts', 'Discounts', 'money'),
  column('refunded_value', 'Refunds', 'money'),
  column('tips', 'Tips', 'money'),
  column('loss_pct', 'Loss % of Gross Sales', 'percent'),
];
const cells = (f: LossFigures) => [f.gross_sales, f.voided_value, f.discounts, f.refunded_value, f.tips, f.loss_pct];

export async function lossPage({ window, figures }: PageContext): Promise<Figures> {
  const t = await figures('loss');
  const totals = lossFigures(t.totals);
  const previous = lossFigures(t.previous);
  const total = row(['Total', ...cells(totals)]);
  return {
    no_data: noData('loss', t),
    cards: [
      card('gross_sales', 'Gross Sales', 'money', totals.gross_sales, previous.gross_sales),
      card('voided_value', 'Voids', 'money', totals.voided_value, previous.voided_value),
      card('discounts', 'Discounts', 'money', totals.discounts, previous.discounts),
      card('refunded_value', 'Refunds', 'money', totals.refunded_value, previous.refunded_value),
      card('tips', 'Tips', 'money', totals.tips, previous.tips),
      card('loss_pct', 'Loss % of Gross Sales', 'percent', totals.loss_pct ?? 0, previous.loss_pct),
    ],
    tables: [
      table(
        'breakdown',
        'Loss Breakdown',
        [periodColumn(window), ...COLUMNS],
        t.buckets.map((b, i) => row([b.label, ...cells(lossFigures(t.series[i]!))])),
        total,
        'No sales in this window.',
      ),
      table(
        'branches',
        'Branches by Loss',
        [column('name', 'Restaurant', 'text'), ...COLUMNS],
        rankedLoss(t.branches).map((b) => row([b.name, ...cells(b)], b.id)),
        total,
        'No restaurants.',
      ),
    ],
    chart: lineChart(
      'Loss',
      'breakdown',
      ['voided_value', 'discounts', 'refunded_value'],
      [
        t.previousSeries.map((c) => lossFigures(c).voided_value),
        t.previousSeries.map((c) => lossFigures(c).discounts),
        t.previousSeries.map((c) => lossFigures(c).refunded_value),
      ],
    ),
  };
}
