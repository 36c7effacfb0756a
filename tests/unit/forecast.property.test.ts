import fc from 'fast-check';
import { BACKTEST_DAYS } from '@contract/targets.contract';
import { addDays } from '../../server/analytics/calendar';
import { forecastOf, summedSeries, type BranchHistory } from '../../server/analytics/forecast/forecast';
import { backtest, METHODS, predict, type MethodName } from '../../server/analytics/forecast/model';

// The forecast's models against simple ones (docs/product.md#forecast).

const NAMES = Object.keys(METHODS) as MethodName[];
const cents = fc.integer({ min: 0, max: 2_000_000 });
const series = fc.array(cents, { minLength: 0, maxLength: 140 });
const method = fc.constantFrom(...NAMES);

describe('the forecast', () => {
  it('of 8 weeks repeating one week is that week, within 1 %, by every method and for every horizon', () => {
    let reached = 0;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 7, maxLength: 7 }),
        method,
        fc.integer({ min: 1, max: 42 }),
        (week, m, days) => {
          const history = Array.from({ length: 56 }, (_, i) => week[i % 7]!);
          predict(history, days, m).forEach((p, i) => {
            const expected = week[(56 + i) % 7]!;
            expect(Math.abs(p.revenue - expected)).toBeLessThanOrEqual(expected * 0.01);
            reached++;
          });
        },
      ),
      { numRuns: 200 },
    );
    expect(reached).toBeGreaterThan(200);
  });

  it('has low ≤ revenue ≤ high, all whole cents and none below 0', () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(series, method, fc.integer({ min: 1, max: 42 }), (s, m, days) => {
        const predicted = predict(s, days, m);
        expect(predicted).toHaveLength(days);
        for (const p of predicted) {
          expect(p.low).toBeGreaterThanOrEqual(0);
          expect(p.low).toBeLessThanOrEqual(p.revenue);
          expect(p.revenue).toBeLessThanOrEqual(p.high);
          for (const v of [p.low, p.revenue, p.high]) expect(Number.isInteger(v)).toBe(true);
        }
        if (s.some((v) => v > 0)) nonEmpty++;
      }),
      { numRuns: 300 },
    );
    expect(nonEmpty).toBeGreaterThan(200);
  });

  it('backtests each of the last 56 days from the days before it alone: the MAPE recomputed by hand', () => {
    let counted = 0;
    let nullMape = 0;
    fc.assert(
      fc.property(series, fc.array(cents, { minLength: 1, maxLength: 5 }), method, (s, future, m) => {
        const days = Math.min(BACKTEST_DAYS, s.length);
        const errors: number[] = [];
        for (let i = s.length - days; i < s.length; i++) {
          if (s[i]! <= 0) continue;
          // What comes after a day cannot change its prediction: the model sees the prefix with noise appended and cut.
          const predicted = predict([...s.slice(0, i), ...future].slice(0, i), 1, m)[0]!.revenue;
          errors.push((Math.abs(s[i]! - predicted) / s[i]!) * 100);
        }
        const mape = errors.length === 0 ? null : Math.round((errors.reduce((a, e) => a + e, 0) / errors.length) * 10) / 10;
        expect(backtest(s, m)).toEqual({ days, mape });
        if (mape === null) nullMape++;
        else counted++;
      }),
      { numRuns: 200 },
    );
    expect(counted).toBeGreaterThan(100);
    expect(nullMape).toBeGreaterThan(0);
  });

  it('franchise-wide is, per date, the sum of each branch’s forecast for that date, its backtest the summed series’', () => {
    const branch = fc.record({
      ahead: fc.integer({ min: 0, max: 1 }),
      lead: fc.integer({ min: 0, max: 60 }),
      revenue: fc.array(cents, { minLength: 0, maxLength: 112 }),
    });
    let several = 0;
    fc.assert(
      fc.property(fc.array(branch, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 42 }), (branches, days) => {
        const histories: BranchHistory[] = branches.map((b, id) => {
          const today = addDays('2026-11-29', b.ahead);
          return { id, today, start: addDays(today, -b.revenue.length), revenue: b.revenue };
        });
        const f = forecastOf(histories, days);
        const first = histories.some((h) => h.today === '2026-11-29') ? '2026-11-30' : '2026-12-01';
        expect(f.days.map((d) => d.day)).toEqual(Array.from({ length: days }, (_, i) => addDays(first, i)));
        f.days.forEach((d) => {
          let revenue = 0;
          for (const h of histories) {
            // A branch's own prediction of that date: its series ends yesterday.
            const step = Math.round((Date.parse(d.day) - Date.parse(h.today)) / 86_400_000) + 1;
            revenue += predict(h.revenue, step)[step - 1]!.revenue;
          }
          expect(d.revenue).toBe(revenue);
        });
        // The summed series by hand: each branch's revenue on each date before the earliest today.
        const end = histories.some((h) => h.today === '2026-11-29') ? '2026-11-29' : '2026-11-30';
        const byDay = new Map<string, number>();
        for (const h of histories) h.revenue.forEach((v, i) => byDay.set(addDays(h.start, i), (byDay.get(addDays(h.start, i)) ?? 0) + v));
        const dates = [...byDay.keys()].filter((d) => d < end).sort();
        const summed =
          dates.length === 0
            ? []
            : Array.from(
                { length: Math.round((Date.parse(end) - Date.parse(dates[0]!)) / 86_400_000) },
                (_, i) => byDay.get(addDays(dates[0]!, i)) ?? 0,
              );
        expect(summedSeries(histories)).toEqual(summed);
        expect(f.backtest).toEqual(backtest(summed));
        if (histories.length > 1) several++;
      }),
      { numRuns: 150 },
    );
    expect(several).toBeGreaterThan(80);
  });
});
