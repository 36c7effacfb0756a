import { Stack, Text } from '@mantine/core';
import { formatCurrency, formatDays, formatDayMonth } from '@contract/presentation/format';
import { CHART_HEIGHT } from '@contract/presentation/chart-options';
import { backtestText, forecastOption, worstBranches, WORST_BRANCHES, type ForecastView } from '@contract/presentation/target-charts';
import { FORECAST_DAYS } from '../../machines/dashboard.machine';
import { EChart } from '../../ui/charts/echart';
import { DataTable } from '../../ui/data-table';
import { VarianceTiles, varianceColor, variancePctText } from '../../ui/variance-tiles';
import { AnalyticsCard } from './card-frame';
import { DashboardContext, useCard } from './dashboard.context';
import { MONEY } from './dashboard-cards';

// The dashboard's targets and forecast cards (docs/product.md#dashboard).

export const TARGETS_TITLE = 'Revenue vs Target';
export const FORECAST_TITLE = 'Revenue Forecast';
export const NO_FORECAST_TEXT = 'No sales to forecast from.';

const RIGHT = { textAlign: 'right' } as const;

/** The window's revenue against its targets; the worst branches by variance % for All Branches. Hidden without targets. */
export function TargetsCard() {
  const allBranches = DashboardContext.useSelector((s) => s.context.applied.restaurantId === null);
  if (useCard('targets').status === 'empty') return null;
  return (
    <AnalyticsCard kind="targets" title={TARGETS_TITLE} emptyText="" height={160}>
      {({ window, totals, restaurants }) => {
        const worst = worstBranches(restaurants);
        return (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {formatDays(window.start_date, window.end_date)}
            </Text>
            <div className="fc-tiles">
              <VarianceTiles totals={totals} />
            </div>
            {allBranches && worst.length > 0 && (
              <Stack gap={4}>
                <Text fw={600}>Furthest below target</Text>
                <DataTable striped aria-label={`The ${WORST_BRANCHES} branches furthest below target`}>
                  <thead>
                    <tr>
                      <th>Branch</th>
                      <th style={RIGHT}>Variance</th>
                    </tr>
                  </thead>
                  <tbody>
                    {worst.map((r) => (
                      <tr key={r.id}>
                        <td>{r.name}</td>
                        <td style={{ ...RIGHT, color: varianceColor(r.variance) }}>{variancePctText(r.variance_pct)}</td>
                      </tr>
                    ))}
                  </tbody>
                </DataTable>
              </Stack>
            )}
          </Stack>
        );
      }}
    </AnalyticsCard>
  );
}

const describeForecast = ({ actuals, forecast }: ForecastView) =>
  [
    ...actuals.map((d) => `${formatDayMonth(d.day)}: actual ${formatCurrency(d.revenue)}`),
    ...forecast.days.map(
      (d) => `${formatDayMonth(d.day)}: forecast ${formatCurrency(d.revenue)} (${formatCurrency(d.low)} – ${formatCurrency(d.high)})`,
    ),
  ].join('; ');

/** The last 14 closed days' revenue beside the next 14 days' forecast and its range, with the method and its backtest error. */
export function ForecastCard() {
  return (
    <AnalyticsCard kind="forecast" title={FORECAST_TITLE} emptyText={NO_FORECAST_TEXT} height={CHART_HEIGHT.line}>
      {(view) => (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Last {FORECAST_DAYS} days and the next {FORECAST_DAYS}
          </Text>
          <EChart
            option={forecastOption(view, MONEY)}
            height={CHART_HEIGHT.line}
            label="Actual revenue of the last days and forecast of the next days"
            description={describeForecast(view)}
          />
          <Text size="sm" c="dimmed">
            {view.forecast.method} · {backtestText(view.forecast.backtest.mape)}
          </Text>
        </Stack>
      )}
    </AnalyticsCard>
  );
}
