import './dashboard-grid.css';
import { Stack, Tabs, Text } from '@mantine/core';
import type { AnalyticsWindow as Window, Grouping } from '@contract/analytics.contract';
import { formatCurrency, formatNumber, formatWholeCurrency } from '@contract/presentation/format';
import { pathOf } from '../../shared/routing';
import { EChart } from '../../ui/charts/echart';
import { DataTable } from '../../ui/data-table';
import { ScrollX } from '../../ui/scroll-x';
import { StatCard } from '../../ui/stat-card';
import { AnalyticsCard, CardBody, CardFrame } from './card-frame';
import { useCard, usePageHref } from './dashboard.context';
import { CHART_HEIGHT, bucketLabel, comparisonDays, lineOption, pieOption } from '@contract/presentation/chart-options';
import { isPartialBucket } from '@contract/presentation/buckets';
import { comparedWith, NO_DATA_TEXT } from '@contract/presentation/labels';
import { targetLines } from '@contract/presentation/target-charts';

/** How many categories the procurement card shows (the roster card's staff: DASHBOARD_STAFF). */
export const TOP = 5;
const RIGHT = { textAlign: 'right' } as const;

export const MONEY = { format: formatCurrency, axisFormat: formatWholeCurrency };
type Buckets = { start_date: string; end_date: string; label: string }[];
const labels = (series: Buckets, grouping: Grouping) => series.map((b) => bucketLabel(b, grouping));
/** The clipped first or last week or month, which the lines draw dotted (docs/product.md#periods). */
const partials = (series: Buckets, grouping: Grouping) => series.map((b) => isPartialBucket(grouping, b));

/** The revenue summary: franchise_summary as stat cards, each with its change against the comparison window and a More button. */
export function RevenueSummaryCard() {
  const revenueHref = usePageHref('revenue');
  const orderHref = usePageHref('order');
  return (
    <AnalyticsCard kind="revenues" title="Revenue Summary" emptyText={NO_DATA_TEXT.revenues} height={96}>
      {({ franchise_summary: summary, totals, previous_totals: previous, restaurants, window }) => (
        <div className="fc-tiles fc-stats">
          <StatCard
            label="Total Revenue"
            value={formatCurrency(summary.total_revenue)}
            detail={`Discounts ${formatCurrency(summary.total_discounts)} · Refunds ${formatCurrency(summary.total_refunds)}`}
            current={totals.revenue}
            previous={previous.revenue}
            comparedWith={comparedWith(window.compare, window.days)}
            moreHref={revenueHref}
          />
          <StatCard
            label="Total Orders"
            value={formatNumber(summary.total_orders)}
            current={totals.orders}
            previous={previous.orders}
            comparedWith={comparedWith(window.compare, window.days)}
            moreHref={orderHref}
          />
          <StatCard
            label="Average Revenue per Restaurant"
            value={formatCurrency(summary.average_revenue_per_restaurant)}
            current={summary.average_revenue_per_restaurant}
            previous={restaurants.length ? previous.revenue / restaurants.length : 0}
            comparedWith={comparedWith(window.compare, window.days)}
            moreHref={pathOf('restaurants')}
          />
          <StatCard
            label="Dine-In Revenue"
            value={formatCurrency(summary.total_dine_in_revenue)}
            current={totals.dine_in}
            previous={previous.dine_in}
            comparedWith={comparedWith(window.compare, window.days)}
            moreHref={revenueHref}
          />
          <StatCard
            label="Takeaway Revenue"
            value={formatCurrency(summary.total_takeaway_revenue)}
            current={totals.takeaway}
            previous={previous.takeaway}
            comparedWith={comparedWith(window.compare, window.days)}
            moreHref={revenueHref}
          />
          <StatCard
            label="Delivery Revenue"
            value={formatCurrency(summary.total_delivery_revenue)}
            current={totals.delivery}
            previous={previous.delivery}
            comparedWith={comparedWith(window.compare, window.days)}
            moreHref={revenueHref}
          />
        </div>
      )}
    </AnalyticsCard>
  );
}

