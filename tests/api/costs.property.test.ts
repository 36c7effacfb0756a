import fc from 'fast-check';
import { tradingDayIn } from '../../server/analytics/calendar';
import { labourCostCents } from '../../server/analytics/ingest';
import { costsAnswer, costTally } from '../../server/analytics/answers/costs';
import { menuEngineeringAnswer, menuTally } from '../../server/analytics/answers/menu-engineering';
import type { AnalyticsScope } from '../../server/analytics/answers/scope';
import type { Db } from '../../server/db/database';
import { costHistories, costOnDay, createWorld, DAYS, datasetArb, moneyOf, PERIOD_START, daysWindow, write } from './support/random-trade';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

type Money = { revenue: number; food: number; labour: number; spend: number };
type Sold = { units: number; revenue: number; food: number };

/** docs/product.md#costs in its plainest form: a share of revenue in % to one decimal, null without revenue. */
const pct = (part: number, revenue: number) => (revenue === 0 ? null : Math.round((part / revenue) * 1000) / 10);
const figures = (m: Money) => ({
  revenue: m.revenue / 100,
  food_cost: m.food / 100,
  food_cost_pct: pct(m.food, m.revenue),
  labour_cost: m.labour / 100,
  labour_cost_pct: pct(m.labour, m.revenue),
  prime_cost: (m.food + m.labour) / 100,
  prime_cost_pct: pct(m.food + m.labour, m.revenue),
  purchases: m.spend / 100,
  purchases_pct: pct(m.spend, m.revenue),
});

