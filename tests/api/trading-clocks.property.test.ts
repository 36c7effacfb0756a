import { sql } from 'kysely';
import fc from 'fast-check';
import { LATEST_DAY_START_MINUTES } from '@contract/branch-clock';
import { localHourOf, tradingClocksOf, tradingDayOf } from '../../server/analytics/trading-day';
import type { Db } from '../../server/db/database';
import { columnsOf } from '../../server/db/typed-sql';
import { createWorld, type World } from './support/random-trade';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The trading day and local hour worked out from PostgreSQL's offsets (the embedded write path) equal the SQL rule.

let database: TestDatabase;
let db: Db;
let world: World;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  world = await createWorld(db);
});
afterAll(() => database.close());

// Daylight saving both ways, half- and quarter-hour offsets, a half-hour saving (Lord Howe), and Monrovia, whose
// offset changed at 00:44:30 UTC on 7 January 1972, inside a quarter hour.
const ZONES = [
  'UTC',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kathmandu',
  'America/St_Johns',
  'America/New_York',
  'Europe/London',
  'Africa/Monrovia',
];
const MONROVIA_CHANGE = Date.parse('1972-01-07T00:44:30Z');
const HOUR = 3_600_000;

const instantArb = fc.oneof(
  fc.integer({ min: Date.parse('1960-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') }),
  // Around the days clocks change in either hemisphere: the first days of March, April, October and November, and the last of March and October.
  fc
    .record({
      year: fc.integer({ min: 1995, max: 2035 }),
      month: fc.constantFrom(2, 3, 9, 10),
      day: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 8, 25, 26, 27, 28, 29, 30, 31),
      ms: fc.integer({ min: 0, max: 24 * HOUR - 1 }),
    })
    .map(({ year, month, day, ms }) => Date.UTC(year, month, day) + ms),
  fc.integer({ min: MONROVIA_CHANGE - 60_000, max: MONROVIA_CHANGE + 60_000 }),
);
const clockArb = fc.record({
  timeZone: fc.oneof(fc.constantFrom(...ZONES), fc.constant('Africa/Monrovia')),
  dayStartMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 59 }), fc.integer({ min: 0, max: LATEST_DAY_START_MINUTES })),
});
const ordersArb = fc.array(fc.record({ branch: fc.nat(3), at: instantArb }), { minLength: 1, maxLength: 60 });

/** PostgreSQL's zone offset in seconds at each instant. */
async function offsetsOf(zones: string[], ats: number[]): Promise<number[]> {
  const { rows } = await sql<{
    seconds: number;
  }>`select extract(epoch from (t at time zone u.zone) - (t at time zone 'UTC'))::int as seconds
    from unnest(${zones}::text[], ${ats.map((at) => new Date(at).toISOString())}::timestamptz[]) with ordinality as u(zone, t, i) order by u.i`.execute(
    db,
  );
  return rows.map((row) => row.seconds);
}

describe('tradingClocksOf', () => {
  it('equals tradingDayOf and localHourOf for random zones, day starts and instants', async () => {
    const reached = { runs: 0, changedWithinDay: 0, changedWithinQuarter: 0, dayStarted: 0 };
    const branches = world.franchises.flatMap((f) => f.restaurants);
    await fc.assert(
      fc.asyncProperty(fc.array(clockArb, { minLength: 4, maxLength: 4 }), ordersArb, async (clocks, picks) => {
        for (const [i, id] of branches.entries())
          await db
            .updateTable('restaurants')
            .set({ time_zone: clocks[i]!.timeZone, day_starts_at: clocks[i]!.dayStartMinutes })
            .where('id', '=', id)
            .execute();
        const orders = picks.map((p) => ({ restaurantId: branches[p.branch]!, placedAt: new Date(p.at) }));
        const { rows: expected } = await sql<{ day: string; hour: number }>`
          select ${tradingDayOf(sql`u.at`, 'r')}::text as day, ${localHourOf(sql`u.at`, 'r')}::int as hour
          from unnest(${orders.map((o) => o.restaurantId)}::int[], ${orders.map((o) => o.placedAt.toISOString())}::timestamptz[])
            with ordinality as u(restaurant_id, at, i)
          join restaurants r on ${columnsOf('restaurants', 'r')('id')} = u.restaurant_id order by u.i`.execute(db);
        expect(await tradingClocksOf(db, orders)).toEqual(expected);

        reached.runs++;
        const zones = picks.map((p) => clocks[p.branch]!.timeZone);
        const quarter = (at: number) => Math.floor(at / 900_000) * 900_000;
        const [now, dayBefore, quarterStart, quarterEnd] = await Promise.all([
          offsetsOf(
            zones,
            picks.map((p) => p.at),
          ),
          offsetsOf(
            zones,
            picks.map((p) => p.at - 24 * HOUR),
          ),
          offsetsOf(
            zones,
            picks.map((p) => quarter(p.at)),
          ),
          offsetsOf(
            zones,
            picks.map((p) => quarter(p.at) + 899_999),
          ),
        ]);
        if (now.some((offset, i) => offset !== dayBefore[i])) reached.changedWithinDay++;
        if (quarterStart.some((offset, i) => offset !== quarterEnd[i])) reached.changedWithinQuarter++;
        if (picks.some((p) => clocks[p.branch]!.dayStartMinutes > 0)) reached.dayStarted++;
      }),
      { numRuns: 150 },
    );
    console.info('trading clocks reached', reached);
    expect(reached.runs).toBe(150);
    expect(reached.changedWithinDay).toBeGreaterThanOrEqual(15);
    expect(reached.changedWithinQuarter).toBeGreaterThanOrEqual(15);
    expect(reached.dayStarted).toBeGreaterThanOrEqual(90);
  });
});
