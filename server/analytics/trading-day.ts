import { sql, type RawBuilder } from 'kysely';
import { columnsOf } from '../db/typed-sql.js';

/**
 * The trading day of an instant on a branch's clock: the local date, in the branch's zone, of the
 * instant less its day start, in wall time (so a daylight-saving day is 23 or 25 hours long). `branch`
 * is the alias of the branch's restaurants row. Raw: the builder has no `at time zone`.
 */
export const tradingDayOf = (instant: RawBuilder<unknown>, branch: string): RawBuilder<string> => {
  const r = columnsOf('restaurants', branch);
  return sql<string>`((${instant} at time zone ${r('time_zone')}) - make_interval(mins => ${r('day_starts_at')}))::date`;
};

/** The local hour (0–23) of an instant on a branch's clock: its wall-clock hour in the branch's zone, day start aside. */
export const localHourOf = (instant: RawBuilder<unknown>, branch: string): RawBuilder<number> =>
  sql<number>`extract(hour from ${instant} at time zone ${columnsOf('restaurants', branch)('time_zone')})::smallint`;

/** A branch's current trading day at `now`. */
export const currentTradingDay = (now: Date, branch: string) => tradingDayOf(sql`${now.toISOString()}::timestamptz`, branch);
