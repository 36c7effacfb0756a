import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AlertsPage as AlertsAnswer } from '@contract/api/alerts.calls';
import { alertsBellMachine } from '../../src/machines/alerts-bell.machine';
import { ALL_ACKNOWLEDGED, alertsHref, alertsMachine } from '../../src/machines/alerts.machine';
import { sessionMachine, type Access } from '../../src/machines/session.machine';
import type { StoredSession } from '../../src/services/session-storage';
import { alertsService, type AlertStatus } from '../../src/services/alerts.service';
import { AlertsBell, AlertsBellScope } from '../../src/views/alerts/alerts-bell.view';
import AlertsPage from '../../src/views/alerts/alerts.page';
import { ALERTS_EXPLAINED } from '../../src/views/alerts/alerts.view';
import { SessionContext } from '../../src/views/shared/session.context';
import {
  ACK_ALL_FAILURE,
  ACK_FAILURE,
  alert,
  ITEMS,
  LIST_FAILURE,
  PAGE_ONE,
  TARGET,
  paths,
  type ModelEvent,
  type Snapshot,
} from './models/alerts.model';
import { runModel } from './support/model-runner';
import { inspectPageActors } from './support/page-actors';
import { OWNER } from '../unit/support/fake-server';
import { SESSION_RESTAURANTS, signedInSession } from './support/page-session';
import { clearToasts, renderView } from './support/render-view';
import { controllableCall } from './support/service-calls';
import { fakeJwt } from '../unit/support/jwt';

// The real Alerts page with its own machine and actor inside the bell's scope; only the alert calls are answered by the
// test (the bell's count by a fake that counts its calls), and the page's actor is inspected through its options.
vi.mock('@xstate/react', async (original) => (await import('./support/page-actors')).withPageInspection(await original()));
vi.mock('../../src/services/alerts.service', async (original) => ({
  ...(await original<typeof import('../../src/services/alerts.service')>()),
  alertsService: { alerts: vi.fn(), acknowledge: vi.fn(), acknowledgeAll: vi.fn(), unread: vi.fn() },
}));

function fakeCalls() {
  vi.clearAllMocks();
  // The page's navigate is the browser's (the router under test is a memory location): what it asked for is recorded.
  const pushes = vi.spyOn(window.history, 'pushState');
  const replaces = vi.spyOn(window.history, 'replaceState');
  const alerts = controllableCall<AlertsAnswer, [AlertStatus, number]>();
  const acknowledge = controllableCall<undefined, [number]>();
  const acknowledgeAll = controllableCall<undefined>();
  vi.mocked(alertsService.alerts).mockImplementation(alerts.fn);
  vi.mocked(alertsService.acknowledge).mockImplementation(acknowledge.fn);
  vi.mocked(alertsService.acknowledgeAll).mockImplementation(acknowledgeAll.fn);
  return { alerts, acknowledge, acknowledgeAll, pushes, replaces };
}

/** The bell's count: answers 0 at once and counts how often it was asked. */
function fakeBell() {
  const counts = { calls: 0 };
  const logic = alertsBellMachine.provide({
    actors: {
      fetchUnread: fromPromise(async () => {
        counts.calls += 1;
        return 0;
      }),
    },
  });
  return { logic, counts };
}

/** A manager signed in: the session's member is the page-session owner made a manager. */
function managerSession() {
  const manager = { ...OWNER, role: 'manager' as const };
  return sessionMachine.provide({
    actors: {
      restore: fromPromise<StoredSession>(async () => ({
        token: fakeJwt(Math.floor(Date.now() / 1000) + 3600),
        user: manager,
        restaurants: SESSION_RESTAURANTS,
      })),
      checkAccess: fromPromise<Access>(async () => ({ user: manager, restaurants: SESSION_RESTAURANTS })),
    },
    actions: { saveAccess: () => undefined },
  });
}

function renderAlerts(role: 'owner' | 'manager' = 'owner') {
  const bell = fakeBell();
  const view = renderView(
    () => (
      <SessionContext.Provider logic={role === 'owner' ? signedInSession().logic : managerSession()}>
        <AlertsBellScope logic={bell.logic}>
          <AlertsBell />
          <AlertsPage title="Alerts" />
        </AlertsBellScope>
      </SessionContext.Provider>
    ),
    { path: '/alerts' },
  );
  return { ...view, bell };
}

