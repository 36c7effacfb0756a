import fc from 'fast-check';
import { DAYPARTS } from '@contract/analytics.contract';
import { tradingDayIn } from '../../server/analytics/calendar';
import type { Db } from '../../server/db/database';
import { hoursAnswer, hoursTally } from '../../server/analytics/answers/hours';
import { orderTally } from '../../server/analytics/answers/orders';
import { revenueTally } from '../../server/analytics/answers/revenues';
import type { AnalyticsScope } from '../../server/analytics/answers/scope';
import { orderPage } from '../../server/analytics/page-reports/count-pages';
import type { PageContext } from '../../server/analytics/page-reports/report-parts';
import { createWorld, datasetArb, moneyOf, PERIOD_START, daysWindow, write } from './support/random-trade';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** The model's clock: Intl's wall-clock hour and the ISO weekday of the trading day, independent of the server's SQL. */
const hourIn = (timeZone: string, at: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at));
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

type Cell = { weekday: number; hour: number; orders: number; revenue: number };
const emptyGrid = (): Cell[] =>
  Array.from({ length: 168 }, (_, i) => ({ weekday: Math.floor(i / 24) + 1, hour: i % 24, orders: 0, revenue: 0 }));

describe('the hours answer', () => {
  it('equals the completed orders counted by weekday and local hour, for the franchise, each branch and a manager, and the dayparts sum them', async () => {
    const reached = { runs: 0, twoHours: 0, acrossMidnight: 0, late: 0, dayparts: 0 };
    await fc.assert(
      fc.asyncProperty(datasetArb, async (dataset) => {
        const world = await createWorld(db);
        await write(db, world, dataset);
        reached.runs++;
        for (const [fi, f] of world.franchises.entries()) {
          const window = daysWindow(f.timeZone, 1, 13);
          // Cents per cell, per branch (a cell's key is its index: (weekday - 1) × 24 + hour).
          const cents = new Map(f.restaurants.map((id) => [id, Array<number>(168).fill(0)]));
          const counts = new Map(f.restaurants.map((id) => [id, Array<number>(168).fill(0)]));
          for (const o of dataset[fi]!.orderBatches.flat()) {
            if (o.status !== 'completed') continue;
            const at = new Date(PERIOD_START + o.minute * 60_000);
            const day = tradingDayIn(f.timeZone, 0, at);
            if (day < window.start_date || day > window.end_date) continue;
            const cell = (isoWeekday(day) - 1) * 24 + hourIn(f.timeZone, at);
            const id = f.restaurants[o.restaurant]!;
            cents.get(id)![cell]! += moneyOf(o).total;
            counts.get(id)![cell]! += 1;
          }
          const gridOf = (ids: number[]) =>
            emptyGrid().map((c, i) => ({
              ...c,
              orders: ids.reduce((s, id) => s + counts.get(id)![i]!, 0),
              revenue: ids.reduce((s, id) => s + cents.get(id)![i]!, 0) / 100,
            }));
          const answerOf = async (scope: AnalyticsScope) => hoursAnswer(await hoursTally(db, scope, window)).cells;
          const all = gridOf(f.restaurants);
          expect(await answerOf({ franchiseId: f.id, restaurantId: null })).toEqual(all);
          expect(await answerOf({ franchiseId: f.id, restaurantId: null, branches: f.restaurants })).toEqual(all);
          for (const id of f.restaurants) expect(await answerOf({ franchiseId: f.id, restaurantId: id })).toEqual(gridOf([id]));

          // The Order page's dayparts: each the sum of its hours' cells, the Total all of them.
          const scope = { franchiseId: f.id, restaurantId: null };
          const figures = ((kind: string) =>
            kind === 'hours'
              ? hoursTally(db, scope, window)
              : kind === 'revenues'
                ? revenueTally(db, scope, window)
                : orderTally(db, scope, window, new Date(PERIOD_START))) as PageContext['figures'];
          const page = await orderPage({ db, scope, window, rangeLabel: 'Random days', labourPlan: async () => [], figures });
          const table = page.tables.find((t) => t.id === 'dayparts')!;
          const inPart = (hour: number, d: (typeof DAYPARTS)[number]) =>
            d.from < d.to ? hour >= d.from && hour < d.to : hour >= d.from || hour < d.to;
          for (const [i, d] of DAYPARTS.entries()) {
            const ofPart = all.filter((c) => inPart(c.hour, d));
            expect(table.rows[i]!.cells[2]).toBe(ofPart.reduce((s, c) => s + c.orders, 0));
            expect(table.rows[i]!.cells[3]).toBeCloseTo(
              ofPart.reduce((s, c) => s + c.revenue, 0),
              6,
            );
          }
          expect(table.total!.cells[2]).toBe(all.reduce((s, c) => s + c.orders, 0));
          expect(page.heatmap!.cells).toEqual(all);

          const busy = all.filter((c) => c.orders > 0);
          if (new Set(busy.map((c) => c.hour)).size >= 2) reached.twoHours++;
          if (busy.some((c) => c.hour < 6)) reached.late++;
          if (busy.some((c) => c.hour >= 21) && busy.some((c) => c.hour < 6)) reached.acrossMidnight++;
          if (table.rows.filter((r) => (r.cells[2] as number) > 0).length >= 2) reached.dayparts++;
        }
      }),
      { numRuns: 20, endOnFailure: true },
    );
    // Of 20 runs × 2 franchises: orders in several hours and dayparts, late ones, and some on both sides of midnight.
    expect(reached.runs).toBe(20);
    for (const what of ['twoHours', 'late', 'dayparts'] as const) expect(reached[what], what).toBeGreaterThanOrEqual(5);
    expect(reached.acrossMidnight).toBeGreaterThanOrEqual(1);
  }, 180_000);
});
