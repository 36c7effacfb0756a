import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Revenue against target (docs/product.md#targets-and-variance) equals a model worked out here from the
// raw rows: the targets as last sent, and each branch's daily revenue of the rollups, whatever order
// and calls the targets came in and whatever the grouping.

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
});
afterAll(() => database.close());

const START = '2026-11-01';
const END = '2026-11-21';
const dayOf = (n: number) => `2026-11-${String(n + 1).padStart(2, '0')}`;
const BRANCHES = [1, 2, 3, 4, 5];
const RUNS = 12;

const sent = fc.array(fc.record({ restaurant: fc.constantFrom(...BRANCHES), day: fc.nat(20), cents: fc.nat(2_000_000) }), {
  minLength: 1,
  maxLength: 40,
});

it('totals, series and branches equal the model of the raw rows', async () => {
  const revenueRows = (
    await sql<{ restaurant_id: number; day: string; cents: number }>`select restaurant_id, day::text as day,
      (revenue_dine_in_cents + revenue_takeaway_cents)::float8 as cents from daily_restaurant_stats
      where restaurant_id in (1, 2, 3, 4, 5) and day between ${START}::date and ${END}::date`.execute(database.db)
  ).rows;
  const names = new Map(
    (await database.db.selectFrom('restaurants').select(['id', 'name']).where('franchise_id', '=', 1).execute()).map((r) => [r.id, r.name]),
  );
  let reached = 0;
  await fc.assert(
    fc.asyncProperty(sent, fc.integer({ min: 1, max: 3 }), fc.constantFrom('daily', 'weekly'), async (targets, calls, grouping) => {
      await database.db.deleteFrom('targets').execute();
      const records = targets.map((x) => ({
        restaurant_id: x.restaurant,
        day: dayOf(x.day),
        revenue_cents: x.cents,
        labour_cost_pct: null,
      }));
      // The last one sent of a (restaurant, day) is kept; one call names each once.
      const model = new Map<string, number>();
      const size = Math.ceil(records.length / calls);
      for (let i = 0; i < records.length; i += size) {
        const chunk = new Map(records.slice(i, i + size).map((r) => [`${r.restaurant_id}|${r.day}`, r]));
        const res = await t.call('PUT', 'targets', { token: owner, body: { targets: [...chunk.values()] } });
        expect(res.status, res.text).toBe(200);
        for (const [key, r] of chunk) model.set(key, r.revenue_cents);
      }
      const res = await t.call('GET', `analytics/targets?period=${grouping}&start_date=${START}&end_date=${END}`, { token: owner });
      expect(res.status, res.text).toBe(200);
      const answer = res.body.data;

      const target = (keep: (restaurant: number, day: string) => boolean) =>
        [...model].reduce((sum, [key, cents]) => {
          const [restaurant, day] = key.split('|');
          return keep(Number(restaurant), day!) ? sum + cents : sum;
        }, 0);
      const revenue = (keep: (restaurant: number, day: string) => boolean) =>
        revenueRows.reduce((sum, r) => (keep(r.restaurant_id, r.day) ? sum + r.cents : sum), 0);
      const figures = (rev: number, tgt: number) => ({
        revenue: rev / 100,
        target: tgt / 100,
        variance: (rev - tgt) / 100,
        variance_pct: tgt === 0 ? null : Math.round(((rev - tgt) * 1000) / tgt) / 10,
      });
      const all = () => true;
      expect(answer.totals).toEqual(figures(revenue(all), target(all)));
      for (const bucket of answer.series) {
        const inBucket = (_: number, day: string) => day >= bucket.start_date && day <= bucket.end_date;
        expect({ revenue: bucket.revenue, target: bucket.target }).toEqual({
          revenue: revenue(inBucket) / 100,
          target: target(inBucket) / 100,
        });
      }
      expect(answer.series.map((b: { start_date: string }) => b.start_date)[0]).toBe(START);
      const branches = BRANCHES.map((id) => {
        const mine = (restaurant: number) => restaurant === id;
        return { id, name: names.get(id), ...figures(revenue(mine), target(mine)) };
      }).sort(
        (a, b) =>
          (a.variance_pct === null ? 1 : 0) - (b.variance_pct === null ? 1 : 0) ||
          (a.variance_pct ?? 0) - (b.variance_pct ?? 0) ||
          (a.name! < b.name! ? -1 : a.name! > b.name! ? 1 : 0) ||
          a.id - b.id,
      );
      expect(answer.restaurants).toEqual(branches);
      reached += 1;
    }),
    { numRuns: RUNS },
  );
  expect(reached).toBe(RUNS);
}, 300_000);