describe('the costs and menu engineering answers', () => {
  it('equal the orders, costs and cost changes, shifts and purchases of the window, for the franchise, a manager and each branch', async () => {
    const reached = { runs: 0, foodCost: 0, prime: 0, uncosted: 0, classes: 0, starAndDog: 0, previousMenu: 0 };
    await fc.assert(
      fc.asyncProperty(datasetArb, async (dataset) => {
        const world = await createWorld(db);
        await write(db, world, dataset);
        reached.runs++;
        for (const [fi, f] of world.franchises.entries()) {
          const data = dataset[fi]!;
          const window = daysWindow(f.timeZone, 4, 13);
          const inWindow = (day: string) => day >= window.start_date && day <= window.end_date;
          const costs = costHistories(data);
          const money = new Map(f.restaurants.map((id) => [id, { revenue: 0, food: 0, labour: 0, spend: 0 }]));
          // Per window (the window, the one it is compared with), per branch, per item index.
          const soldIn = {
            window: new Map(f.restaurants.map((id) => [id, new Map<number, Sold>()])),
            previous: new Map(f.restaurants.map((id) => [id, new Map<number, Sold>()])),
          };
          for (const o of data.orderBatches.flat()) {
            const day = tradingDayIn(f.timeZone, 0, new Date(PERIOD_START + o.minute * 60_000));
            const inPrevious = day >= window.previous.start_date && day <= window.previous.end_date;
            if (o.status !== 'completed' || !(inWindow(day) || inPrevious)) continue;
            const id = f.restaurants[o.restaurant]!;
            if (inWindow(day)) money.get(id)!.revenue += moneyOf(o).total;
            for (const l of o.lines) {
              const cost = costOnDay(costs.get(l.item), day);
              if (inWindow(day)) money.get(id)!.food += l.quantity * (cost ?? 0);
              const items = soldIn[inPrevious ? 'previous' : 'window'].get(id)!;
              const s = items.get(l.item) ?? items.set(l.item, { units: 0, revenue: 0, food: 0 }).get(l.item)!;
              s.units += l.quantity;
              s.revenue += l.amountCents;
              s.food += l.quantity * (cost ?? 0);
            }
          }
          for (const s of data.shifts) {
            if (inWindow(DAYS[s.day]!))
              money.get(f.restaurants[s.restaurant]!)!.labour += labourCostCents(s.actualMinutes, s.hourlyRateCents);
          }
          for (const p of data.purchaseBatches.flat())
            if (inWindow(DAYS[p.day]!)) money.get(f.restaurants[p.restaurant]!)!.spend += p.amountCents;

          const check = async (scope: AnalyticsScope, ids: number[]) => {
            const sum = ids.reduce(
              (t, id) => {
                const m = money.get(id)!;
                return { revenue: t.revenue + m.revenue, food: t.food + m.food, labour: t.labour + m.labour, spend: t.spend + m.spend };
              },
              { revenue: 0, food: 0, labour: 0, spend: 0 },
            );
            const answer = costsAnswer(await costTally(db, scope, window));
            expect(answer.totals).toEqual(figures(sum));
            expect(answer.series.reduce((t, b) => t + Math.round(b.food_cost * 100), 0)).toBe(sum.food);
            expect(new Map(answer.restaurants.map(({ id, name: _, ...rest }) => [id, rest]))).toEqual(
              new Map(ids.map((id) => [id, figures(money.get(id)!)])),
            );
            const prime = answer.restaurants.map((r) => r.prime_cost_pct).filter((p) => p !== null);
            expect(prime).toEqual([...prime].sort((a, b) => b - a));

            // Menu engineering: the costed items sold, classed by Kasavana–Smith, in the window and the one before.
            const menuOf = (sold: Map<number, Map<number, Sold>>) => {
              const items = new Map<number, Sold>();
              for (const id of ids) {
                for (const [item, s] of sold.get(id)!) {
                  const t = items.get(item) ?? items.set(item, { units: 0, revenue: 0, food: 0 }).get(item)!;
                  t.units += s.units;
                  t.revenue += s.revenue;
                  t.food += s.food;
                }
              }
              const costed = [...items].filter(([item, s]) => s.units > 0 && costs.has(item));
              const uncosted = [...items].filter(([item, s]) => s.units > 0 && !costs.has(item)).length;
              const n = costed.length;
              const units = costed.reduce((t, [, s]) => t + s.units, 0);
              const margin = costed.reduce((t, [, s]) => t + s.revenue - s.food, 0);
              const expected = costed
                .map(([item, s]) => {
                  const popular = s.units / units >= 0.7 / n;
                  const profitable = (s.revenue - s.food) / s.units >= margin / units;
                  return {
                    sku: `S${item}`,
                    name: `Item ${item}`,
                    units: s.units,
                    revenue: s.revenue / 100,
                    food_cost: s.food / 100,
                    margin: (s.revenue - s.food) / 100,
                    mix_pct: Math.round((s.units / units) * 1000) / 10,
                    class: popular ? (profitable ? 'star' : 'plowhorse') : profitable ? 'puzzle' : 'dog',
                  };
                })
                .sort((a, b) => b.units - a.units || a.name.localeCompare(b.name));
              return { expected, uncosted, n, units, margin };
            };
            const { expected, uncosted, n, units, margin } = menuOf(soldIn.window);
            const tally = await menuTally(db, scope, window);
            const engineering = menuEngineeringAnswer(tally);
            expect(engineering.items).toEqual(expected);
            const before = menuOf(soldIn.previous).expected;
            expect(menuEngineeringAnswer({ ...tally, items: tally.previous }).items).toEqual(before);
            expect(engineering.items_without_cost).toBe(uncosted);
            expect(answer.items_without_cost).toBe(uncosted);
            expect(engineering.thresholds).toEqual({
              mix_pct: n === 0 ? null : Math.round(700 / n) / 10,
              margin_per_unit: units === 0 ? null : Math.round(margin / units) / 100,
            });
            if (sum.food > 0) reached.foodCost++;
            if (sum.food > 0 && sum.labour > 0) reached.prime++;
            if (uncosted > 0) reached.uncosted++;
            if (before.length > 0) reached.previousMenu++;
            if (new Set(expected.map((e) => e.class)).size >= 2) reached.classes++;
            if (expected.some((e) => e.class === 'star') && expected.some((e) => e.class !== 'star')) reached.starAndDog++;
          };
          await check({ franchiseId: f.id, restaurantId: null }, f.restaurants);
          await check({ franchiseId: f.id, restaurantId: null, branches: f.restaurants }, f.restaurants);
          for (const id of f.restaurants) await check({ franchiseId: f.id, restaurantId: id }, [id]);
        }
      }),
      { numRuns: 20, endOnFailure: true },
    );
    // Of 20 runs × 2 franchises × 4 scopes.
    expect(reached.runs).toBe(20);
    for (const what of ['foodCost', 'prime', 'uncosted', 'classes', 'starAndDog', 'previousMenu'] as const)
      expect(reached[what], what).toBeGreaterThanOrEqual(5);
  }, 240_000);
});
