import { sql } from 'kysely';
import fc from 'fast-check';
import { LATEST_DAY_START_MINUTES } from '@contract/branch-clock';
import { rebuildRollups, refileBranch } from '../../server/analytics/rollups';
import type { Db } from '../../server/db/database';
import { bumpDataVersion } from '../../server/db/data-version';
import { createWorld, datasetArb, model, rollupsOf, sortRows, write, type Clock, type Dataset, type World } from './support/random-trade';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The rollups equal a model that files each order on its branch's clock, before and after clocks change.

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

// With daylight saving changing on 5 April 2026 (Sydney, Adelaide, Auckland) and without (Perth, Brisbane, Kolkata).
const ZONES = ['Australia/Sydney', 'Australia/Adelaide', 'Pacific/Auckland', 'Australia/Perth', 'Australia/Brisbane', 'Asia/Kolkata'];
const clockArb = fc.record({
  timeZone: fc.constantFrom(...ZONES),
  dayStartMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: LATEST_DAY_START_MINUTES })),
});
/** Each of the world's four branches' clock, by index (franchise × 2 + branch). */
const clocksArb = fc.array(clockArb, { minLength: 4, maxLength: 4 });

const expected = (world: World, dataset: Dataset, clocks: Clock[]) => {
  const branches = world.franchises.flatMap((f) => f.restaurants);
  const rows = model(world, dataset, (id) => clocks[branches.indexOf(id)]!);
  return Object.fromEntries(Object.entries(rows).map(([t, r]) => [t, sortRows(r)]));
};

/** Sets a branch's clock as a save does: under the franchise's lock, then re-files it when it changed. */
async function setClock(franchiseId: number, restaurantId: number, clock: Clock, refile: boolean) {
  await db.transaction().execute(async (trx) => {
    await bumpDataVersion(trx, franchiseId);
    await trx
      .updateTable('restaurants')
      .set({ time_zone: clock.timeZone, day_starts_at: clock.dayStartMinutes })
      .where('id', '=', restaurantId)
      .execute();
    if (refile) await refileBranch(trx, franchiseId, restaurantId);
  });
}

describe('rollups on branch clocks', () => {
  it('equal the model of orders filed on each branch clock, before and after the clocks change (random zones, day starts and orders)', async () => {
    const reached = { refiled: 0, movedDay: 0, movedHourOnly: 0 };
    await fc.assert(
      fc.asyncProperty(datasetArb, clocksArb, clocksArb, async (dataset, before, after) => {
        const world = await createWorld(db);
        const branches = world.franchises.flatMap((f) => f.restaurants.map((id) => ({ franchiseId: f.id, id })));
        for (const [i, b] of branches.entries()) await setClock(b.franchiseId, b.id, before[i]!, false);
        await write(db, world, dataset);
        expect(await rollupsOf(db, world)).toEqual(expected(world, dataset, before));

        const ids = branches.map((b) => b.id);
        const daysBefore = await sql<{
          id: number;
          day: string;
          hour: number;
        }>`select id, day, hour from orders where restaurant_id = any(${ids}::int[])`.execute(db);
        for (const [i, b] of branches.entries()) await setClock(b.franchiseId, b.id, after[i]!, true);
        expect(await rollupsOf(db, world)).toEqual(expected(world, dataset, after));

        if (daysBefore.rows.length > 0) reached.refiled += 1;
        const { rows } = await sql<{ moved_day: number; moved_hour_only: number }>`select
            count(*) filter (where o.day <> b.day)::int as moved_day, count(*) filter (where o.day = b.day and o.hour <> b.hour)::int as moved_hour_only
          from orders o join unnest(${daysBefore.rows.map((r) => r.id)}::bigint[], ${daysBefore.rows.map((r) => r.day)}::date[],
            ${daysBefore.rows.map((r) => r.hour)}::int[]) as b(id, day, hour) on b.id = o.id`.execute(db);
        if (rows[0]!.moved_day > 0) reached.movedDay += 1;
        if (rows[0]!.moved_hour_only > 0) reached.movedHourOnly += 1;
      }),
      { numRuns: 25 },
    );
    const check = await rebuildRollups(db, { check: true });
    expect(check.differing, JSON.stringify(check.tables)).toBe(0);
    // How many of the 25 runs re-filed orders, moved some to another day, and moved some to another hour of their day.
    expect(reached.refiled).toBeGreaterThanOrEqual(15);
    expect(reached.movedDay).toBeGreaterThanOrEqual(10);
    expect(reached.movedHourOnly).toBeGreaterThanOrEqual(10);
  });
});
