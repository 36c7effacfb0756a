import type { AnalyticsKind } from '@contract/analytics.contract';
import type { TargetsAnswer } from '@contract/api/targets.calls';
import type { ForecastView } from '@contract/presentation/target-charts';
import { analyticsService } from '../../services/analytics.service';
import { analyticsPrefetch, type AnalyticsCall } from '../../services/analytics-prefetch';
import { DEFAULT_FILTERS, filtersQuery, type AnalyticsFilters } from './analytics-filters';

// The dashboard's analytics calls, apart from its machine so that the sign-in page can start them (prefetchDashboard)
// without carrying the dashboard's code.

/** The analytics kinds the dashboard shows as cards: every kind but the Loss page's and the Order page's hours. */
export type DashboardKind = Exclude<AnalyticsKind, 'loss' | 'hours' | 'costs' | 'menu-engineering'>;

// The contract's list, restated so the browser does not load its zod schemas: a Record names each kind
// exactly once, so tsc fails when the contract gains or loses one.
const KINDS: Record<DashboardKind, true> = {
  headcounts: true,
  revenues: true,
  'best-sellers': true,
  orders: true,
  roster: true,
  procurement: true,
};
/** One card per analytics call, in the contract's order. */
export const CARD_KINDS = Object.keys(KINDS) as DashboardKind[];

/** Rows of the Top Selling Menu Items table. */
export const DASHBOARD_BEST_SELLERS = 5;
/** Staff on the roster card (its tiles and bar chart). */
export const DASHBOARD_STAFF = 5;
/** The ranked lists' lengths: a card asks for what it shows. */
const LIMITS: Partial<Record<AnalyticsKind, number>> = { 'best-sellers': DASHBOARD_BEST_SELLERS, roster: DASHBOARD_STAFF };

/** The analytics call behind one card. */
export const dashboardCall = (kind: DashboardKind, filters: AnalyticsFilters): AnalyticsCall<DashboardKind> => ({
  kind,
  scope: { restaurantId: filters.restaurantId },
  query: { ...filtersQuery(filters), ...(LIMITS[kind] === undefined ? {} : { limit: LIMITS[kind] }) },
});

/** The forecast card's actual revenue: the last 14 closed days (the Last 14 Days window, by day) of the branch. */
const forecastActualsCall = (restaurantId: number | null): AnalyticsCall<'revenues'> => ({
  kind: 'revenues',
  scope: { restaurantId },
  query: { period: '14days' },
});

/** Starts the calls of the dashboard a sign-in opens (the default filters) with its new token; the cards take them over. */
export const prefetchDashboard = (token: string) =>
  analyticsPrefetch.start(
    [...CARD_KINDS.map((kind) => dashboardCall(kind, DEFAULT_FILTERS)), forecastActualsCall(DEFAULT_FILTERS.restaurantId)],
    token,
  );

/** The forecast card's days: this many last closed days beside the forecast of as many next ones. */
export const FORECAST_DAYS = 14;

/** Revenue against target over the applied window. */
export const fetchTargets = (filters: AnalyticsFilters): Promise<TargetsAnswer> =>
  analyticsService.targets({ restaurantId: filters.restaurantId }, filtersQuery(filters));

/**
 * The forecast card's figures: the last 14 closed days' revenue and the forecast of the next 14, of the applied branch;
 * the card keeps these days whatever range is applied.
 */
export async function fetchForecast({ restaurantId }: AnalyticsFilters): Promise<ForecastView> {
  const [forecast, revenues] = await Promise.all([
    analyticsService.forecast({ restaurantId }, FORECAST_DAYS),
    analyticsPrefetch.fetch(forecastActualsCall(restaurantId)),
  ]);
  return { forecast, actuals: revenues.series.map((b) => ({ day: b.start_date, revenue: b.revenue })) };
}
