import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ActivityItem, ActivityMember, ActivityPage } from '@contract/activity.contract';
import { activityService, type ActivityFilters } from '../services/activity.service';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import type { ExportFile } from '../services/page-reports.service';
import type { Navigation, Notice } from '../shared/effects';
import { pathOf } from '../shared/routing';
import { exportedMessage } from './analytics-page.machine';
import {
  activityHref,
  activityViewFromSearch,
  ACTIVITY_PAGE_ENTRIES,
  DATES_OUT_OF_ORDER,
  NO_FILTERS,
  sameFilters,
  withChange,
  type FilterChange,
} from './support/activity-filters';
import { notProvided } from './support/machine-effects';
import { errorNotice } from './support/notices';
import { pageExistsOf, pastTheEnd, toLastPage } from './support/server-paging';

export type ActivityContext = {
  /** What the filter controls show; Apply turns it into the URL. */
  draft: ActivityFilters;
  /** What the URL says and the table shows. */
  applied: ActivityFilters;
  page: number;
  items: ActivityItem[];
  total: number;
  members: ActivityMember[];
  error: ErrorInfo | null;
  /** Apply was refused on the page: the last day is before the first. */
  dateError: string | null;
};

export type ActivityEvent =
  | ({ type: 'activity.filter' } & FilterChange)
  | { type: 'activity.apply' }
  /** Back to every entry: no filters, page 1. */
  | { type: 'activity.reset' }
  /** Prev, Next. */
  | { type: 'activity.page'; page: number }
  | { type: 'activity.retry' }
  /** The CSV of every entry the applied filters match. */
  | { type: 'activity.export' }
  /** The URL query changed (Apply, a page, back / forward, a followed link): it holds the filters and the page. */
  | { type: 'activity.urlChanged'; search: string };

export type ActivityInput = { search: string };
export type PageRequest = { filters: ActivityFilters; page: number };

/**
 * The Activity page: the log's entries for the filters and page of the URL (loading, the page, the empty text, or the
 * failure with Retry), paging, the filter controls (a draft until Apply), the CSV export of the applied filters, and,
 * beside it, the members the member filter offers.
 */
