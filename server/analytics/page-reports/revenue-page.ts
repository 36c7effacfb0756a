import { branchComparison } from '../answers/branch-comparison.js';
import { sellingItem } from '../answers/best-sellers.js';
import { revenueFigures } from '../answers/revenues.js';
import { NO_DATA_TEXT } from '@contract/presentation/labels.js';
import { byText, dollars, perDollars } from '../answers/rounding.js';
import { noData } from './no-data.js';
import { deliveryPlatformsTable } from './platforms.js';
import { card, column, lineChart, NO_TRADE, periodColumn, row, share, sum, table, type Figures, type PageContext } from './report-parts.js';

// The Revenue page: revenue by bucket, the best sellers, the low selling branches and the branch
// comparison, from the answers' cents.

export async function revenuePage({ db, scope, window, rangeLabel: range, figures }: PageContext): Promise<Figures> {
  const [r, sellers, branches] = await Promise.all([
    figures('revenues'),
    figures('best-sellers'),
    // Every branch the member reaches, also on a branch's page: a comparison needs the peers.
    branchComparison(db, scope, window),
  ]);
  const dineIn = sum(r.series, (c) => c.revenue_dine_in_cents);
  const takeaway = sum(r.series, (c) => c.revenue_takeaway_cents);
  const delivery = sum(r.series, (c) => c.revenue_delivery_cents);
  const totals = revenueFigures(r.totals);
  const previous = revenueFigures(r.previous);
  const sellingColumns = [
    column('name', 'Menu Item', 'text'),
    column('menu', 'Menu', 'text'),
    column('units', 'Units Sold', 'count'),
    column('revenue', 'Revenue', 'money'),
  ];
  const selling = (items: typeof sellers.items) => items.map(sellingItem).map((i) => row([i.name, i.menu, i.units, i.revenue]));
  const ranked = [...branches].sort((a, b) => b.revenue_cents - a.revenue_cents || byText(a.name, b.name) || a.id - b.id);
  type Compared = Pick<
    (typeof branches)[number],
    'revenue_cents' | 'orders' | 'labour_cost_cents' | 'spend_cents' | 'previous_revenue_cents' | 'previous_orders'
  >;
  // A branch that traded in only one of the windows has no change (not +∞ % or −100 %): it is marked instead.
  const statusOf = (b: Compared) =>
    b.orders > 0 && b.previous_orders === 0 ? 'new' : b.orders === 0 && b.previous_orders > 0 ? 'closed' : undefined;
  const comparison = (rank: number | null, name: string, b: Compared, restaurantId?: number) => {
    const status = restaurantId === undefined ? undefined : statusOf(b);
    return row(
      [
        rank,
        name,
        dollars(b.revenue_cents),
        b.orders,
        b.orders === 0 ? null : perDollars(b.revenue_cents, b.orders),
        share(b.labour_cost_cents, b.revenue_cents),
        share(b.spend_cents, b.revenue_cents),
        status ? null : share(b.revenue_cents - b.previous_revenue_cents, b.previous_revenue_cents),
      ],
      restaurantId,
      status,
    );
  };
  const franchise = {
    revenue_cents: sum(branches, (b) => b.revenue_cents),
    orders: sum(branches, (b) => b.orders),
    labour_cost_cents: sum(branches, (b) => b.labour_cost_cents),
    spend_cents: sum(branches, (b) => b.spend_cents),
    previous_revenue_cents: sum(branches, (b) => b.previous_revenue_cents),
    previous_orders: sum(branches, (b) => b.previous_orders),
  };
  return {
    no_data: noData('revenue', r),
    cards: [
      card('total_revenue', 'Total Revenue', 'money', totals.revenue, previous.revenue),
      card('aov', 'Avg Order Value (AOV)', 'money', totals.aov, previous.orders === 0 ? null : previous.aov),
      card('atv', 'Avg Transaction Value (ATV)', 'money', totals.atv, previous.transactions === 0 ? null : previous.atv),
    ],
    tables: [
      table(
        'breakdown',
        'Revenue Breakdown',
        [
          periodColumn(window),
          column('dine_in', 'Dine-In', 'money'),
          column('takeaway', 'Takeaway', 'money'),
          column('delivery', 'Delivery', 'money'),
          column('total', 'Total', 'money'),
        ],
        r.buckets.map((b, i) => {
          const f = revenueFigures(r.series[i]!);
          return row([b.label, f.dine_in, f.takeaway, f.delivery, f.revenue]);
        }),
        row(['Total', dollars(dineIn), dollars(takeaway), dollars(delivery), dollars(dineIn + takeaway + delivery)]),
        NO_TRADE,
      ),
      deliveryPlatformsTable(r.platforms),
      table('items', `Top Selling Menu Items (${range})`, sellingColumns, selling(sellers.items), null, NO_DATA_TEXT['best-sellers']),
      table('combos', `Top Selling Combos (${range})`, sellingColumns, selling(sellers.combos), null, 'No combos sold in this window.'),
      table(
        'low',
        `Low Selling Restaurants (${range})`,
        [
          column('name', 'Restaurant', 'text'),
          column('location', 'Location', 'text'),
          column('units', 'Units Sold', 'count'),
          column('revenue', 'Revenue', 'money'),
        ],
        r.branches.map((b) => row([b.name, b.location, b.units, dollars(b.revenue_cents)], b.id)),
        null,
        'No restaurants.',
      ),
      table(
        'branches',
        `Branch Comparison (${range})`,
        [
          column('rank', 'Rank', 'count'),
          column('name', 'Restaurant', 'text'),
          column('revenue', 'Revenue', 'money'),
          column('orders', 'Orders', 'count'),
          column('aov', 'AOV', 'money'),
          column('labour_share', 'Labour % of Revenue', 'percent'),
          column('procurement_share', 'Procurement % of Revenue', 'percent'),
          column('change', `Revenue vs ${window.compare === 'last_year' ? 'Last Year' : 'Previous'}`, 'change'),
        ],
        ranked.map((b, i) => comparison(i + 1, b.name, b, b.id)),
        // The rank column has no figure for the franchise; the label goes in the name column.
        comparison(null, 'Total', franchise),
        'No restaurants.',
      ),
    ],
    chart: lineChart(
      'Revenue',
      'breakdown',
      ['dine_in', 'takeaway', 'delivery'],
      (['dine_in', 'takeaway', 'delivery'] as const).map((channel) => r.previousSeries.map((c) => revenueFigures(c)[channel])),
    ),
  };
}