/** One slice of a split card: its name, its total in the window, and its value per period in the window and in the comparison window. */
type SplitPart = { name: string; total: number; values: number[]; compared: number[] };

/**
 * "Today" figure, a pie of the window's slices, and tabs switching a line chart between the slices, each
 * with the comparison window's line.
 */
function SplitCard({
  today,
  parts,
  categories,
  partial,
  previous,
  label,
}: {
  today: number;
  parts: [SplitPart, SplitPart, ...SplitPart[]];
  categories: string[];
  /** Per category: a partial bucket. */
  partial: boolean[];
  previous: Window['previous'];
  label: string;
}) {
  const slices = parts.map(({ name, total }) => ({ name, value: total }));
  return (
    <Stack gap="sm">
      <Text fw={600}>Today: {formatNumber(today)}</Text>
      <EChart
        option={pieOption(slices, formatNumber)}
        height={CHART_HEIGHT.pie}
        label={`${label}: ${parts.map((p) => p.name).join(' vs ')}`}
        description={slices.map((s) => `${s.name} ${formatNumber(s.value)}`).join(', ')}
      />
      {/* Only the shown tab's chart is mounted: a chart in a hidden panel would be laid out at zero width. */}
      <Tabs defaultValue={parts[0].name} keepMounted={false}>
        <Tabs.List>
          {parts.map((p) => (
            <Tabs.Tab key={p.name} value={p.name}>
              {p.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {parts.map((p) => (
          <Tabs.Panel key={p.name} value={p.name} pt="xs">
            <EChart
              option={lineOption(
                categories,
                [
                  { name: p.name, values: p.values },
                  { name: p.name, values: p.compared, compared: comparisonDays(previous) },
                ],
                { format: formatNumber },
                partial,
              )}
              height={CHART_HEIGHT.line}
              label={`${label} per period: ${p.name}`}
              description={categories
                .map(
                  (c, i) =>
                    `${c}${partial[i] ? ' (partial)' : ''}: ${formatNumber(p.values[i] ?? 0)} (compared: ${formatNumber(p.compared[i] ?? 0)})`,
                )
                .join(', ')}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

export function OrdersCard() {
  const orderHref = usePageHref('order');
  return (
    <AnalyticsCard kind="orders" title="Number of Orders" moreHref={orderHref} emptyText={NO_DATA_TEXT.orders} height={CHART_HEIGHT.pie}>
      {({ today, totals, series, previous_series: compared, window }) => (
        <SplitCard
          label="Orders"
          today={today.total}
          categories={labels(series, window.grouping)}
          partial={partials(series, window.grouping)}
          previous={window.previous}
          parts={[
            { name: 'Dine-In', total: totals.dine_in, values: series.map((b) => b.dine_in), compared: compared.map((b) => b.dine_in) },
            { name: 'Takeaway', total: totals.takeaway, values: series.map((b) => b.takeaway), compared: compared.map((b) => b.takeaway) },
            { name: 'Delivery', total: totals.delivery, values: series.map((b) => b.delivery), compared: compared.map((b) => b.delivery) },
          ]}
        />
      )}
    </AnalyticsCard>
  );
}

export function HeadcountsCard() {
  const headcountHref = usePageHref('headcount');
  return (
    <AnalyticsCard
      kind="headcounts"
      title="Customer Headcounts"
      moreHref={headcountHref}
      emptyText={NO_DATA_TEXT.headcounts}
      height={CHART_HEIGHT.pie}
    >
      {({ today, totals, series, previous_series: compared, window }) => (
        <SplitCard
          label="Guests"
          today={today.total}
          categories={labels(series, window.grouping)}
          partial={partials(series, window.grouping)}
          previous={window.previous}
          parts={[
            {
              name: 'Recurrent',
              total: totals.recurrent,
              values: series.map((b) => b.recurrent),
              compared: compared.map((b) => b.recurrent),
            },
            { name: 'New', total: totals.new, values: series.map((b) => b.new), compared: compared.map((b) => b.new) },
          ]}
        />
      )}
    </AnalyticsCard>
  );
}

export function RevenueTrendsCard() {
  const revenueHref = usePageHref('revenue');
  // The window's targets, once loaded and not empty: the total and a dashed target line over the revenue lines.
  const targets = useCard('targets');
  const targetSeries = targets.status === 'loaded' ? targets.data?.series : undefined;
  return (
    <CardFrame title="Revenue Trends" moreHref={revenueHref}>
      <Stack gap="lg">
        <CardBody kind="revenues" title="Revenue Trends" emptyText={NO_DATA_TEXT.revenues} height={CHART_HEIGHT.bar}>
          {({ series, previous_series: compared, window }) => {
            const categories = labels(series, window.grouping);
            const partial = partials(series, window.grouping);
            const target = targetSeries?.length === series.length ? targetSeries : undefined;
            return (
              <EChart
                option={lineOption(
                  categories,
                  [
                    { name: 'Dine-In', values: series.map((b) => b.dine_in) },
                    { name: 'Takeaway', values: series.map((b) => b.takeaway) },
                    { name: 'Delivery', values: series.map((b) => b.delivery) },
                    { name: 'Dine-In', values: compared.map((b) => b.dine_in), compared: comparisonDays(window.previous) },
                    { name: 'Takeaway', values: compared.map((b) => b.takeaway), compared: comparisonDays(window.previous) },
                    { name: 'Delivery', values: compared.map((b) => b.delivery), compared: comparisonDays(window.previous) },
                    ...(target ? targetLines(series, target) : []),
                  ],
                  MONEY,
                  partial,
                )}
                height={CHART_HEIGHT.bar}
                label="Dine-in, takeaway and delivery revenue per period"
                description={categories
                  .map(
                    (c, i) =>
                      `${c}${partial[i] ? ' (partial)' : ''}: dine-in ${formatCurrency(series[i]!.dine_in)}, takeaway ${formatCurrency(series[i]!.takeaway)}, ` +
                      `delivery ${formatCurrency(series[i]!.delivery)} ` +
                      `(compared: ${formatCurrency(compared[i]!.dine_in)}, ${formatCurrency(compared[i]!.takeaway)}, ${formatCurrency(compared[i]!.delivery)})` +
                      (target
                        ? `, total ${formatCurrency(series[i]!.revenue)} against a target of ${formatCurrency(target[i]!.target)}`
                        : ''),
                  )
                  .join('; ')}
              />
            );
          }}
        </CardBody>
        <Stack gap="xs">
          <Text fw={600}>Top Selling Menu Items</Text>
          <CardBody kind="best-sellers" title="Top Selling Menu Items" emptyText={NO_DATA_TEXT['best-sellers']} height={160}>
            {({ items }) => (
              <ScrollX minWidth={300} label="Top Selling Menu Items, scrollable">
                <DataTable striped>
                  <thead>
                    <tr>
                      <th>Menu Item</th>
                      <th style={RIGHT}>Units Sold</th>
                      <th style={RIGHT}>Revenue</th>
                      <th>Menu</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((item) => (
                      <tr key={item.sku}>
                        <td>{item.name}</td>
                        <td style={RIGHT}>{formatNumber(item.units)}</td>
                        <td style={RIGHT}>{formatCurrency(item.revenue)}</td>
                        <td style={{ whiteSpace: 'nowrap' }}>{item.menu}</td>
                      </tr>
                    ))}
                  </tbody>
                </DataTable>
              </ScrollX>
            )}
          </CardBody>
        </Stack>
      </Stack>
    </CardFrame>
  );
}
