import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Range } from '@contract/analytics.contract';
import type { AnalyticsPage, ExportFormat, PageReport } from '@contract/page-reports.contract';
import type { HeatmapMeasure } from '@contract/presentation/chart-options';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import { PAGE_FETCH_FAILED, pageReportsService, type ExportFile } from '../services/page-reports.service';
import type { Navigation, Notice } from '../shared/effects';
import { pathOf } from '../shared/routing';
import {
  datesProblem,
  filterActions,
  filterGuards,
  filtersFromSearch,
  filtersHref,
  filtersQuery,
  sameFilters,
  type AnalyticsFilters,
  type Branch,
  type FilterEvent,
} from './support/analytics-filters';
import { notProvided } from './support/machine-effects';

/** "Exported as CSV!" (docs/product.md). */
export const exportedMessage = (format: ExportFormat) => `Exported as ${format.toUpperCase()}!`;

export type PageQuery = { page: AnalyticsPage; filters: AnalyticsFilters };
export type ExportQuery = PageQuery & { format: ExportFormat };

export type AnalyticsPageContext = {
  page: AnalyticsPage;
  branches: Branch[];
  /** What the header's selectors and the range buttons show; Apply turns it into the URL. */
  draft: AnalyticsFilters;
  /** What the URL says and the report shows. */
  applied: AnalyticsFilters;
  report: PageReport | null;
  error: ErrorInfo | null;
  /** The file being made, while exporting. */
  exporting: ExportFormat | null;
  exportError: ErrorInfo | null;
  /** What the Order page's hours heatmap colours its cells by. */
  heatmapMeasure: HeatmapMeasure;
};

export type AnalyticsPageInput = { page: AnalyticsPage; search: string; branches: Branch[] };

export type AnalyticsPageEvent =
  | FilterEvent<'page'>
  /** Apply; the range button row applies its range at once (`range`), the header's Apply the draft. */
  | { type: 'page.apply'; range?: Range }
  | { type: 'page.retry' }
  | { type: 'page.export'; format: ExportFormat }
  | { type: 'page.heatmapMeasure'; measure: HeatmapMeasure }
  /** The URL query changed (Apply, back / forward, a followed link): it holds the applied filters. */
  | { type: 'page.urlChanged'; search: string }
  /** The member's branches changed (an owner changed their access): the branch picker follows. */
  | { type: 'page.branchesChanged'; branches: Branch[] };

/** The filters Apply asks for: the draft, with the range a range button names (in place of custom dates). */
const requested = (context: AnalyticsPageContext, event: AnalyticsPageEvent): AnalyticsFilters =>
  event.type === 'page.apply' && event.range ? { ...context.draft, range: event.range, dates: null } : context.draft;

const hrefOf = (context: AnalyticsPageContext, filters: AnalyticsFilters) => filtersHref(pathOf(context.page), filters);