const cards = () => within(screen.getByRole('list', { name: 'Alerts' })).getAllByRole('listitem');

function verifyList(state: Snapshot) {
  const loading = screen.queryByRole('status', { name: 'Loading alerts' });
  if (state.matches('loading')) {
    expect(loading).toBeInTheDocument();
    return;
  }
  expect(loading).not.toBeInTheDocument();
  if (state.matches({ shown: 'failed' })) {
    expect(screen.getByText('Alerts could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(LIST_FAILURE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    return;
  }
  if (state.matches({ shown: 'empty' })) {
    expect(screen.getByText(state.context.status === 'unread' ? 'No unread alerts' : 'No alerts')).toBeInTheDocument();
    expect(screen.getByText(ALERTS_EXPLAINED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set alert rules' })).toHaveAttribute('href', '/alerts/rules');
    expect(screen.queryByRole('list', { name: 'Alerts' })).not.toBeInTheDocument();
    return;
  }
  // The page shown, newest first: each unread alert with Acknowledge, the others marked Acknowledged.
  const shown = cards();
  expect(shown.map((c) => c.getAttribute('aria-label'))).toEqual(state.context.items.map((a) => a.summary));
  state.context.items.forEach((item, i) => {
    const button = within(shown[i]!).queryByRole('button', { name: `Acknowledge: ${item.summary}` });
    if (item.acknowledged_at === null) {
      expect(button).toBeInTheDocument();
      expect(button!.getAttribute('data-loading')).toBe(state.matches('acknowledging') && item.id === TARGET.id ? 'true' : null);
    } else {
      expect(button).not.toBeInTheDocument();
      expect(within(shown[i]!).getByText('Acknowledged')).toBeInTheDocument();
    }
  });
  expect(screen.getByText(`Showing 1–${state.context.items.length} of ${state.context.total}`)).toBeInTheDocument();
}

describe('alerts machine × Alerts page (model-based)', () => {
  runModel(alertsMachine, paths, (inspect) => {
    inspectPageActors(alertsMachine.id, inspect);
    const user = userEvent.setup();
    const calls = fakeCalls();
    const { bell, location } = renderAlerts();
    const seen = { bellCalls: 0 };
    // The address shown; the same list and page again comes as another address (a followed link), so the page hears of it.
    let shown = '';
    const visit = (search: string) => {
      shown = search === shown ? `${search || '?'}${search ? '&' : ''}from=link` : search;
      act(() => location.navigate(`/alerts${shown}`));
    };
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        seen.bellCalls = bell.counts.calls;
        switch (e.type) {
          case 'xstate.done.actor.fetchAlerts':
          case 'xstate.error.actor.fetchAlerts':
            return act(async () => calls.alerts.settle(e));
          case 'xstate.done.actor.acknowledge':
          case 'xstate.error.actor.acknowledge':
            return act(async () => calls.acknowledge.settle(e));
          case 'xstate.done.actor.acknowledgeAll':
          case 'xstate.error.actor.acknowledgeAll':
            return act(async () => calls.acknowledgeAll.settle(e));
          case 'alerts.retry':
            return user.click(screen.getByRole('button', { name: 'Retry' }));
          case 'alerts.filter':
            return user.click(screen.getByRole('radio', { name: e.status === 'all' ? 'All' : 'Unread' }));
          case 'alerts.page':
            return user.click(screen.getByRole('button', { name: 'Next' }));
          case 'alerts.acknowledge':
            return user.click(screen.getByRole('button', { name: `Acknowledge: ${TARGET.summary}` }));
          case 'alerts.acknowledgeAll':
            return user.click(screen.getByRole('button', { name: 'Acknowledge all' }));
          case 'alerts.urlChanged':
            return visit(e.search);
        }
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        verifyList(state);
        expect(screen.getByText(`${state.context.unread} unread`)).toBeInTheDocument();
        expect(screen.getByRole('radio', { name: state.context.status === 'all' ? 'All' : 'Unread' })).toBeChecked();
        const all = screen.getByRole('button', { name: 'Acknowledge all' });
        if (state.matches({ shown: 'loaded' }) && state.context.unread > 0) expect(all).toBeEnabled();
        else if (!state.matches('acknowledgingAll')) expect(all).toBeDisabled();
        // Each list asked for is its status and page.
        if (state.matches('loading')) {
          expect(calls.alerts.calls().at(-1)).toEqual([state.context.status, state.context.page]);
        }
        if (e.type === 'alerts.acknowledge') expect(calls.acknowledge.calls().at(-1)).toEqual([TARGET.id]);
        // Unread / All and the pages go through the URL, which holds them; an emptied page 2 is replaced by the last.
        if (e.type === 'alerts.filter') expect(calls.pushes).toHaveBeenLastCalledWith(null, '', alertsHref({ status: e.status, page: 1 }));
        if (e.type === 'alerts.page') {
          expect(calls.pushes).toHaveBeenLastCalledWith(null, '', alertsHref({ status: state.context.status, page: e.page }));
        }
        if (e.type === 'xstate.done.actor.fetchAlerts' && state.matches('loading')) {
          expect(calls.replaces).toHaveBeenLastCalledWith(null, '', alertsHref({ status: state.context.status, page: 1 }));
        }
        // An acknowledgement tells the bell, which counts again at once; a failure does not.
        if (e.type === 'xstate.done.actor.acknowledge' || e.type === 'xstate.done.actor.acknowledgeAll') {
          await waitFor(() => expect(bell.counts.calls).toBe(seen.bellCalls + 1));
        } else if ((event.type as string) !== 'xstate.init') expect(bell.counts.calls).toBe(seen.bellCalls);
        if (e.type === 'xstate.done.actor.acknowledgeAll') expect(await screen.findByText(ALL_ACKNOWLEDGED)).toBeInTheDocument();
        if (e.type === 'xstate.error.actor.acknowledge') expect(await screen.findByText(ACK_FAILURE)).toBeInTheDocument();
        if (e.type === 'xstate.error.actor.acknowledgeAll') expect(await screen.findByText(ACK_ALL_FAILURE)).toBeInTheDocument();
      },
    };
  });
});

// Written from the task, not from the graph.
describe('Alerts page scenarios', () => {
  beforeEach(clearToasts);

  it('shows each alert with its branch, day, figures and a link to that branch and day', async () => {
    const calls = fakeCalls();
    renderAlerts();
    await act(async () => calls.alerts.resolve(PAGE_ONE));
    const [first, second] = cards();
    expect(first).toHaveTextContent('Parramatta · 24 Nov 2026');
    expect(first).toHaveTextContent('Labour cost 41.2% of revenue (revenue $3,210.00)');
    expect(within(first!).getByRole('link', { name: 'Open Roster & Productivity for Parramatta' })).toHaveAttribute(
      'href',
      '/roster?range=7days&restaurant=7',
    );
    expect(second).toHaveTextContent('Bondi Beach · 25 Nov 2026');
    expect(second).toHaveTextContent('0 orders by 11:00');
    expect(within(second!).getByRole('link', { name: 'Open Order for Bondi Beach' })).toHaveAttribute(
      'href',
      '/order?range=7days&restaurant=9',
    );
    expect(screen.getByRole('link', { name: 'Rules' })).toHaveAttribute('href', '/alerts/rules');
  });

  it('asks for the unread alerts first; Next and All go through the URL, which the page follows', async () => {
    const user = userEvent.setup();
    const calls = fakeCalls();
    const { location } = renderAlerts();
    await act(async () => calls.alerts.resolve({ ...PAGE_ONE, items: Array.from({ length: 20 }, (_, i) => alert(100 - i)) }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(calls.pushes).toHaveBeenLastCalledWith(null, '', '/alerts?page=2');
    act(() => location.navigate('/alerts?page=2'));
    await act(async () => calls.alerts.resolve({ ...PAGE_ONE, page: 2 }));
    await user.click(screen.getByText('All'));
    expect(calls.pushes).toHaveBeenLastCalledWith(null, '', '/alerts?status=all');
    act(() => location.navigate('/alerts?status=all'));
    expect(calls.alerts.calls()).toEqual([
      ['unread', 1],
      ['unread', 2],
      ['all', 1],
    ]);
    expect(ITEMS).toHaveLength(3);
  });

  it('gives a manager no Rules link and no link to set rules', async () => {
    const calls = fakeCalls();
    renderAlerts('manager');
    await act(async () => calls.alerts.resolve({ items: [], total: 0, unread: 0, page: 1, page_size: 20 }));
    expect(await screen.findByText('No unread alerts')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rules' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Set alert rules' })).not.toBeInTheDocument();
  });
});
