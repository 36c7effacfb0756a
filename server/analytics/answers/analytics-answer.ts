import type { AnalyticsData, AnalyticsKind, AnalyticsWindow } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { bestSellers } from './best-sellers.js';
import { headcounts } from './headcounts.js';
import { orders } from './orders.js';
import { procurement } from './procurement.js';
import { revenues } from './revenues.js';
import { roster } from './roster.js';
import type { AnalyticsScope } from './scope.js';

// The request-time analytics: every figure is read from the daily rollups, never from raw orders,
// shifts or purchases. Franchise-wide answers read the per-franchise rollups where one exists (a row
// per day, not per branch and day); a manager's "All Branches" sums the restaurant rollups of their
// branches.

/**
 * The answer of one analytics kind for a scope (one branch, or every branch the member reaches) over
 * a resolved window, read from the daily rollups only: one statement per answer.
 */
export async function analyticsAnswer<K extends AnalyticsKind>(
  db: Db,
  kind: K,
  scope: AnalyticsScope,
  window: AnalyticsWindow,
  options: { limit: number },
): Promise<AnalyticsData[K]> {
  const answers: { [Kind in AnalyticsKind]: () => Promise<AnalyticsData[Kind]> } = {
    headcounts: () => headcounts(db, scope, window),
    revenues: () => revenues(db, scope, window),
    'best-sellers': () => bestSellers(db, scope, window, options.limit),
    orders: () => orders(db, scope, window),
    roster: () => roster(db, scope, window),
    procurement: () => procurement(db, scope, window),
  };
  return answers[kind]();
}
