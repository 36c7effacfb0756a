import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { anyOf, columnsOf } from '../db/typed-sql.js';

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

/** A zone changes its offset at most once in a quarter hour of UTC (since 1972 only on quarter hours), so equal offsets at a quarter's ends held throughout. */
const QUARTER_MS = 900_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Each zone's offset from UTC in seconds at each instant (ms), as PostgreSQL's time-zone database has it. */
async function offsetsAt(db: Db, zones: string[], instants: number[]): Promise<number[]> {
  if (zones.length === 0) return [];
  // Raw: `at time zone` over an unnest.
  const { rows } = await sql<{
    seconds: number;
  }>`select extract(epoch from (t at time zone u.zone) - (t at time zone 'UTC'))::int as seconds
    from unnest(${zones}::text[], ${instants}::float8[]) with ordinality as u(zone, ms, i)
    cross join lateral (select timestamptz 'epoch' + u.ms * interval '1 millisecond' as t) x order by u.i`.execute(db);
  return rows.map((row) => row.seconds);
}

export type TradingClock = { day: string; hour: number };

/**
 * Each order's trading day and local hour on its branch's clock, equal to tradingDayOf and localHourOf
 * (tests/api/trading-clocks.property.test.ts): PostgreSQL gives each zone's offset at both ends of each
 * quarter hour the orders fall in, and the wall-clock arithmetic is done here, so a write of many
 * orders asks one small question instead of applying the rule to each in SQL. A quarter whose ends
 * disagree (a change off the quarter hours, before 1972) asks for each of its instants.
 */
export async function tradingClocksOf(db: Db, orders: { restaurantId: number; placedAt: Date }[]): Promise<TradingClock[]> {
  if (orders.length === 0) return [];
  const branches = await db
    .selectFrom('restaurants')
    .select(['id', 'time_zone', 'day_starts_at'])
    .where('id', '=', anyOf([...new Set(orders.map((o) => o.restaurantId))], 'int'))
    .execute();
  const branchOf = new Map(branches.map((b) => [b.id, b]));
  const zones = [...new Set(branches.map((b) => b.time_zone))];
  const zoneIndex = new Map(zones.map((zone, z) => [zone, z]));
  // A quarter of a zone as one number: quarter × zones + zone.
  const keyAt = orders.map(
    (o) => Math.floor(o.placedAt.getTime() / QUARTER_MS) * zones.length + zoneIndex.get(branchOf.get(o.restaurantId)!.time_zone)!,
  );
  const keys = [...new Set(keyAt)];
  const zoneOfKey = (key: number) => zones[key - Math.floor(key / zones.length) * zones.length]!;
  const startOfKey = (key: number) => Math.floor(key / zones.length) * QUARTER_MS;
  const ends = await offsetsAt(db, [...keys, ...keys].map(zoneOfKey), [
    ...keys.map(startOfKey),
    ...keys.map((key) => startOfKey(key) + QUARTER_MS - 1),
  ]);
  const offsetOf = new Map<number, number>();
  keys.forEach((key, k) => {
    if (ends[k] === ends[k + keys.length]) offsetOf.set(key, ends[k]!);
  });
  const unsure = orders.flatMap((o, i) => (offsetOf.has(keyAt[i]!) ? [] : [i]));
  const exact = await offsetsAt(
    db,
    unsure.map((i) => zoneOfKey(keyAt[i]!)),
    unsure.map((i) => orders[i]!.placedAt.getTime()),
  );
  const exactAt = new Map(unsure.map((i, k) => [i, exact[k]!]));
  // Dates by day number since 1970: a bulk load's orders share a few hundred.
  const dates = new Map<number, string>();
  const dateOf = (dayNumber: number) =>
    dates.get(dayNumber) ?? dates.set(dayNumber, new Date(dayNumber * DAY_MS).toISOString().slice(0, 10)).get(dayNumber)!;
  return orders.map((o, i) => {
    const offset = offsetOf.get(keyAt[i]!) ?? exactAt.get(i)!;
    const local = o.placedAt.getTime() + offset * 1000;
    const dayStart = branchOf.get(o.restaurantId)!.day_starts_at;
    return {
      day: dateOf(Math.floor((local - dayStart * 60_000) / DAY_MS)),
      hour: Math.floor(local / HOUR_MS) - Math.floor(local / DAY_MS) * 24,
    };
  });
}
