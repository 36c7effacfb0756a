import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import { ALERTS_POLL_MS, alertsBellMachine } from '../../src/machines/alerts-bell.machine';
import { alertsService } from '../../src/services/alerts.service';
import { ApiError } from '../../src/services/api-error';
import { AlertsBell, AlertsBellContext, AlertsBellScope } from '../../src/views/alerts/alerts-bell.view';
import AlertsPage from '../../src/views/alerts/alerts.page';
import { SessionContext } from '../../src/views/shared/session.context';
import { bellLabel, unreadBadge } from '../../src/ui/alerts-bell';
import { ACKNOWLEDGEABLE, TICK, paths, type ModelEvent } from './models/alerts-bell.model';
import { alert } from './models/alerts.model';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { inspectPageActors } from './support/page-actors';
import { signedInSession } from './support/page-session';
import { renderView } from './support/render-view';

// The real bell in its scope beside the real Alerts page (whose Acknowledge tells the bell); the count is a
// controllable actor, the Alerts page's calls answer at once, and the browser's visibility is the test's.
vi.mock('@xstate/react', async (original) => (await import('./support/page-actors')).withPageInspection(await original()));
vi.mock('../../src/services/alerts.service', async (original) => ({
  ...(await original<typeof import('../../src/services/alerts.service')>()),
  alertsService: { alerts: vi.fn(), acknowledge: vi.fn(), acknowledgeAll: vi.fn(), unread: vi.fn() },
}));

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
afterEach(() => {
  visibility = 'visible';
});

const UNREAD = Array.from({ length: ACKNOWLEDGEABLE }, (_, i) => alert(50 - i));

function renderBell() {
  vi.clearAllMocks();
  vi.mocked(alertsService.alerts).mockResolvedValue({ items: UNREAD, total: UNREAD.length, unread: UNREAD.length, page: 1, page_size: 20 });
  vi.mocked(alertsService.acknowledge).mockResolvedValue(undefined);
  const fetchUnread = controllableActor<number>();
  let bell: ActorRefFrom<typeof alertsBellMachine> | undefined;
  function Probe() {
    bell = AlertsBellContext.useActorRef();
    return null;
  }
  const logic = alertsBellMachine.provide({ actors: { fetchUnread: fetchUnread.logic } });
  renderView(
    () => (
      <SessionContext.Provider logic={signedInSession().logic}>
        <AlertsBellScope logic={logic}>
          <Probe />
          <AlertsBell />
          <AlertsPage title="Alerts" />
        </AlertsBellScope>
      </SessionContext.Provider>
    ),
    { path: '/alerts' },
  );
  return { fetchUnread, send: (event: { type: string }) => act(() => bell!.send(event as never)) };
}

const bellLink = () => screen.getByRole('link', { name: /^Alerts/ });

describe('alerts bell machine × the shell bell (model-based)', () => {
  runModel(alertsBellMachine, paths, (inspect) => {
    inspectPageActors(alertsBellMachine.id, inspect);
    const user = userEvent.setup();
    const { fetchUnread, send } = renderBell();
    // The count shown: the last one answered, kept through failures.
    let shown: number | null = null;
    let acknowledged = 0;
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        switch (e.type) {
          case 'xstate.done.actor.fetchUnread':
          case 'xstate.error.actor.fetchUnread':
            return act(async () => fetchUnread.settle(e));
          case 'bell.hidden':
          case 'bell.visible':
            visibility = e.type === 'bell.hidden' ? 'hidden' : 'visible';
            fireEvent(document, new Event('visibilitychange'));
            return;
          case 'bell.focused':
            fireEvent.focus(window);
            return;
          case 'bell.refresh': {
            // The member acknowledges the next alert on the Alerts page.
            const target = UNREAD[acknowledged++]!;
            await user.click(await screen.findByRole('button', { name: `Acknowledge: ${target.summary}` }));
            return;
          }
          case TICK:
            // The minute passing: the machine's own timer event (the test does not wait a minute).
            return send(e);
        }
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        if (e.type === 'xstate.done.actor.fetchUnread') shown = e.output;
        expect(state.context.unread).toBe(shown);
        const link = bellLink();
        expect(link).toHaveAttribute('href', '/alerts');
        expect(link).toHaveAccessibleName(bellLabel(shown));
        const badge = unreadBadge(shown ?? 0);
        const indicator = link.parentElement!;
        if (badge === null) expect(within(indicator).queryByText(/^\d+\+?$/)).not.toBeInTheDocument();
        else expect(within(indicator).getByText(badge)).toBeInTheDocument();
        // Counting while visible (one call under way), nothing while hidden or waiting.
        expect(fetchUnread.pending()).toBe(state.matches({ visible: 'counting' }) ? 1 : 0);
      },
    };
  });
});

describe('alerts bell scenarios', () => {
  it('counts at once, then every minute while the tab is visible (a failure keeps the count), and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.mocked(alertsService.unread).mockResolvedValue(2);
      renderView(() => (
        <AlertsBellScope>
          <AlertsBell />
        </AlertsBellScope>
      ));
      await act(async () => undefined);
      expect(alertsService.unread).toHaveBeenCalledTimes(1);
      expect(bellLink()).toHaveAccessibleName('Alerts, 2 unread');
      // A failed count keeps the last one on screen.
      vi.mocked(alertsService.unread).mockRejectedValueOnce(new ApiError('Network error: the server could not be reached', 0));
      await act(async () => vi.advanceTimersByTime(ALERTS_POLL_MS));
      expect(alertsService.unread).toHaveBeenCalledTimes(2);
      expect(bellLink()).toHaveAccessibleName('Alerts, 2 unread');
      visibility = 'hidden';
      fireEvent(document, new Event('visibilitychange'));
      await act(async () => vi.advanceTimersByTime(ALERTS_POLL_MS * 3));
      expect(alertsService.unread).toHaveBeenCalledTimes(2);
      visibility = 'visible';
      fireEvent(document, new Event('visibilitychange'));
      await act(async () => undefined);
      expect(alertsService.unread).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows 99+ beyond 99, nothing at 0, and names the count', () => {
    expect([unreadBadge(0), unreadBadge(7), unreadBadge(99), unreadBadge(100), unreadBadge(1234)]).toEqual([null, '7', '99', '99+', '99+']);
    expect([bellLabel(null), bellLabel(0), bellLabel(3)]).toEqual(['Alerts', 'Alerts, 0 unread', 'Alerts, 3 unread']);
  });
});
