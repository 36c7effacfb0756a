import { assign, type EventObject } from 'xstate';
import type { AnalyticsQuery, Range } from '@contract/analytics.contract';
import { COMPARISONS, groupingOfDays, MAX_WINDOW_DAYS, windowProblem, type Comparison } from '@contract/analytics-window';
import { dayNumber, isCalendarDay } from '@contract/calendar-day';

// The filters every analytics screen keeps in its URL query (`?range=…&restaurant=…&compare=…`): the dashboard and
// the five pages.

// The contract's ranges, restated so the browser does not load its zod schemas: a Record names each range
// exactly once, so tsc fails when the contract gains or loses one.
const RANGE_SET: Record<Range, true> = { '7days': true, '14days': true, '1month': true, '3months': true };

/** A custom window's first and last days ('YYYY-MM-DD', inclusive); a draft's may be half typed. */
export type CustomDates = { start: string; end: string };

/**
 * A range (docs/product.md), or custom dates in its place; one accessible branch, or the whole franchise (null); what
 * the change is measured against; and, for the whole franchise only, like for like (docs/product.md#comparisons).
 */
export type AnalyticsFilters = {
  range: Range;
  dates: CustomDates | null;
  restaurantId: number | null;
  compare: Comparison;
  likeForLike: boolean;
};
export const DEFAULT_FILTERS: AnalyticsFilters = {
  range: '7days',
  dates: null,
  restaurantId: null,
  compare: 'previous',
  likeForLike: false,
};

export type Branch = { id: number; name: string };

const isRange = (value: string | null): value is Range => value !== null && Object.hasOwn(RANGE_SET, value);
const isComparison = (value: string | null): value is Comparison => (COMPARISONS as readonly (string | null)[]).includes(value);

const DATES_PROBLEMS = {
  reversed: 'The last day is before the first',
  too_long: `A window spans at most ${MAX_WINDOW_DAYS} days`,
} as const;

/** Why custom dates cannot be asked for, as the date inputs say it; null when they can. */
export function datesProblem({ start, end }: CustomDates): string | null {
  if (!isCalendarDay(start) || !isCalendarDay(end)) return 'Pick the first and the last day';
  const problem = windowProblem(start, end);
  return problem === null ? null : DATES_PROBLEMS[problem];
}

/** The applied filters of a URL query; anything unknown (a bad range or dates, a branch not accessible) falls back to the default. */
export function filtersFromSearch(search: string, branches: readonly Branch[]): AnalyticsFilters {
  const query = new URLSearchParams(search);
  const range = query.get('range');
  const restaurant = Number(query.get('restaurant') ?? NaN);
  const compare = query.get('compare');
  const dates = { start: query.get('from') ?? '', end: query.get('to') ?? '' };
  const restaurantId = branches.some((b) => b.id === restaurant) ? restaurant : null;
  return {
    range: isRange(range) ? range : DEFAULT_FILTERS.range,
    dates: datesProblem(dates) === null ? dates : null,
    restaurantId,
    compare: isComparison(compare) ? compare : DEFAULT_FILTERS.compare,
    likeForLike: restaurantId === null && query.get('like_for_like') === 'true',
  };
}

