import type { AnalyticsData, AnalyticsKind, AnalyticsWindow } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { bestSellersAnswer, soldItems, type SoldItems } from './best-sellers.js';
import { costsAnswer, costTally, type CostTally } from './costs.js';
import { headcountsAnswer, headcountTally, type HeadcountTally } from './headcounts.js';
import { hoursAnswer, hoursTally, type HoursTally } from './hours.js';
import { lossAnswer, lossTally, type LossTally } from './loss.js';
import { menuEngineeringAnswer, menuTally, type MenuTally } from './menu-engineering.js';
import { orderTally, ordersAnswer, type OrderTally } from './orders.js';
import { procurementAnswer, procurementTally, type ProcurementTally } from './procurement.js';
import { revenuesAnswer, revenueTally, type RevenueTally } from './revenues.js';
import { rosterAnswer, rosterTally, type RosterTally } from './roster.js';
import type { AnalyticsScope } from './scope.js';

// The request-time analytics: every figure is read from the daily rollups, never from raw orders,
// shifts or purchases. Franchise-wide answers read the per-franchise rollups where one exists (a row
// per day, not per branch and day); a manager's "All Branches" sums the restaurant rollups of their
// branches. An answer is first its integer figures (cents, minutes, counts), which the page reports
// total; the API's answer is shaped from them, in dollars and hours rounded once.

/** Each kind's answer before shaping: integer cents, minutes and counts. */
export type AnswerFigures = {
  headcounts: HeadcountTally;
  revenues: RevenueTally;
  'best-sellers': SoldItems;
  orders: OrderTally;
  roster: RosterTally;
  procurement: ProcurementTally;
  loss: LossTally;
  hours: HoursTally;
  costs: CostTally;
  'menu-engineering': MenuTally;
};

/** The ranked lists' length, and the instant whose trade so far the "today" figures hold. */
export type AnswerOptions = { limit: number; now: Date };

/**
 * The integer figures of one analytics kind for a scope (one branch, or every branch the member
 * reaches) over a resolved window, read from the daily rollups only: one statement per answer.
 */
export async function analyticsFigures<K extends AnalyticsKind>(
  db: Db,
  kind: K,
  scope: AnalyticsScope,
  window: AnalyticsWindow,
  options: AnswerOptions,
): Promise<AnswerFigures[K]> {
  const figures: { [Kind in AnalyticsKind]: () => Promise<AnswerFigures[Kind]> } = {
    headcounts: () => headcountTally(db, scope, window, options.now),
    revenues: () => revenueTally(db, scope, window),
    'best-sellers': () => soldItems(db, scope, window, options.limit),
    orders: () => orderTally(db, scope, window, options.now),
    roster: () => rosterTally(db, scope, window, options.limit),
    procurement: () => procurementTally(db, scope, window),
    loss: () => lossTally(db, scope, window),
    hours: () => hoursTally(db, scope, window),
    costs: () => costTally(db, scope, window),
    'menu-engineering': () => menuTally(db, scope, window),
  };
  return figures[kind]();
}

const SHAPES: { [Kind in AnalyticsKind]: (figures: AnswerFigures[Kind]) => AnalyticsData[Kind] } = {
  headcounts: headcountsAnswer,
  revenues: revenuesAnswer,
  'best-sellers': bestSellersAnswer,
  orders: ordersAnswer,
  roster: rosterAnswer,
  procurement: procurementAnswer,
  loss: lossAnswer,
  hours: hoursAnswer,
  costs: costsAnswer,
  'menu-engineering': menuEngineeringAnswer,
};

/** The API's answer of a kind from its figures: money in dollars, time in hours, shares in per cent. */
export function answerData<K extends AnalyticsKind>(kind: K, figures: AnswerFigures[K]): AnalyticsData[K] {
  return (SHAPES[kind] as (figures: AnswerFigures[K]) => AnalyticsData[K])(figures);
}

/** The API's answer of one analytics kind, uncached: its figures, shaped. */
export async function analyticsAnswer<K extends AnalyticsKind>(
  db: Db,
  kind: K,
  scope: AnalyticsScope,
  window: AnalyticsWindow,
  options: AnswerOptions,
): Promise<AnalyticsData[K]> {
  return answerData(kind, await analyticsFigures(db, kind, scope, window, options));
}
