import { and, assign, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { AnalyticsData } from '@contract/analytics.contract';
import type { AnalyticsPage } from '@contract/page-reports.contract';
import type { TargetsAnswer } from '@contract/api/targets.calls';
import { hasTargets, isEmptyForecast, type ForecastView } from '@contract/presentation/target-charts';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import { DASHBOARD_FETCH_FAILED } from '../services/analytics.service';
import { analyticsPrefetch } from '../services/analytics-prefetch';
import type { Navigation } from '../shared/effects';
import { pathOf } from '../shared/routing';
import {
  DEFAULT_FILTERS,
  filterActions,
  filterGuards,
  filtersFromSearch,
  filtersHref,
  sameFilters,
  type AnalyticsFilters,
  type Branch,
  type FilterEvent,
} from './support/analytics-filters';
import { CARD_KINDS, dashboardCall, fetchForecast, fetchTargets, type DashboardKind } from './support/dashboard-calls';
import { notProvided } from './support/machine-effects';

export { CARD_KINDS, DASHBOARD_BEST_SELLERS, DASHBOARD_STAFF, FORECAST_DAYS } from './support/dashboard-calls';

/** What the dashboard shows: a range (docs/product.md) and one accessible branch, or the whole franchise (null). */
export type DashboardFilters = AnalyticsFilters;
export { DEFAULT_FILTERS, filtersFromSearch, type Branch };

/** The dashboard's address for those filters; the defaults get the bare path. */
export const dashboardHref = (filters: DashboardFilters): string => filtersHref(pathOf('dashboard'), filters);
/** An analytics page with the same filters. */
export const pageHref = (page: AnalyticsPage, filters: DashboardFilters): string => filtersHref(pathOf(page), filters);

/** What the cards show: the six analytics calls' answers, revenue against target, and the forecast. */
export type DashboardData = Pick<AnalyticsData, DashboardKind> & { targets: TargetsAnswer; forecast: ForecastView };
/** A card's region of the machine: one per analytics call, then targets and forecast. */
export type DashboardCard = keyof DashboardData;
export const DASHBOARD_CARDS: readonly DashboardCard[] = [...CARD_KINDS, 'targets', 'forecast'];

/**
 * A card with no trade in its window shows its empty text instead of zero-filled charts; a window without targets hides
 * the "vs target" card and the target line.
 */
export function isEmptyAnswer(kind: DashboardCard, data: DashboardData[DashboardCard]): boolean {
  switch (kind) {
    case 'targets':
      return !hasTargets(data as TargetsAnswer);
    case 'forecast':
      return isEmptyForecast(data as ForecastView);
    // Both count over the window and today.
    case 'headcounts':
    case 'orders': {
      const d = data as AnalyticsData['headcounts' | 'orders'];
      return d.totals.total === 0 && d.today.total === 0;
    }
    case 'revenues':
      return (data as AnalyticsData['revenues']).totals.orders === 0;
    case 'best-sellers':
      return (data as AnalyticsData['best-sellers']).items.length === 0;
    case 'roster':
      return (data as AnalyticsData['roster']).staff_count === 0;
    case 'procurement':
      return (data as AnalyticsData['procurement']).totals.spend === 0;
  }
}

/** What a card's actor is given: its card, and the applied filters. */
export type CardQuery<K extends DashboardCard = DashboardCard> = { kind: K; filters: DashboardFilters };

export type DashboardContext = {
  branches: Branch[];
  /** What the header's selectors show; Apply turns it into the URL. */
  draft: DashboardFilters;
  /** What the URL says and the cards show. */
  applied: DashboardFilters;
  data: Partial<DashboardData>;
  errors: Partial<Record<DashboardCard, ErrorInfo>>;
};

export type DashboardInput = { search: string; branches: Branch[] };

export type DashboardEvent =
  | FilterEvent<'dashboard'>
  | { type: 'dashboard.apply' }
  | { type: 'dashboard.reset' }
  /** The URL query changed (Apply, Reset, back / forward, a followed link): it holds the applied filters. */
  | { type: 'dashboard.urlChanged'; search: string }
  | { type: 'dashboard.retry'; card: DashboardCard }
  /** The member's branches changed (an owner changed their access): the branch picker follows. */
  | { type: 'dashboard.branchesChanged'; branches: Branch[] };

const loadingIn = (kind: DashboardCard) => stateIn({ cards: { [kind]: 'loading' } });

/** The actor each card loads with, and what it is given. */
const CARD_ACTORS = {
  ...(Object.fromEntries(CARD_KINDS.map((kind) => [kind, 'fetchAnalytics'])) as Record<DashboardKind, 'fetchAnalytics'>),
  targets: 'fetchTargets',
  forecast: 'fetchForecast',
} as const;

/** One card's region: it loads on entry, shows its figures, its empty text, or its error with a Retry of its own. */
function cardRegion(kind: DashboardCard) {
  return {
    initial: 'loading' as const,
    states: {
      loading: {
        tags: ['loading' as const],
        invoke: {
          id: kind,
          src: CARD_ACTORS[kind],
          input: ({ context }: { context: DashboardContext }): CardQuery => ({ kind, filters: context.applied }),
          onDone: [
            {
              guard: {
                type: 'noTrade' as const,
                params: ({ event }: { event: { output: DashboardData[DashboardCard] } }) => ({ kind, data: event.output }),
              },
              target: 'empty',
              actions: {
                type: 'store' as const,
                params: ({ event }: { event: { output: DashboardData[DashboardCard] } }) => ({ kind, data: event.output }),
              },
            },
            {
              target: 'loaded',
              actions: {
                type: 'store' as const,
                params: ({ event }: { event: { output: DashboardData[DashboardCard] } }) => ({ kind, data: event.output }),
              },
            },
          ],
          onError: {
            target: 'failed',
            actions: { type: 'fail' as const, params: ({ event }: { event: { error: unknown } }) => ({ kind, error: event.error }) },
          },
        },
      },
      loaded: {},
      empty: {},
      failed: {
        on: { 'dashboard.retry': { guard: { type: 'isCard' as const, params: { kind } }, target: 'loading' } },
      },
    },
  };
}

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    /** One card's answer; the call a sign-in started ahead for it, if that is the same call and still usable. */
    fetchAnalytics: fromPromise<AnalyticsData[DashboardKind], CardQuery>(({ input: { kind, filters } }) =>
      analyticsPrefetch.fetch(dashboardCall(kind as DashboardKind, filters)),
    ),
    /** Revenue against target over the applied window. */
    fetchTargets: fromPromise<TargetsAnswer, CardQuery>(({ input }) => fetchTargets(input.filters)),
    /** The last 14 closed days' revenue and the next 14 days' forecast of the applied branch. */
    fetchForecast: fromPromise<ForecastView, CardQuery>(({ input }) => fetchForecast(input.filters)),
  },
  actions: {
    /** Carried out by the page with the router, so the URL stays the one record of the applied filters. */
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    store: assign(({ context }, { kind, data }: { kind: DashboardCard; data: DashboardData[DashboardCard] }) => ({
      data: { ...context.data, [kind]: data },
      errors: { ...context.errors, [kind]: undefined },
    })),
    fail: assign(({ context }, { kind, error }: { kind: DashboardCard; error: unknown }) => ({
      errors: { ...context.errors, [kind]: toErrorInfo(error, DASHBOARD_FETCH_FAILED) },
    })),
    ...filterActions<DashboardContext, DashboardEvent>((context) => CARD_KINDS.map((kind) => context.data[kind]?.window).find(Boolean)),
  },
  guards: {
    noTrade: (_, { kind, data }: { kind: DashboardCard; data: DashboardData[DashboardCard] }) => isEmptyAnswer(kind, data),
    isCard: ({ event }, { kind }: { kind: DashboardCard }) => event.type === 'dashboard.retry' && event.card === kind,
    draftIsApplied: ({ context }) => sameFilters(context.draft, context.applied),
    appliedIsDefault: ({ context }) => sameFilters(context.applied, DEFAULT_FILTERS),
    ...filterGuards,
    cardsSettled: and(DASHBOARD_CARDS.map((kind) => not(loadingIn(kind)))),
    aCardLoads: not(and(DASHBOARD_CARDS.map((kind) => not(loadingIn(kind))))),
  },
}).createMachine({
  id: 'dashboard',
  type: 'parallel',
  context: ({ input }) => {
    const applied = filtersFromSearch(input.search, input.branches);
    return { branches: input.branches, draft: applied, applied, data: {}, errors: {} };
  },
  states: {
    // The header: the draft selectors, and Apply / Reset, which wait while any card loads.
    filters: {
      initial: 'busy',
      on: {
        'dashboard.range': { actions: { type: 'draftRange', params: ({ event }) => event.range } },
        'dashboard.dates': { actions: { type: 'draftDates', params: ({ event }) => event.dates } },
        'dashboard.branch': { actions: { type: 'draftBranch', params: ({ event }) => event.restaurantId } },
        'dashboard.compare': { actions: { type: 'draftCompare', params: ({ event }) => event.compare } },
        'dashboard.likeForLike': { actions: { type: 'draftLikeForLike', params: ({ event }) => event.likeForLike } },
        'dashboard.urlChanged': [
          { guard: { type: 'urlShowsApplied', params: ({ event }) => event.search } },
          {
            target: '#dashboard.cards',
            reenter: true,
            actions: [{ type: 'applyUrl', params: ({ event }) => event.search }, assign({ data: {}, errors: {} })],
          },
        ],
        // All Branches replaces a lost branch, on the cards and in the URL (replaced: the lost branch's address is no use).
        'dashboard.branchesChanged': [
          {
            guard: { type: 'appliedBranchGone', params: ({ event }) => event.branches },
            target: '#dashboard.cards',
            reenter: true,
            actions: [
              { type: 'takeBranches', params: ({ event }) => event.branches },
              assign({ data: {}, errors: {} }),
              { type: 'navigate', params: ({ context }) => ({ to: dashboardHref(context.applied), replace: true }) },
            ],
          },
          { actions: { type: 'takeBranches', params: ({ event }) => event.branches } },
        ],
      },
      states: {
        busy: {
          tags: ['busy'],
          always: { guard: 'cardsSettled', target: 'ready' },
        },
        ready: {
          always: { guard: 'aCardLoads', target: 'busy' },
          on: {
            'dashboard.apply': [
              // The URL would not change: load the same filters again.
              { guard: 'draftIsApplied', target: '#dashboard.cards', reenter: true },
              {
                guard: 'draftAskable',
                actions: { type: 'navigate', params: ({ context }) => ({ to: dashboardHref(context.draft), replace: false }) },
              },
            ],
            'dashboard.reset': [
              { guard: 'appliedIsDefault', actions: assign({ draft: DEFAULT_FILTERS }) },
              {
                actions: [
                  assign({ draft: DEFAULT_FILTERS }),
                  { type: 'navigate', params: { to: dashboardHref(DEFAULT_FILTERS), replace: false } },
                ],
              },
            ],
          },
        },
      },
    },
    // One region per card's call; all load in parallel, each on its own.
    cards: {
      type: 'parallel',
      states: Object.fromEntries(DASHBOARD_CARDS.map((kind) => [kind, cardRegion(kind)])) as Record<
        DashboardCard,
        ReturnType<typeof cardRegion>
      >,
    },
  },
});

export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

export type CardStatus = 'loading' | 'loaded' | 'empty' | 'failed';

/** The state of one card, for the view. */
export const cardStatus = (s: DashboardSnapshot, kind: DashboardCard): CardStatus =>
  (['loading', 'loaded', 'empty', 'failed'] as const).find((status) => s.matches({ cards: { [kind]: status } } as never)) ?? 'loading';
