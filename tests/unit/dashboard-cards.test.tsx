import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { AnalyticsData, AnalyticsWindow } from '@contract/analytics.contract';
import type { DashboardKind } from '../../src/machines/support/dashboard-calls';
import { dashboardMachine, type CardQuery } from '../../src/machines/dashboard.machine';
import { ApiError } from '../../src/services/api-error';
import { UiProvider } from '../../src/ui/ui-provider';
import { HeadcountsCard, OrdersCard, RevenueSummaryCard } from '../../src/views/dashboard/dashboard-cards';
import { DashboardContext } from '../../src/views/dashboard/dashboard.context';
import { BRANCHES, TRADE } from '../model/models/dashboard.fixtures';

// The dashboard's split cards on the real machine; the analytics calls are fakes.

const window: AnalyticsWindow = {
  start_date: '2026-11-19',
  end_date: '2026-11-25',
  days: 7,
  grouping: 'daily',
  time_zone: 'Australia/Sydney',
  compare: 'previous',
  previous: { start_date: '2026-11-12', end_date: '2026-11-18' },
  today: '2026-11-25',
};
const day = { label: '25 Nov', start_date: '2026-11-25', end_date: '2026-11-25' };
const orderFigures = { dine_in: 30, takeaway: 20, delivery: 5, pos: 40, app: 15, total: 55 };
const orders: AnalyticsData['orders'] = {
  window,
  series: [{ ...day, ...orderFigures }],
  previous_series: [{ ...orderFigures, dine_in: 27, takeaway: 22, delivery: 7, total: 56 }],
  totals: orderFigures,
  previous_totals: orderFigures,
  today: { ...orderFigures, total: 12 },
};
const guestFigures = { recurrent: 8, new: 4, total: 12 };
const headcounts: AnalyticsData['headcounts'] = {
  window,
  series: [{ ...day, ...guestFigures }],
  previous_series: [guestFigures],
  totals: guestFigures,
  previous_totals: guestFigures,
  today: guestFigures,
};

function renderCards(search = '') {
  let headcountCalls = 0;
  const fetchAnalytics = vi.fn(async ({ kind }: CardQuery): Promise<AnalyticsData[DashboardKind]> => {
    if (kind === 'orders') return orders;
    if (kind === 'revenues') return TRADE.revenues;
    if (kind === 'headcounts' && headcountCalls++ > 0) return headcounts;
    throw new ApiError('The database is unavailable', 503);
  });
  const logic = dashboardMachine.provide({
    actors: {
      fetchAnalytics: fromPromise<AnalyticsData[DashboardKind], CardQuery>(({ input }) => fetchAnalytics(input)),
      fetchTargets: fromPromise(async () => TRADE.targets),
      fetchForecast: fromPromise(async () => TRADE.forecast),
    },
  });
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <UiProvider env="test">
      <Router hook={location.hook}>
        <DashboardContext.Provider logic={logic} options={{ input: { search, branches: BRANCHES } }}>
          <RevenueSummaryCard />
          <OrdersCard />
          <HeadcountsCard />
        </DashboardContext.Provider>
      </Router>
    </UiProvider>,
  );
}

const card = (title: string) => screen.getByRole('region', { name: title });

describe('dashboard split cards', () => {
  it('show today, the pie of the two parts, and a tab per part switching the line chart', async () => {
    renderCards();
    const ordersCard = await screen.findByRole('region', { name: 'Number of Orders' });
    expect(await within(ordersCard).findByText('Today: 12')).toBeInTheDocument();
    expect(within(ordersCard).getByRole('link', { name: 'View more: Number of Orders' })).toBeInTheDocument();
    expect(within(ordersCard).getByRole('img', { name: 'Orders: Dine-In vs Takeaway vs Delivery' })).toHaveAccessibleDescription(
      'Dine-In 30, Takeaway 20, Delivery 5',
    );
    expect(within(ordersCard).getByRole('tab', { name: 'Dine-In' })).toHaveAttribute('aria-selected', 'true');
    expect(within(ordersCard).getByRole('img', { name: 'Orders per period: Dine-In' })).toHaveAccessibleDescription(
      '25 Nov: 30 (compared: 27)',
    );
    await userEvent.setup().click(within(ordersCard).getByRole('tab', { name: 'Takeaway' }));
    expect(within(ordersCard).getByRole('img', { name: 'Orders per period: Takeaway' })).toHaveAccessibleDescription(
      '25 Nov: 20 (compared: 22)',
    );
    expect(within(ordersCard).queryByRole('img', { name: 'Orders per period: Dine-In' })).toBeNull();
    await userEvent.setup().click(within(ordersCard).getByRole('tab', { name: 'Delivery' }));
    expect(within(ordersCard).getByRole('img', { name: 'Orders per period: Delivery' })).toHaveAccessibleDescription(
      '25 Nov: 5 (compared: 7)',
    );
  });

  it('show a failed call with a Retry of the card’s own, which loads it', async () => {
    renderCards();
    expect(await within(card('Customer Headcounts')).findByText('Customer Headcounts could not be loaded')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry Customer Headcounts' }));
    const guests = card('Customer Headcounts');
    expect(await within(guests).findByRole('img', { name: 'Guests: Recurrent vs New' })).toHaveAccessibleDescription('Recurrent 8, New 4');
    expect(within(guests).getByRole('tab', { name: 'Recurrent' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the revenue summary', () => {
  it('shows every figure of money with its unit', async () => {
    renderCards();
    const summary = await screen.findByRole('region', { name: 'Revenue Summary' });
    const figure = (label: string) => within(summary).getByText(label).closest('.mantine-Paper-root')!;
    expect(await within(summary).findByText('$7,210.00')).toBeInTheDocument();
    expect(figure('Dine-In Revenue')).toHaveTextContent('$7,210.00');
    expect(figure('Takeaway Revenue')).toHaveTextContent('$3,605.00');
    // What the total leaves out, under it (docs/product.md#loss).
    expect(figure('Total Revenue')).toHaveTextContent('Discounts $412.50 · Refunds $36.00');
  });
});

describe('View more and More', () => {
  it('open the page with the applied range, branch and comparison', async () => {
    renderCards('?range=1month&restaurant=7&compare=last_year');
    const ordersCard = await screen.findByRole('region', { name: 'Number of Orders' });
    const same = '?range=1month&restaurant=7&compare=last_year';
    expect(within(ordersCard).getByRole('link', { name: 'View more: Number of Orders' })).toHaveAttribute('href', `/order${same}`);
    expect(within(card('Customer Headcounts')).getByRole('link', { name: 'View more: Customer Headcounts' })).toHaveAttribute(
      'href',
      `/headcount${same}`,
    );
    const summary = await screen.findByRole('region', { name: 'Revenue Summary' });
    await within(summary).findByText('Total Revenue');
    const more = within(summary).getAllByRole('link', { name: /^More/ });
    expect(more.map((a) => a.getAttribute('href'))).toEqual([
      `/revenue${same}`,
      `/order${same}`,
      '/restaurant',
      `/revenue${same}`,
      `/revenue${same}`,
      `/revenue${same}`,
    ]);
  });
});
