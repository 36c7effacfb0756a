import { revenueCents } from '../answers/revenues.js';
import { dollars, perDollars } from '../answers/rounding.js';
import { noData } from './no-data.js';
import { card, column, NO_TRADE, periodColumn, row, share, sum, table, type Figures, type PageContext } from './report-parts.js';

// The Procurement page: spend by bucket beside revenue, by category and by supplier, from the answers' cents.

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export async function procurementPage({ window, figures }: PageContext): Promise<Figures> {
  const [p, r] = await Promise.all([figures('procurement'), figures('revenues')]);
  const spend = sum(p.series, (c) => c.spend_cents);
  const revenue = sum(r.series, revenueCents);
  const spendColumns = [
    column('quantity', 'Quantity', 'count'),
    column('spend', 'Spend', 'money'),
    column('share', 'Share of Spend (%)', 'percent'),
  ];
  const spendRows = (items: { name: string; quantity: number; spend_cents: number }[]) => {
    const total = sum(items, (i) => i.spend_cents);
    return {
      rows: items.map((i) => row([i.name, i.quantity, dollars(i.spend_cents), share(i.spend_cents, total)])),
      total: row(['Total', sum(items, (i) => i.quantity), dollars(total), share(total, total)]),
    };
  };
  const categories = spendRows(p.categories.map((c) => ({ ...c, name: capitalised(c.category) })));
  const suppliers = spendRows(p.suppliers);
  const previousSpend = p.previous.spend_cents;
  const previousRevenue = revenueCents(r.previous);
  return {
    no_data: noData('procurement', p),
    cards: [
      card('spend', 'Total Spend', 'money', dollars(p.totals.spend_cents), dollars(previousSpend)),
      card(
        'average_per_supplier',
        'Average Spend per Supplier',
        'money',
        perDollars(p.totals.spend_cents, p.supplierCounts.window),
        p.supplierCounts.previous === 0 ? null : perDollars(previousSpend, p.supplierCounts.previous),
      ),
      card('spend_share', 'Spend % of Revenue', 'percent', share(spend, revenue) ?? 0, share(previousSpend, previousRevenue)),
    ],
    tables: [
      table(
        'breakdown',
        'Procurement Breakdown',
        [
          periodColumn(window),
          column('spend', 'Spend', 'money'),
          column('revenue', 'Revenue', 'money'),
          column('spend_share', 'Spend % of Revenue', 'percent'),
        ],
        // The revenues answer has the same buckets as the procurement answer.
        p.buckets.map((b, i) => {
          const spendCents = p.series[i]!.spend_cents;
          const bucketRevenue = revenueCents(r.series[i]!);
          return row([b.label, dollars(spendCents), dollars(bucketRevenue), share(spendCents, bucketRevenue)]);
        }),
        row(['Total', dollars(spend), dollars(revenue), share(spend, revenue)]),
        NO_TRADE,
      ),
      table(
        'categories',
        'Spend by Category',
        [column('category', 'Category', 'text'), ...spendColumns],
        categories.rows,
        categories.total,
        'Nothing bought in this window.',
      ),
      table(
        'suppliers',
        'Spend by Supplier',
        [column('name', 'Supplier', 'text'), ...spendColumns],
        suppliers.rows,
        suppliers.total,
        'Nothing bought in this window.',
      ),
    ],
    chart: { title: 'Spend by Category', type: 'bar', table: 'categories', category: 'category', series: ['spend'], compared: [] },
  };
}
