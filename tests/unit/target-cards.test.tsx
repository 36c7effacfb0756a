import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { AnalyticsData } from '@contract/analytics.contract';
import type { DashboardKind } from '../../src/machines/support/dashboard-calls';
import type { TargetsAnswer } from '@contract/api/targets.calls';
import type { ForecastView } from '@contract/presentation/target-charts';
import { dashboardMachine, type CardQuery } from '../../src/machines/dashboard.machine';
import { ApiError } from '../../src/services/api-error';
import { UiProvider } from '../../src/ui/ui-provider';
import { RevenueTrendsCard } from '../../src/views/dashboard/dashboard-cards';
import { DashboardContext } from '../../src/views/dashboard/dashboard.context';
import { ForecastCard, TargetsCard } from '../../src/views/dashboard/target-cards';
import { BRANCHES, NO_TRADE, TRADE } from '../model/models/dashboard.fixtures';

// The dashboard's targets and forecast cards, and the revenue chart's target line (docs/product.md#dashboard-targets),
// on the real machine; the calls are fakes.

function renderCards({
  search = '',
  targets = async () => TRADE.targets,
  forecast = async () => TRADE.forecast,
}: {
  search?: string;
  targets?: (query: CardQuery) => Promise<TargetsAnswer>;
  forecast?: (query: CardQuery) => Promise<ForecastView>;
} = {}) {
  const queries: CardQuery[] = [];
  const logic = dashboardMachine.provide({
    actors: {
      fetchAnalytics: fromPromise<AnalyticsData[DashboardKind], CardQuery>(async ({ input }) => TRADE[input.kind as DashboardKind]),
      fetchTargets: fromPromise<TargetsAnswer, CardQuery>(({ input }) => (queries.push(input), targets(input))),
      fetchForecast: fromPromise<ForecastView, CardQuery>(({ input }) => (queries.push(input), forecast(input))),
    },
  });
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <UiProvider env="test">
      <Router hook={location.hook}>
        <DashboardContext.Provider logic={logic} options={{ input: { search, branches: BRANCHES } }}>
          <TargetsCard />
          <ForecastCard />
          <RevenueTrendsCard />
        </DashboardContext.Provider>
      </Router>
    </UiProvider>,
  );
  return { queries };
}

const region = (name: string) => screen.findByRole('region', { name });
const revenueDescription = async () =>
  (await screen.findByRole('img', { name: 'Dine-in, takeaway and delivery revenue per period' })).getAttribute('aria-describedby')!;

describe('Revenue vs Target', () => {
  it('shows the window, revenue, target and the variance in dollars and %, red below target', async () => {
    renderCards();
    const card = await region('Revenue vs Target');
    expect(await within(card).findByText('16 Nov 2026 – 22 Nov 2026')).toBeInTheDocument();
    const figure = (label: string) => within(card).getByText(label).closest('.mantine-Paper-root')!;
    expect(figure('Revenue')).toHaveTextContent('$10,815.00');
    expect(figure('Target')).toHaveTextContent('$12,000.00');
    const variance = within(card).getByText('-$1,185.00 (-9.9%)');
    expect(variance.getAttribute('style')).toContain('--fc-color-negative');
  });

  it('lists the branches furthest below target for All Branches, lowest first', async () => {
    renderCards();
    const table = await within(await region('Revenue vs Target')).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['BranchVariance', 'Bondi Beach-16.7%', 'Parramatta-3.1%']);
  });

  it('for one branch shows only its figures, green above target', async () => {
    const above: TargetsAnswer = {
      ...TRADE.targets,
      totals: { revenue: 5815, target: 5000, variance: 815, variance_pct: 16.3 },
      restaurants: [{ id: 7, name: 'Parramatta', revenue: 5815, target: 5000, variance: 815, variance_pct: 16.3 }],
    };
    const { queries } = renderCards({ search: '?range=7days&restaurant=7', targets: async () => above });
    const card = await region('Revenue vs Target');
    expect((await within(card).findByText('+$815.00 (+16.3%)')).getAttribute('style')).toContain('--fc-color-positive');
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
    expect(queries.every((q) => q.filters.restaurantId === 7)).toBe(true);
  });

  it('is hidden without targets, and so is the target line', async () => {
    renderCards({ targets: async () => NO_TRADE.targets });
    const described = await revenueDescription();
    expect(document.getElementById(described)!.textContent).not.toContain('target');
    expect(screen.queryByRole('region', { name: 'Revenue vs Target' })).not.toBeInTheDocument();
  });

  it('shows its failure with a Retry of its own', async () => {
    renderCards({ targets: () => Promise.reject(new ApiError('Failed to fetch target data', 503)) });
    const card = await region('Revenue vs Target');
    expect(await within(card).findByText('Failed to fetch target data')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Retry Revenue vs Target' })).toBeEnabled();
  });
});

describe('the target line on Revenue Trends', () => {
  it('names each period’s total against its target in the chart’s description', async () => {
    renderCards();
    await region('Revenue vs Target');
    const described = await revenueDescription();
    await screen.findByText('Furthest below target');
    expect(document.getElementById(described)!.textContent).toContain(
      '16 Nov: dine-in $1,000.00, takeaway $500.00, delivery $0.00 (compared: $857.00, $429.00, $0.00), total $1,500.00 against a target of $1,714.29',
    );
  });
});

describe('Revenue Forecast', () => {
  it('shows the last and next 14 days in one chart, the method and the backtest error', async () => {
    renderCards();
    const card = await region('Revenue Forecast');
    expect(await within(card).findByText('Weekday average · Backtest error (MAPE) 8.4%')).toBeInTheDocument();
    const chart = within(card).getByRole('img', { name: 'Actual revenue of the last days and forecast of the next days' });
    expect(chart).toHaveAccessibleDescription(
      expect.stringContaining('22 Nov: actual $1,530.00; 23 Nov: forecast $1,600.00 ($1,400.00 – $1,800.00)'),
    );
  });

  it('says so when there is nothing to forecast from', async () => {
    renderCards({ forecast: async () => NO_TRADE.forecast });
    expect(await within(await region('Revenue Forecast')).findByText('No sales to forecast from.')).toBeInTheDocument();
  });
});