export const activityMachine = setup({
  types: {
    context: {} as ActivityContext,
    events: {} as ActivityEvent,
    input: {} as ActivityInput,
    tags: {} as 'busy' | 'exporting',
  },
  actors: {
    fetchPage: fromPromise<ActivityPage, PageRequest>(({ input }) => activityService.page(input.filters, input.page)),
    fetchMembers: fromPromise<ActivityMember[]>(() => activityService.members()),
    exportLog: fromPromise<ExportFile, ActivityFilters>(({ input }) => activityService.exportCsv(input)),
  },
  actions: {
    /** Carried out by the page with the router, so the URL stays the one record of the filters and the page. */
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    notify: (_, _notice: Notice) => notProvided('notify'),
    /** Saves the file in the browser. */
    download: (_, _file: ExportFile) => notProvided('download'),
  },
  guards: {
    datesOutOfOrder: ({ context: { draft } }) => draft.from !== null && draft.to !== null && draft.from > draft.to,
    draftShown: ({ context }) => sameFilters(context.draft, context.applied),
    unfiltered: ({ context }) => sameFilters(context.applied, NO_FILTERS) && context.page === 1,
    /** The URL names what is shown already (the page reports the address it mounted with too). */
    urlShowsApplied: ({ context, event }) => {
      if (event.type !== 'activity.urlChanged') return false;
      const { filters, page } = activityViewFromSearch(event.search);
      return sameFilters(filters, context.applied) && page === context.page;
    },
    pastTheEnd,
    noEntries: (_, answer: ActivityPage) => answer.total === 0,
    pageExists: pageExistsOf(ACTIVITY_PAGE_ENTRIES),
  },
}).createMachine({
  id: 'activity',
  type: 'parallel',
  context: ({ input }) => {
    const { filters, page } = activityViewFromSearch(input.search);
    return { draft: filters, applied: filters, page, items: [], total: 0, members: [], error: null, dateError: null };
  },
  states: {
    // The member filter's choices: the members the log names. Without them the filter offers every member only.
    members: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchMembers',
            src: 'fetchMembers',
            onDone: { target: 'ready', actions: assign({ members: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: {},
        failed: {},
      },
    },
    log: {
      initial: 'loading',
      on: {
        'activity.filter': {
          actions: assign({ draft: ({ context, event }) => withChange(context.draft, event), dateError: null }),
        },
        // Back / forward or a link may change the filters at any time; an export under way is dropped with its page.
        'activity.urlChanged': [
          { guard: 'urlShowsApplied' },
          {
            target: '.loading',
            reenter: true,
            actions: assign(({ event }) => {
              const { filters, page } = activityViewFromSearch(event.search);
              return { applied: filters, draft: filters, page, dateError: null };
            }),
          },
        ],
      },
      states: {
        loading: {
          tags: ['busy'],
          entry: assign({ error: null }),
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }): PageRequest => ({ filters: context.applied, page: context.page }),
            onDone: [
              toLastPage<ActivityContext, ActivityEvent, ActivityPage>(ACTIVITY_PAGE_ENTRIES, (context) =>
                activityHref({ filters: context.applied, page: context.page }),
              ),
              {
                guard: { type: 'noEntries', params: ({ event }) => event.output },
                target: 'shown.empty',
                actions: assign({ items: [], total: 0 }),
              },
              {
                target: 'shown.loaded',
                actions: assign({ items: ({ event }) => event.output.items, total: ({ event }) => event.output.total }),
              },
            ],
            onError: { target: 'shown.failed', actions: assign({ items: [], total: 0, error: ({ event }) => toErrorInfo(event.error) }) },
          },
        },
        // The answer is shown: the filters may be applied again, pages turned, the entries exported.
        shown: {
          initial: 'loaded',
          on: {
            'activity.apply': [
              { guard: 'datesOutOfOrder', actions: assign({ dateError: DATES_OUT_OF_ORDER }) },
              // The filters shown already: read the page shown again.
              { guard: 'draftShown', target: '#activity.log.loading' },
              {
                actions: {
                  type: 'navigate',
                  params: ({ context }) => ({ to: activityHref({ filters: context.draft, page: 1 }), replace: false }),
                },
              },
            ],
            'activity.reset': [
              { guard: 'unfiltered', actions: assign({ draft: NO_FILTERS, dateError: null }) },
              {
                actions: [
                  assign({ draft: NO_FILTERS, dateError: null }),
                  { type: 'navigate', params: { to: pathOf('activity'), replace: false } },
                ],
              },
            ],
          },
          states: {
            loaded: {
              on: {
                'activity.page': {
                  guard: { type: 'pageExists', params: ({ event }) => event.page },
                  actions: {
                    type: 'navigate',
                    params: ({ context, event }) => ({
                      to: activityHref({ filters: context.applied, page: event.page }),
                      replace: false,
                    }),
                  },
                },
                'activity.export': '#activity.log.exporting',
              },
            },
            /** No entry matches the filters (or the log is empty). */
            empty: {},
            failed: { on: { 'activity.retry': '#activity.log.loading' } },
          },
        },
        // The entries stay on screen while their file is made; the filters wait.
        exporting: {
          tags: ['busy', 'exporting'],
          invoke: {
            id: 'exportLog',
            src: 'exportLog',
            input: ({ context }) => context.applied,
            onDone: {
              target: 'shown.loaded',
              actions: [
                { type: 'download', params: ({ event }) => event.output },
                { type: 'notify', params: { message: exportedMessage('csv'), type: 'success' } },
              ],
            },
            onError: { target: 'shown.loaded', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
          },
        },
      },
    },
  },
});

export type ActivitySnapshot = SnapshotFrom<typeof activityMachine>;
