import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ALERTS_PAGE_SIZE } from '@contract/alerts.contract';
import type { Alert, AlertsPage } from '@contract/api/alerts.calls';
import { alertsService, type AlertStatus } from '../services/alerts.service';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import type { Navigation, Notice } from '../shared/effects';
import { pathOf } from '../shared/routing';
import { notProvided } from './support/machine-effects';
import { pageCount, pageExistsOf, pastTheEnd, toLastPage } from './support/server-paging';

export type { AlertStatus };

/** The contract's page size, restated so the browser does not load its zod schemas (typed by the contract's own). */
export const ALERTS_PER_PAGE: typeof ALERTS_PAGE_SIZE = 20;
export const ALL_ACKNOWLEDGED = 'All alerts acknowledged';

export const alertPageCount = (total: number) => pageCount(total, ALERTS_PER_PAGE);

/** The list and page the URL holds (`/alerts?status=all&page=2`); Unread and page 1 are left out. */
export type AlertsView = { status: AlertStatus; page: number };

export function alertsViewFromSearch(search: string): AlertsView {
  const query = new URLSearchParams(search);
  const page = query.get('page') ?? '';
  return {
    status: query.get('status') === 'all' ? 'all' : 'unread',
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

export function alertsHref({ status, page }: AlertsView): string {
  return pathOf('alerts', { status: status === 'all' ? 'all' : null, page: page > 1 ? page : null });
}

export type AlertsContext = {
  status: AlertStatus;
  page: number;
  items: Alert[];
  total: number;
  /** The member's unread alerts over every page, as the last answer counted them. */
  unread: number;
  /** The alert being acknowledged (its button shows the progress). */
  acknowledging: number | null;
  error: ErrorInfo | null;
};

export type AlertsEvent =
  /** Unread or All: page 1 of that list. */
  | { type: 'alerts.filter'; status: AlertStatus }
  /** Prev, Next. */
  | { type: 'alerts.page'; page: number }
  | { type: 'alerts.retry' }
  | { type: 'alerts.acknowledge'; id: number }
  | { type: 'alerts.acknowledgeAll' }
  /** The URL query changed (a filter, a page, back / forward, a followed link): it holds the list and the page. */
  | { type: 'alerts.urlChanged'; search: string };

export type AlertsInput = { search: string };

export type AlertsRequest = { status: AlertStatus; page: number };

/** The alerts shown, marked read from `at` on (all of them, or the one named). */
function markRead(items: readonly Alert[], at: string, id?: number): Alert[] {
  return items.map((a) => (a.acknowledged_at === null && (id === undefined || a.id === id) ? { ...a, acknowledged_at: at } : a));
}

/**
 * The Alerts page: the member's alerts, newest first, Unread or All, a page at a time (loading, the page, the empty
 * text, or the failure with Retry); Acknowledge marks one read and Acknowledge all every one. Each acknowledgement
 * stays on screen (marked read, also under Unread, so the list does not jump) and emits `acknowledged`, so the bell
 * counts again at once.
 */
export const alertsMachine = setup({
  types: {
    context: {} as AlertsContext,
    events: {} as AlertsEvent,
    input: {} as AlertsInput,
    children: {} as { fetchAlerts: 'fetchAlerts'; acknowledge: 'acknowledge'; acknowledgeAll: 'acknowledgeAll' },
    emitted: {} as { type: 'acknowledged' },
    tags: {} as 'busy',
  },
  actors: {
    fetchAlerts: fromPromise<AlertsPage, AlertsRequest>(({ input }) => alertsService.alerts(input.status, input.page)),
    acknowledge: fromPromise<void, number>(({ input }) => alertsService.acknowledge(input)),
    acknowledgeAll: fromPromise<void>(() => alertsService.acknowledgeAll()),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    /** Carried out by the page with the router, so the URL stays the one record of the list and the page. */
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    fail: assign((_, error: unknown) => ({ items: [], total: 0, error: toErrorInfo(error) })),
  },
  guards: {
    pastTheEnd,
    noAlerts: (_, answer: AlertsPage) => answer.total === 0,
    otherStatus: ({ context, event }) => event.type === 'alerts.filter' && event.status !== context.status,
    /** The URL names what is shown already (the page reports the address it mounted with too). */
    urlShowsShown: ({ context, event }) => {
      if (event.type !== 'alerts.urlChanged') return false;
      const { status, page } = alertsViewFromSearch(event.search);
      return status === context.status && page === context.page;
    },
    pageExists: pageExistsOf(ALERTS_PER_PAGE),
    /** An alert shown that this member has not acknowledged yet. */
    unreadShown: ({ context, event }) =>
      event.type === 'alerts.acknowledge' && context.items.some((a) => a.id === event.id && a.acknowledged_at === null),
    anyUnread: ({ context }) => context.unread > 0,
  },
}).createMachine({
  id: 'alerts',
  initial: 'loading',
  context: ({ input }) => ({ ...alertsViewFromSearch(input.search), items: [], total: 0, unread: 0, acknowledging: null, error: null }),
  on: {
    // Back / forward or a link may change the list at any time; an acknowledgement under way is not waited for.
    'alerts.urlChanged': [
      { guard: 'urlShowsShown' },
      {
        target: '.loading',
        reenter: true,
        actions: assign(({ event }) => ({ ...alertsViewFromSearch(event.search), acknowledging: null })),
      },
    ],
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchAlerts',
        src: 'fetchAlerts',
        input: ({ context }): AlertsRequest => ({ status: context.status, page: context.page }),
        onDone: [
          toLastPage<AlertsContext, AlertsEvent, AlertsPage>(ALERTS_PER_PAGE, alertsHref),
          {
            guard: { type: 'noAlerts', params: ({ event }) => event.output },
            target: 'shown.empty',
            actions: assign({ items: [], total: 0, unread: ({ event }) => event.output.unread }),
          },
          {
            target: 'shown.loaded',
            actions: assign(({ event }) => ({ items: event.output.items, total: event.output.total, unread: event.output.unread })),
          },
        ],
        onError: { target: 'shown.failed', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    shown: {
      initial: 'loaded',
      on: {
        'alerts.filter': {
          guard: 'otherStatus',
          actions: { type: 'navigate', params: ({ event }) => ({ to: alertsHref({ status: event.status, page: 1 }), replace: false }) },
        },
      },
      states: {
        loaded: {
          on: {
            'alerts.page': {
              guard: { type: 'pageExists', params: ({ event }) => event.page },
              actions: {
                type: 'navigate',
                params: ({ context, event }) => ({ to: alertsHref({ status: context.status, page: event.page }), replace: false }),
              },
            },
            'alerts.acknowledge': {
              guard: 'unreadShown',
              target: '#alerts.acknowledging',
              actions: assign({ acknowledging: ({ event }) => event.id }),
            },
            'alerts.acknowledgeAll': { guard: 'anyUnread', target: '#alerts.acknowledgingAll' },
          },
        },
        /** No alert in this list (none at all, or none unread). */
        empty: {},
        failed: { on: { 'alerts.retry': '#alerts.loading' } },
      },
    },
    acknowledging: {
      tags: ['busy'],
      invoke: {
        id: 'acknowledge',
        src: 'acknowledge',
        input: ({ context }) => context.acknowledging!,
        onDone: {
          target: 'shown.loaded',
          actions: [
            assign(({ context }) => ({
              items: markRead(context.items, new Date().toISOString(), context.acknowledging!),
              unread: Math.max(0, context.unread - 1),
              acknowledging: null,
            })),
            emit({ type: 'acknowledged' }),
          ],
        },
        onError: {
          target: 'shown.loaded',
          actions: [
            assign({ acknowledging: null }),
            { type: 'notify', params: ({ event }) => ({ message: toErrorInfo(event.error).message, type: 'error' }) },
          ],
        },
      },
    },
    acknowledgingAll: {
      tags: ['busy'],
      invoke: {
        id: 'acknowledgeAll',
        src: 'acknowledgeAll',
        onDone: {
          target: 'shown.loaded',
          actions: [
            assign(({ context }) => ({ items: markRead(context.items, new Date().toISOString()), unread: 0 })),
            { type: 'notify', params: { message: ALL_ACKNOWLEDGED, type: 'success' } },
            emit({ type: 'acknowledged' }),
          ],
        },
        onError: {
          target: 'shown.loaded',
          actions: { type: 'notify', params: ({ event }) => ({ message: toErrorInfo(event.error).message, type: 'error' }) },
        },
      },
    },
  },
});

export type AlertsSnapshot = SnapshotFrom<typeof alertsMachine>;
