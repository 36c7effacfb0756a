import type { AnalyticsWindow, HeadcountFigures, Headcounts } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { tally, type Counters, type DayRow } from './buckets.js';
import type { AnalyticsScope } from './scope.js';
import { fetchParts, statsByDay } from './sql-parts.js';

const HEADCOUNT_KEYS = ['guests_recurrent', 'guests_new'] as const;

function headcountFigures(c: Counters<(typeof HEADCOUNT_KEYS)[number]>): HeadcountFigures {
  return { recurrent: c.guests_recurrent, new: c.guests_new, total: c.guests_recurrent + c.guests_new };
}

export async function headcounts(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Headcounts> {
  const { days } = await fetchParts<{ days: DayRow<(typeof HEADCOUNT_KEYS)[number]>[] }>(db, {
    days: statsByDay(scope, window, HEADCOUNT_KEYS),
  });
  const t = tally(HEADCOUNT_KEYS, days, window);
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, ...headcountFigures(t.series[i]!) })),
    totals: headcountFigures(t.totals),
    previous_totals: headcountFigures(t.previous),
    today: headcountFigures(t.today),
  };
}
