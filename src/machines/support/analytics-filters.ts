import { assign, type EventObject } from 'xstate';
import type { Range } from '@contract/analytics.contract';

// The filters every analytics screen keeps in its URL query (`?range=…&restaurant=…`): the dashboard and the five pages.

// The contract's ranges, restated so the browser does not load its zod schemas: a Record names each range
// exactly once, so tsc fails when the contract gains or loses one.
const RANGE_SET: Record<Range, true> = { '7days': true, '14days': true, '1month': true, '3months': true };

/** A range (docs/product.md) and one accessible branch, or the whole franchise (null). */
export type AnalyticsFilters = { range: Range; restaurantId: number | null };
export const DEFAULT_FILTERS: AnalyticsFilters = { range: '7days', restaurantId: null };

export type Branch = { id: number; name: string };

const isRange = (value: string | null): value is Range => value !== null && Object.hasOwn(RANGE_SET, value);

/** The applied filters of a URL query; anything unknown (a bad range, a branch not accessible) falls back to the default. */
export function filtersFromSearch(search: string, branches: readonly Branch[]): AnalyticsFilters {
  const query = new URLSearchParams(search);
  const range = query.get('range');
  const restaurant = Number(query.get('restaurant') ?? NaN);
  return {
    range: isRange(range) ? range : DEFAULT_FILTERS.range,
    restaurantId: branches.some((b) => b.id === restaurant) ? restaurant : null,
  };
}

/** The address of `path` showing those filters; the defaults get the bare path. */
export function filtersHref(path: string, { range, restaurantId }: AnalyticsFilters): string {
  const query = new URLSearchParams();
  if (range !== DEFAULT_FILTERS.range || restaurantId !== null) query.set('range', range);
  if (restaurantId !== null) query.set('restaurant', String(restaurantId));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The branch of the filters is not among these (the member lost it): All Branches stands in for it. */
export const branchGone = ({ restaurantId }: AnalyticsFilters, branches: readonly Branch[]) =>
  restaurantId !== null && !branches.some((b) => b.id === restaurantId);
export const withinBranches = (filters: AnalyticsFilters, branches: readonly Branch[]): AnalyticsFilters =>
  branchGone(filters, branches) ? { ...filters, restaurantId: null } : filters;

export const sameFilters = (a: AnalyticsFilters, b: AnalyticsFilters) => a.range === b.range && a.restaurantId === b.restaurantId;

/** What a screen with the filter header holds: the branches offered, the selectors' draft, and the URL's applied filters. */
export type FilterState = { branches: Branch[]; draft: AnalyticsFilters; applied: AnalyticsFilters };

/**
 * The header's updates, shared by the dashboard and the analytics pages (each spreads them into its `setup` actions):
 * the selectors change only the draft; a URL sets both; new branches drop a lost branch from both (All Branches).
 */
export const filterActions = <TContext extends FilterState, TEvent extends EventObject>() => {
  const update = <TParams>(change: (state: TContext, params: TParams) => Partial<FilterState>) =>
    assign<TContext, TEvent, TParams, TEvent, never>(({ context }, params) => change(context, params) as Partial<TContext>);
  return {
    draftRange: update((state, range: Range) => ({ draft: { ...state.draft, range } })),
    draftBranch: update((state, restaurantId: number | null) => ({ draft: { ...state.draft, restaurantId } })),
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
  /** The branch shown is no longer the member's: what is shown is what they may not see. */
  appliedBranchGone: ({ context }: { context: FilterState }, branches: Branch[]) => branchGone(context.applied, branches),
};
