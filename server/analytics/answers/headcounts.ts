import type { AnalyticsWindow, HeadcountFigures, Headcounts } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import type { Counters } from './buckets.js';
import type { AnalyticsScope } from './scope.js';
import { statsTally, type StatsTally } from './sql-parts.js';

export const HEADCOUNT_KEYS = ['guests_recurrent', 'guests_new'] as const;

/** The headcounts answer before shaping: guests per bucket, the window, the previous window and today. */
export type HeadcountTally = StatsTally<(typeof HEADCOUNT_KEYS)[number]> & { window: AnalyticsWindow };

export function headcountFigures(c: Counters<(typeof HEADCOUNT_KEYS)[number]>): HeadcountFigures {
  return { recurrent: c.guests_recurrent, new: c.guests_new, total: c.guests_recurrent + c.guests_new };
}

export async function headcountTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow, now: Date): Promise<HeadcountTally> {
  return { window, ...(await statsTally(db, scope, window, now, HEADCOUNT_KEYS)) };
}

export function headcountsAnswer(t: HeadcountTally): Headcounts {
  return {
    window: t.window,
    series: t.buckets.map((b, i) => ({ ...b, ...headcountFigures(t.series[i]!) })),
    previous_series: t.previousSeries.map(headcountFigures),
    totals: headcountFigures(t.totals),
    previous_totals: headcountFigures(t.previous),
    today: headcountFigures(t.today),
  };
}
