import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatCurrency, formatNumber, formatPercent } from '@contract/presentation/format';
import { CHART_HEIGHT, barOption, shortName } from '@contract/presentation/chart-options';
import { EChart } from '../../ui/charts/echart';
import { FIGURE_COLOR } from '../../ui/theme';
import { AnalyticsCard } from './card-frame';
import { usePageHref } from './dashboard.context';
import { DASHBOARD_STAFF } from '../../machines/dashboard.machine';
import { MONEY, TOP } from './dashboard-cards';
import { NO_DATA_TEXT } from '@contract/presentation/labels';

// The dashboard's operations cards: the roster's productivity and procurement.

/** Productivity at or above this percentage of assigned hours shows green, below it red (docs/product.md). */
export const PRODUCTIVE_PERCENT = 80;

const hours = (value: number) => `${formatNumber(value, 1)} h`;

export function RosterCard() {
  const rosterHref = usePageHref('roster');
  return (
    <AnalyticsCard
      kind="roster"
      title="Roster & Productivity"
      moreHref={rosterHref}
      emptyText={NO_DATA_TEXT.roster}
      height={CHART_HEIGHT.bar}
    >
      {({ staff }) => {
        const top = staff.slice(0, DASHBOARD_STAFF);
        return (
          <Stack gap="sm">
            <Text fw={600}>Top 5 Staffs</Text>
            <div className="fc-tiles">
              {top.map((person) => (
                <Paper key={person.person_id} withBorder p="xs" radius="sm">
                  <Text size="sm" fw={600} truncate="end" title={person.name}>
                    {person.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {person.restaurant}
                  </Text>
                  <Text
                    fw={700}
                    c={person.percent >= PRODUCTIVE_PERCENT ? FIGURE_COLOR.positive : FIGURE_COLOR.negative}
                    aria-label={`${person.name}: ${formatPercent(person.percent)} of assigned hours worked`}
                  >
                    {formatPercent(person.percent)}
                  </Text>
                </Paper>
              ))}
            </div>
            <EChart
              option={barOption(
                top.map((p) => shortName(p.name)),
                [
                  { name: 'Assigned', values: top.map((p) => p.assigned_hours) },
                  { name: 'Actual', values: top.map((p) => p.actual_hours) },
                ],
                { format: hours, axisFormat: formatNumber, axisName: 'Hours' },
              )}
              height={CHART_HEIGHT.bar}
              label="Assigned vs actual hours per person"
              description={top.map((p) => `${p.name}: assigned ${hours(p.assigned_hours)}, actual ${hours(p.actual_hours)}`).join('; ')}
            />
          </Stack>
        );
      }}
    </AnalyticsCard>
  );
}

const categoryName = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

export function ProcurementCard() {
  const procurementHref = usePageHref('procurement');
  return (
    <AnalyticsCard
      kind="procurement"
      title="Procurement Insights"
      moreHref={procurementHref}
      emptyText={NO_DATA_TEXT.procurement}
      height={CHART_HEIGHT.bar}
    >
      {({ categories }) => {
        const top = categories.slice(0, TOP);
        return (
          <Stack gap="sm">
            <Text fw={600}>Top 5 Categories</Text>
            <div className="fc-tiles fc-lg-5">
              {top.map((c) => (
                <Paper key={c.category} withBorder p="xs" radius="sm">
                  <Text size="sm" c="dimmed">
                    {categoryName(c.category)}
                  </Text>
                  <Text fw={700}>{formatNumber(c.quantity)}</Text>
                  <Text size="xs" c="dimmed">
                    units
                  </Text>
                </Paper>
              ))}
            </div>
            <EChart
              option={barOption(
                top.map((c) => categoryName(c.category)),
                [{ name: 'Spend', values: top.map((c) => c.spend) }],
                MONEY,
              )}
              height={CHART_HEIGHT.bar}
              label="Spend per category"
              description={top.map((c) => `${categoryName(c.category)}: ${formatCurrency(c.spend)}`).join(', ')}
            />
            <Group justify="flex-end">
              <Text size="sm" c="dimmed">
                Total spend {formatCurrency(categories.reduce((sum, c) => sum + c.spend, 0))}
              </Text>
            </Group>
          </Stack>
        );
      }}
    </AnalyticsCard>
  );
}
