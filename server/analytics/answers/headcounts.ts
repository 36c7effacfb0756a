import type { AnalyticsWindow, HeadcountFigures, Headcounts } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { tally, type Counters, type DayRow, type Tally } from './buckets.js';
import type { AnalyticsScope } from './scope.js';
import { fetchParts, statsByDay } from './sql-parts.js';

export const HEADCOUNT_KEYS = ['guests_recurrent', 'guests_new'] as const;

/** The headcounts answer before shaping: guests per bucket, the window, the previous window and today. */
export type HeadcountTally = Tally<(typeof HEADCOUNT_KEYS)[number]> & { window: AnalyticsWindow };

export function headcountFigures(c: Counters<(typeof HEADCOUNT_KEYS)[number]>): HeadcountFigures {
  return { recurrent: c.guests_recurrent, new: c.guests_new, total: c.guests_recurrent + c.guests_new };
}

export async function headcountTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<HeadcountTally> {
  const { days } = await fetchParts<{ days: DayRow<(typeof HEADCOUNT_KEYS)[number]>[] }>(db, {
    days: statsByDay(scope, window, HEADCOUNT_KEYS),
  });
  return { window, ...tally(HEADCOUNT_KEYS, days, window) };
}

export function headcountsAnswer(t: HeadcountTally): Headcounts {
  return {
    window: t.window,
    series: t.buckets.map((b, i) => ({ ...b, ...headcountFigures(t.series[i]!) })),
    totals: headcountFigures(t.totals),
    previous_totals: headcountFigures(t.previous),
    today: headcountFigures(t.today),
  };
}
