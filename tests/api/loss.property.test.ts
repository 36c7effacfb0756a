import fc from 'fast-check';
import type { Grouping } from '@contract/analytics.contract';
import { tradingDayIn } from '../../server/analytics/calendar';
import type { Db } from '../../server/db/database';
import { lossAnswer, lossTally } from '../../server/analytics/answers/loss';
import { createWorld, datasetArb, daysWindow, moneyOf, PERIOD_START, write } from './support/random-trade';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

type Sums = {
  gross: number;
  voided: number;
  voidedCents: number;
  discounts: number;
  refunded: number;
  refundedCents: number;
  tips: number;
};
const zero = (): Sums => ({ gross: 0, voided: 0, voidedCents: 0, discounts: 0, refunded: 0, refundedCents: 0, tips: 0 });
const pct = (cents: number, gross: number) => (gross === 0 ? null : Math.round((cents * 1000) / gross) / 10);

/** The loss figures as docs/product.md#loss defines them, from sums of the orders' cents. */
function figures(s: Sums) {
  const loss = s.voidedCents + s.discounts + s.refundedCents;
  return {
    gross_sales: s.gross / 100,
    voided: s.voided,
    voided_value: s.voidedCents / 100,
    voided_pct: pct(s.voidedCents, s.gross),
    discounts: s.discounts / 100,
    discounts_pct: pct(s.discounts, s.gross),
    refunded: s.refunded,
    refunded_value: s.refundedCents / 100,
    refunded_pct: pct(s.refundedCents, s.gross),
    tips: s.tips / 100,
    tips_pct: pct(s.tips, s.gross),
    loss: loss / 100,
    loss_pct: pct(loss, s.gross),
  };
}

describe('the loss answer', () => {
  it('equals voids, discounts, refunds and tips summed from the random orders, franchise-wide and per branch, worst branch first', async () => {
    const reached = { voided: 0, refunded: 0, discounted: 0, tipped: 0, previous: 0, ranked: 0, twoMonths: 0 };
    // From one of the first days (the half before April 1st crossing into April) to one of the last.
    const windowArb = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 5, max: 13 }));
    await fc.assert(
      fc.asyncProperty(
        datasetArb,
        fc.constantFrom<Grouping>('daily', 'weekly', 'monthly'),
        windowArb,
        async (dataset, grouping, [from, to]) => {
          const world = await createWorld(db);
          await write(db, world, dataset);
          for (const [fi, f] of world.franchises.entries()) {
            const window = daysWindow(f.timeZone, from, to, grouping);
            // The model: each order on its branch's trading day (the franchise's clock here), summed per branch and window.
            const current = new Map(f.restaurants.map((id) => [id, zero()]));
            const previous = zero();
            for (const o of dataset[fi]!.orderBatches.flat()) {
              const day = tradingDayIn(f.timeZone, 0, new Date(PERIOD_START + o.minute * 60_000));
              const into =
                day >= window.start_date && day <= window.end_date
                  ? current.get(f.restaurants[o.restaurant]!)!
                  : day >= window.previous.start_date && day <= window.previous.end_date
                    ? previous
                    : null;
              if (into === null) continue;
              const { lines, discountCents, total } = moneyOf(o);
              if (o.status === 'voided') {
                into.voided += 1;
                into.voidedCents += total;
                continue;
              }
              into.gross += lines;
              if (o.status === 'refunded') {
                into.refunded += 1;
                into.refundedCents += total;
              } else {
                into.discounts += discountCents;
                into.tips += o.tipCents;
              }
            }
            const all = [...current.values()].reduce((a, b) => {
              for (const k of Object.keys(a) as (keyof Sums)[]) a[k] += b[k];
              return a;
            }, zero());

            const answer = lossAnswer(await lossTally(db, { franchiseId: f.id, restaurantId: null }, window));
            expect(answer.totals).toEqual(figures(all));
            expect(answer.previous_totals).toEqual(figures(previous));
            // The periods add up to the window.
            expect(answer.series.reduce((s, b) => s + b.discounts * 100, 0)).toBeCloseTo(all.discounts, 6);
            expect(answer.series.reduce((s, b) => s + b.voided, 0)).toBe(all.voided);
            // Every branch, the highest loss % first, those without gross sales last.
            const nameOf = new Map(answer.restaurants.map((r) => [r.id, r.name]));
            const want = f.restaurants
              .map((id) => ({ id, name: nameOf.get(id)!, ...figures(current.get(id)!) }))
              .sort(
                (a, b) =>
                  (a.loss_pct === null ? 1 : 0) - (b.loss_pct === null ? 1 : 0) ||
                  (b.loss_pct ?? 0) - (a.loss_pct ?? 0) ||
                  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
              );
            expect(answer.restaurants).toEqual(want);
            for (const id of f.restaurants) {
              const branch = lossAnswer(await lossTally(db, { franchiseId: f.id, restaurantId: id }, window));
              expect(branch.totals).toEqual(figures(current.get(id)!));
              expect(branch.restaurants.map((r) => r.id)).toEqual([id]);
            }
            if (all.voided > 0) reached.voided++;
            if (all.refunded > 0) reached.refunded++;
            if (all.discounts > 0) reached.discounted++;
            if (all.tips > 0) reached.tipped++;
            if (previous.gross > 0) reached.previous++;
            if (answer.restaurants.filter((r) => r.loss_pct !== null).length === 2) reached.ranked++;
            if (window.start_date.slice(0, 7) !== window.end_date.slice(0, 7) && all.gross > 0) reached.twoMonths++;
          }
        },
      ),
      { numRuns: 40, endOnFailure: true },
    );
    // Of 40 runs × 2 franchises, how many had each kind of figure and a window over two months (at least 8 each: about
    // 30 is usual, and 20 runs reached as few as 7).
    for (const [what, count] of Object.entries(reached)) expect(count, what).toBeGreaterThanOrEqual(8);
  }, 180_000);
});