export const analyticsPageMachine = setup({
  types: {
    context: {} as AnalyticsPageContext,
    events: {} as AnalyticsPageEvent,
    input: {} as AnalyticsPageInput,
    tags: {} as 'busy' | 'exporting',
  },
  actors: {
    fetchReport: fromPromise<PageReport, PageQuery>(({ input: { page, filters } }) =>
      pageReportsService.fetchReport(page, { restaurantId: filters.restaurantId }, filtersQuery(filters)),
    ),
    exportReport: fromPromise<ExportFile, ExportQuery>(({ input: { page, filters, format } }) =>
      pageReportsService.exportReport(page, { restaurantId: filters.restaurantId }, filtersQuery(filters), format),
    ),
  },
  actions: {
    /** Carried out by the page with the router, so the URL stays the one record of the applied filters. */
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    notify: (_, _notice: Notice) => notProvided('notify'),
    /** Saves the file in the browser (an object URL clicked as a download link). */
    download: (_, _file: ExportFile) => notProvided('download'),
    ...filterActions<AnalyticsPageContext, AnalyticsPageEvent>((context) => context.report?.window),
    takeDraft: assign(({ context, event }) => ({ draft: requested(context, event) })),
  },
  guards: {
    ...filterGuards,
    /** What Apply asks for may be asked: a range button always, the draft when its custom dates are whole. */
    requestAskable: ({ context, event }) => {
      const { dates } = requested(context, event);
      return dates === null || datesProblem(dates) === null;
    },
    /** Apply would not change the URL: load the same filters again. */
    requestIsApplied: ({ context, event }) => sameFilters(requested(context, event), context.applied),
  },
}).createMachine({
  id: 'analyticsPage',
  initial: 'loading',
  context: ({ input }) => {
    const applied = filtersFromSearch(input.search, input.branches);
    return {
      page: input.page,
      branches: input.branches,
      draft: applied,
      applied,
      report: null,
      error: null,
      exporting: null,
      exportError: null,
      heatmapMeasure: 'orders',
    };
  },
  on: {
    'page.range': { actions: { type: 'draftRange', params: ({ event }) => event.range } },
    'page.dates': { actions: { type: 'draftDates', params: ({ event }) => event.dates } },
    'page.branch': { actions: { type: 'draftBranch', params: ({ event }) => event.restaurantId } },
    'page.compare': { actions: { type: 'draftCompare', params: ({ event }) => event.compare } },
    'page.likeForLike': { actions: { type: 'draftLikeForLike', params: ({ event }) => event.likeForLike } },
    // Back / forward or a link may change the filters at any time; an export under way is dropped with the page it was of.
    'page.urlChanged': [
      { guard: { type: 'urlShowsApplied', params: ({ event }) => event.search } },
      { target: '.loading', reenter: true, actions: { type: 'applyUrl', params: ({ event }) => event.search } },
    ],
    // All Branches replaces a lost branch, in the report and in the URL (replaced: the lost branch's address is no use).
    'page.branchesChanged': [
      {
        guard: { type: 'appliedBranchGone', params: ({ event }) => event.branches },
        target: '.loading',
        reenter: true,
        actions: [
          { type: 'takeBranches', params: ({ event }) => event.branches },
          { type: 'navigate', params: ({ context }) => ({ to: hrefOf(context, context.applied), replace: true }) },
        ],
      },
      { actions: { type: 'takeBranches', params: ({ event }) => event.branches } },
    ],
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null, exporting: null }),
      invoke: {
        id: 'fetchReport',
        src: 'fetchReport',
        input: ({ context }): PageQuery => ({ page: context.page, filters: context.applied }),
        onDone: { target: 'loaded', actions: assign({ report: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ report: null, error: ({ event }) => toErrorInfo(event.error, PAGE_FETCH_FAILED) }) },
      },
    },
    loaded: {
      initial: 'idle',
      // The choice stays with the page: the next report shows the same measure.
      on: { 'page.heatmapMeasure': { actions: assign({ heatmapMeasure: ({ event }) => event.measure }) } },
      states: {
        idle: {
          entry: assign({ exporting: null }),
          on: {
            'page.apply': [
              { guard: 'requestIsApplied', target: '#analyticsPage.loading', actions: 'takeDraft' },
              {
                guard: 'requestAskable',
                actions: [
                  'takeDraft',
                  { type: 'navigate', params: ({ context }) => ({ to: hrefOf(context, context.draft), replace: false }) },
                ],
              },
            ],
            'page.export': { target: 'exporting', actions: assign({ exporting: ({ event }) => event.format }) },
          },
        },
        exporting: {
          tags: ['busy', 'exporting'],
          invoke: {
            id: 'exportReport',
            src: 'exportReport',
            input: ({ context }): ExportQuery => ({ page: context.page, filters: context.applied, format: context.exporting! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'download', params: ({ event }) => event.output },
                { type: 'notify', params: ({ context }) => ({ message: exportedMessage(context.exporting!), type: 'success' }) },
                assign({ exportError: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ exportError: ({ event }) => toErrorInfo(event.error) }),
                { type: 'notify', params: ({ context }) => ({ message: context.exportError!.message, type: 'error' }) },
              ],
            },
          },
        },
      },
    },
    failed: {
      on: {
        'page.retry': { target: 'loading' },
        'page.apply': [
          { guard: 'requestIsApplied', target: 'loading', actions: 'takeDraft' },
          {
            guard: 'requestAskable',
            actions: ['takeDraft', { type: 'navigate', params: ({ context }) => ({ to: hrefOf(context, context.draft), replace: false }) }],
          },
        ],
      },
    },
  },
});

export type AnalyticsPageSnapshot = SnapshotFrom<typeof analyticsPageMachine>;
