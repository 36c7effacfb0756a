import { sql } from 'kysely';
import type { AnalyticsWindow } from '@contract/analytics.contract.js';
import { dayNumber } from '@contract/calendar-day.js';
import type { Db } from '../../db/database.js';
import { columnsOf } from '../../db/typed-sql.js';
import { LruMap } from '../../lib/lru-map.js';
import type { AnalyticsScope } from './scope.js';

/** The comparable branches, ascending, and whether they are every branch of the scope. */
export type Comparable = { ids: number[]; all: boolean };

/** A branch's trading days (days with a completed order) as runs of consecutive day numbers: start, end, start, end, … ascending. */
type TradingRuns = { id: number; runs: number[] };

/** A franchise's branches, ascending, with their trading days, as of `version` (the franchise's data_version). */
type TradingDays = { version: number; branches: TradingRuns[] };

/** Franchises per database whose trading days are kept. */
const KEPT_FRANCHISES = 100;
const kept = new WeakMap<Db, LruMap<number, TradingDays>>();

/**
 * The franchise's branches' trading days as of `dataVersion` (the caller's read of its data_version):
 * the kept ones when they are that version's, else one statement of the version and the monthly
 * rollup's running order counts at one snapshot, so what is kept is exactly its version's (docs/caching.md).
 */
async function tradingDays(db: Db, franchiseId: number, dataVersion: number): Promise<TradingDays> {
  const franchises = kept.get(db) ?? kept.set(db, new LruMap(KEPT_FRANCHISES)).get(db)!;
  const known = franchises.get(franchiseId);
  if (known && known.version === dataVersion) return known;
  const [f, r, m] = [columnsOf('franchises', 'f'), columnsOf('restaurants', 'r'), columnsOf('monthly_restaurant_stats', 'm')];
  // Raw: one JSON text of every branch's months (a cell per row would cost PGlite far more to convert).
  const { rows } = await sql<{ version: number; branches: string | null }>`select ${f('data_version')} as version, (
      select json_agg(json_build_array(${r('id')}, (
        select json_agg(json_build_array(${m('month')}, ${m('running_orders')}) order by ${m('month')})
        from monthly_restaurant_stats m where ${m('restaurant_id')} = ${r('id')}
      )) order by ${r('id')})
      from restaurants r where ${r('franchise_id')} = ${f('id')}
    )::text as branches
    from franchises f where ${f('id')} = ${franchiseId}`.execute(db);
  const version = Number(rows[0]?.version ?? 0);
  const months = JSON.parse(rows[0]?.branches ?? '[]') as [number, [string, number[]][] | null][];
  const fresh = { version, branches: months.map(([id, ofBranch]) => ({ id, runs: runsOf(ofBranch ?? []) })) };
  // A slower request's older read does not replace a newer one.
  if (!known || known.version < version) franchises.set(franchiseId, fresh);
  return fresh;
}

/** Runs of trading days from a branch's months: day d traded when the running count grows at d. */
function runsOf(months: [string, number[]][]): number[] {
  const runs: number[] = [];
  for (const [month, running] of months) {
    const first = dayNumber(month);
    for (let d = 0; d < running.length; d++) {
      if (running[d]! <= (d === 0 ? 0 : running[d - 1]!)) continue;
      const day = first + d;
      if (runs.length > 0 && runs.at(-1) === day - 1) runs[runs.length - 1] = day;
      else runs.push(day, day);
    }
  }
  return runs;
}

/** Whether a run of `runs` meets the days from `start` to `end`. */
function tradesBetween(runs: number[], start: number, end: number): boolean {
  // The first run ending on or after `start`, by bisection over the runs' ends.
  let [lo, hi] = [0, runs.length / 2];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs[2 * mid + 1]! < start) lo = mid + 1;
    else hi = mid;
  }
  return lo < runs.length / 2 && runs[2 * lo]! <= end;
}

/**
 * The scope's comparable branches, ascending (docs/product.md#comparisons): a completed order on or
 * before the comparison window's first day, and one in the window. Decided from each branch's trading
 * days, kept per data version (`dataVersion`, the caller's read of it), so a like-for-like call reads
 * nothing besides its answer while the data stands still.
 */
export async function comparableBranches(db: Db, scope: AnalyticsScope, dataVersion: number, window: AnalyticsWindow): Promise<Comparable> {
  const { branches } = await tradingDays(db, scope.franchiseId, dataVersion);
  const within = scope.branches ? new Set(scope.branches) : null;
  const inScope = branches.filter((b) => (scope.restaurantId === null || b.id === scope.restaurantId) && (!within || within.has(b.id)));
  const [first, start, end] = [dayNumber(window.previous.start_date), dayNumber(window.start_date), dayNumber(window.end_date)];
  const ids = inScope.filter((b) => b.runs.length > 0 && b.runs[0]! <= first && tradesBetween(b.runs, start, end)).map((b) => b.id);
  return { ids, all: ids.length === inScope.length };
}
