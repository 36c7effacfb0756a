import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { AnalyticsData, AnalyticsKind, AnalyticsWindow } from '@contract/analytics.contract';
import { dashboardMachine, type CardQuery } from '../../src/machines/dashboard.machine';
import { ApiError } from '../../src/services/api-error';
import { UiProvider } from '../../src/ui/ui-provider';
import { HeadcountsCard, OrdersCard } from '../../src/views/dashboard/dashboard-cards';
import { DashboardContext } from '../../src/views/dashboard/dashboard.context';

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
const orderFigures = { dine_in: 30, takeaway: 20, pos: 40, app: 10, total: 50 };
const orders: AnalyticsData['orders'] = {
  window,
  series: [{ ...day, ...orderFigures }],
  previous_series: [{ ...orderFigures, dine_in: 27, takeaway: 22, total: 49 }],
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

function renderCards() {
  let headcountCalls = 0;
  const fetchAnalytics = vi.fn(async ({ kind }: CardQuery): Promise<AnalyticsData[AnalyticsKind]> => {
    if (kind === 'orders') return orders;
    if (kind === 'headcounts' && headcountCalls++ > 0) return headcounts;
    throw new ApiError('The database is unavailable', 503);
  });
  const logic = dashboardMachine.provide({
    actors: { fetchAnalytics: fromPromise<AnalyticsData[AnalyticsKind], CardQuery>(({ input }) => fetchAnalytics(input)) },
  });
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <UiProvider env="test">
      <Router hook={location.hook}>
        <DashboardContext.Provider logic={logic} options={{ input: { search: '', branches: [] } }}>
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
    expect(within(ordersCard).getByRole('img', { name: 'Orders: Dine-In vs Takeaway' })).toHaveAccessibleDescription(
      'Dine-In 30, Takeaway 20',
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