/** The address of `path` showing those filters; the defaults get the bare path. */
export function filtersHref(path: string, { range, dates, restaurantId, compare, likeForLike }: AnalyticsFilters): string {
  const query = new URLSearchParams();
  if (dates) {
    query.set('from', dates.start);
    query.set('to', dates.end);
  } else if (range !== DEFAULT_FILTERS.range || restaurantId !== null) query.set('range', range);
  if (restaurantId !== null) query.set('restaurant', String(restaurantId));
  if (compare !== DEFAULT_FILTERS.compare) query.set('compare', compare);
  if (likeForLike && restaurantId === null) query.set('like_for_like', 'true');
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The window, grouping and comparison the filters ask the API for; defaults are left out, so a default call stays the same call. */
export function filtersQuery({ range, dates, restaurantId, compare, likeForLike }: AnalyticsFilters): AnalyticsQuery {
  return {
    ...(dates
      ? { period: groupingOfDays(dayNumber(dates.end) - dayNumber(dates.start) + 1), start_date: dates.start, end_date: dates.end }
      : { period: range }),
    ...(compare === DEFAULT_FILTERS.compare ? {} : { compare }),
    ...(likeForLike && restaurantId === null ? { like_for_like: true } : {}),
  };
}

/** The same filters on one branch: its own figures, so no like for like. */
export const onBranch = (filters: AnalyticsFilters, restaurantId: number): AnalyticsFilters => ({
  ...filters,
  restaurantId,
  likeForLike: false,
});

/** The branch of the filters is not among these (the member lost it): All Branches stands in for it. */
export const branchGone = ({ restaurantId }: AnalyticsFilters, branches: readonly Branch[]) =>
  restaurantId !== null && !branches.some((b) => b.id === restaurantId);
export const withinBranches = (filters: AnalyticsFilters, branches: readonly Branch[]): AnalyticsFilters =>
  branchGone(filters, branches) ? { ...filters, restaurantId: null } : filters;

export const sameFilters = (a: AnalyticsFilters, b: AnalyticsFilters) =>
  a.range === b.range &&
  a.dates?.start === b.dates?.start &&
  a.dates?.end === b.dates?.end &&
  a.restaurantId === b.restaurantId &&
  a.compare === b.compare &&
  a.likeForLike === b.likeForLike;

/** What a screen with the filter header holds: the branches offered, the selectors' draft, and the URL's applied filters. */
export type FilterState = { branches: Branch[]; draft: AnalyticsFilters; applied: AnalyticsFilters };

/** The draft's time-range choice: a range, or custom dates. */
export type RangeChoice = Range | 'custom';

/** The header's choices as events of a screen's machine (`dashboard.range`, `page.range`, …). */
export type FilterEvent<P extends string> =
  | { type: `${P}.range`; range: RangeChoice }
  | { type: `${P}.dates`; dates: CustomDates }
  | { type: `${P}.branch`; restaurantId: number | null }
  | { type: `${P}.compare`; compare: Comparison }
  | { type: `${P}.likeForLike`; likeForLike: boolean };

/**
 * The header's updates, shared by the dashboard and the analytics pages (each spreads them into its `setup` actions):
 * the selectors change only the draft; a URL sets both; new branches drop a lost branch from both (All Branches).
 * `shownWindow` is the window on screen, which custom dates start from.
 */
export const filterActions = <TContext extends FilterState, TEvent extends EventObject>(
  shownWindow: (context: TContext) => { start_date: string; end_date: string } | undefined,
) => {
  const update = <TParams>(change: (state: TContext, params: TParams) => Partial<FilterState>) =>
    assign<TContext, TEvent, TParams, TEvent, never>(({ context }, params) => change(context, params) as Partial<TContext>);
  return {
    draftRange: update((state, choice: RangeChoice) => {
      if (choice !== 'custom') return { draft: { ...state.draft, range: choice, dates: null } };
      const shown = shownWindow(state);
      const dates = state.draft.dates ?? (shown ? { start: shown.start_date, end: shown.end_date } : { start: '', end: '' });
      return { draft: { ...state.draft, dates } };
    }),
    draftDates: update((state, dates: CustomDates) => ({ draft: { ...state.draft, dates } })),
    draftCompare: update((state, compare: Comparison) => ({ draft: { ...state.draft, compare } })),
    draftLikeForLike: update((state, likeForLike: boolean) => ({
      draft: { ...state.draft, likeForLike: state.draft.restaurantId === null && likeForLike },
    })),
    // Like for like compares the whole franchise's comparable branches: a branch has no such choice.
    draftBranch: update((state, restaurantId: number | null) => ({
      draft: { ...state.draft, restaurantId, likeForLike: restaurantId === null && state.draft.likeForLike },
    })),
    applyUrl: update((state, search: string) => {
      const applied = filtersFromSearch(search, state.branches);
      return { applied, draft: applied };
    }),
    /** The picker offers these branches; a draft or applied branch not among them is All Branches now. */
    takeBranches: update((state, branches: Branch[]) => ({
      branches,
      draft: withinBranches(state.draft, branches),
      applied: withinBranches(state.applied, branches),
    })),
  };
};

/** The header's guards, shared likewise. */
export const filterGuards = {
  /** The URL names the filters already shown (the page reports the address it mounted with too). */
  urlShowsApplied: ({ context }: { context: FilterState }, search: string) =>
    sameFilters(filtersFromSearch(search, context.branches), context.applied),
  /** The draft's custom dates, if any, may be asked for. */
  draftAskable: ({ context }: { context: FilterState }) => context.draft.dates === null || datesProblem(context.draft.dates) === null,
  /** The branch shown is no longer the member's: what is shown is what they may not see. */
  appliedBranchGone: ({ context }: { context: FilterState }, branches: Branch[]) => branchGone(context.applied, branches),
};
