import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { Alert, AlertsPage } from '@contract/api/alerts.calls';
import { alertsMachine, ALERTS_PER_PAGE, type AlertsRequest } from '../../src/machines/alerts.machine';
import { UiProvider } from '../../src/ui/ui-provider';
import { AlertsContext, AlertsView } from '../../src/views/alerts/alerts.view';

// The Alerts page on the real machine; the alerts call is a fake.

const alertOf = (id: number): Alert => ({
  id,
  rule_id: 1,
  kind: 'labour_cost',
  threshold: 35,
  restaurant_id: 7,
  restaurant_name: 'Parramatta',
  day: '2026-11-24',
  value: 41.2,
  baseline: null,
  summary: `Labour cost was 41.2% of revenue (alert ${id})`,
  page: 'roster',
  range: '7days',
  created_at: '2026-11-25T01:00:00.000Z',
  acknowledged_at: '2026-11-25T02:00:00.000Z',
});

describe('alerts list', () => {
  it('shows the page asked for with its pager counting from that page', async () => {
    const total = ALERTS_PER_PAGE + 2;
    const fetchAlerts = fromPromise<AlertsPage, AlertsRequest>(async ({ input }) => ({
      items: input.page === 2 ? [alertOf(21), alertOf(22)] : [],
      total,
      unread: 0,
      page: input.page,
      page_size: ALERTS_PER_PAGE,
    }));
    const location = memoryLocation({ path: '/alerts', record: true });
    render(
      <UiProvider env="test">
        <Router hook={location.hook}>
          <AlertsContext.Provider
            logic={alertsMachine.provide({ actors: { fetchAlerts } })}
            options={{ input: { search: '?status=all&page=2' } }}
          >
            <AlertsView title="Alerts" owner={false} />
          </AlertsContext.Provider>
        </Router>
      </UiProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Alerts' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([alertOf(21).summary, alertOf(22).summary]);
    const pager = screen.getByRole('navigation', { name: 'Alerts pages' });
    expect(within(pager).getByText(`Showing ${ALERTS_PER_PAGE + 1}–${total} of ${total}`)).toBeInTheDocument();
    expect(within(pager).getByText('Page 2 of 2')).toBeInTheDocument();
  });
});
