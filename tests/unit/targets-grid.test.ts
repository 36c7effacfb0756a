import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ForecastAnswer, TargetsGrid } from '@contract/api/targets.calls';
import { consoleTargetsBody, monthDays, spreadMonthly } from '@contract/targets.contract';
import {
  CLEARED_CELL_MESSAGE,
  INVALID_CELLS_MESSAGE,
  INVALID_LABOUR_MESSAGE,
  cellKey,
  centsOf,
  copyMonth,
  dayHeading,
  dayTotal,
  dollarsText,
  fillFromForecast,
  forecastPctOf,
  monthTotal,
  rowTotal,
  saveBody,
  saveCounts,
  saveProblem,
  shiftMonth,
  spreadRow,
  withCell,
  withLabour,
  type Edits,
} from '../../src/machines/support/targets-grid';

// The Targets page's grid rules (docs/product.md#targets-page): what a typed cell is worth, what a save sends, and
// what the tools (copy, spread, forecast) put in the cells.

const NOVEMBER = monthDays('2026-11');
const gridOf = (month: string, targets: Record<number, Record<string, number>> = {}): TargetsGrid => ({
  month,
  days: monthDays(month),
  version: 7,
  restaurants: [1, 2, 3].map((id) => ({
    id,
    name: `Branch ${id}`,
    weekday_revenue_cents: id === 3 ? [0, 0, 0, 0, 0, 0, 0] : [100, 100, 100, 100, 200, 300, 300],
    targets: Object.entries(targets[id] ?? {}).map(([day, revenue_cents]) => ({ day, revenue_cents, labour_cost_pct: 30 })),
  })),
});

describe('a typed cell', () => {
  it('is dollars with at most two decimals, never negative', () => {
    expect(centsOf('12')).toBe(1200);
    expect(centsOf(' $1,234.5 ')).toBe(123450);
    expect(centsOf('0.07')).toBe(7);
    expect(centsOf('')).toBeNull();
    for (const bad of ['-1', '1.234', 'abc', '1.', '1e3', '99999999999']) expect(centsOf(bad), bad).toBeNaN();
  });

  it('round-trips through the text a cell shows', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (cents) => centsOf(dollarsText(cents)) === cents));
  });

  it('marks what blocks a save: bad dollars, a saved target cleared, a labour % outside 0–100', () => {
    const grid = gridOf('2026-11', { 1: { '2026-11-02': 5000 } });
    const [row] = grid.restaurants;
    expect(saveProblem(grid, withCell({}, row!, '2026-11-03', '-5'), {})).toBe(INVALID_CELLS_MESSAGE);
    expect(saveProblem(grid, withCell({}, row!, '2026-11-02', ''), {})).toBe(CLEARED_CELL_MESSAGE);
    expect(saveProblem(grid, {}, withLabour({}, row!, '101'))).toBe(INVALID_LABOUR_MESSAGE);
    expect(saveProblem(grid, withCell({}, row!, '2026-11-03', '12.50'), withLabour({}, row!, '28.5'))).toBeNull();
  });

  it('typed back to what was read is no change', () => {
    const grid = gridOf('2026-11', { 1: { '2026-11-02': 5000 } });
    const [row] = grid.restaurants;
    const edits = withCell({}, row!, '2026-11-02', '60');
    expect(Object.keys(edits)).toHaveLength(1);
    expect(withCell(edits, row!, '2026-11-02', '50.00')).toEqual({});
    expect(withCell({}, row!, '2026-11-05', '')).toEqual({});
  });
});

describe('the save body', () => {
  const grid = gridOf('2026-11', { 1: { '2026-11-02': 5000, '2026-11-03': 7000 }, 2: { '2026-11-10': 100 } });

  it('sends only the changed cells, in cents, with the grid version, and keeps a day’s labour % unless its row’s changed', () => {
    const [one, two] = grid.restaurants;
    let edits = withCell({}, one!, '2026-11-02', '55.25');
    edits = withCell(edits, two!, '2026-11-11', '80');
    expect(saveBody(grid, edits, {})).toEqual({
      version: 7,
      targets: [
        { restaurant_id: 1, day: '2026-11-02', revenue_cents: 5525, labour_cost_pct: 30 },
        { restaurant_id: 2, day: '2026-11-11', revenue_cents: 8000, labour_cost_pct: null },
      ],
    });
    // A row's labour % goes to each of its days with a target, typed or read.
    const body = saveBody(grid, edits, withLabour({}, one!, '25'));
    expect(body.targets.filter((t) => t.restaurant_id === 1)).toEqual([
      { restaurant_id: 1, day: '2026-11-02', revenue_cents: 5525, labour_cost_pct: 25 },
      { restaurant_id: 1, day: '2026-11-03', revenue_cents: 7000, labour_cost_pct: 25 },
    ]);
    expect(saveCounts(grid, edits, withLabour({}, one!, '25'))).toEqual({ targets: 3, branches: 2 });
  });

  it('is, for any typing, one target per cell left different from what was read, valid for the server', () => {
    let runs = 0;
    const typing = fc.array(
      fc.record({
        row: fc.integer({ min: 0, max: 2 }),
        day: fc.integer({ min: 0, max: NOVEMBER.length - 1 }),
        cents: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(5000, 7000, 100)),
      }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(typing, (typed) => {
        let edits: Edits = {};
        const last = new Map<string, number>();
        for (const { row, day, cents } of typed) {
          const r = grid.restaurants[row]!;
          edits = withCell(edits, r, NOVEMBER[day]!, dollarsText(cents));
          last.set(cellKey(r.id, NOVEMBER[day]!), cents);
        }
        const body = saveBody(grid, edits, {});
        // The model: the last value typed in each cell, kept where it differs from what was read.
        const expected = [...last]
          .filter(([key, cents]) => {
            const [id, day] = key.split('|');
            const saved = grid.restaurants.find((r) => r.id === Number(id))!.targets.find((t) => t.day === day)?.revenue_cents;
            return saved !== cents;
          })
          .map(([key, cents]) => `${key}|${cents}`)
          .sort();
        expect(body.targets.map((t) => `${t.restaurant_id}|${t.day}|${t.revenue_cents}`).sort()).toEqual(expected);
        if (body.targets.length > 0) {
          runs += 1;
          expect(consoleTargetsBody.safeParse(body).success).toBe(true);
        }
        // The totals are the grid's values now.
        const all = grid.restaurants.reduce((s, r) => s + rowTotal(grid, r, edits), 0);
        expect(monthTotal(grid, edits)).toBe(all);
        expect(NOVEMBER.reduce((s, d) => s + dayTotal(grid, d, edits), 0)).toBe(all);
      }),
      { numRuns: 200 },
    );
    expect(runs).toBeGreaterThan(100);
  });
});

describe('the tools', () => {
  it('spread: any amount over any month sums to the amount, by weekday weights or evenly without history', () => {
    let runs = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 2 }),
        (total, year, m, rowIndex) => {
          const grid = gridOf(`${year}-${String(m).padStart(2, '0')}`);
          const row = grid.restaurants[rowIndex]!;
          const edits = spreadRow(grid, row, total, {});
          runs += 1;
          expect(rowTotal(grid, row, edits)).toBe(total);
          const cells = grid.days.map((d) => centsOf(edits[cellKey(row.id, d)] ?? '0')!);
          expect(cells).toEqual(spreadMonthly(total, grid.days, row.weekday_revenue_cents));
          if (rowIndex === 2) expect(Math.max(...cells) - Math.min(...cells)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 200 },
    );
    expect(runs).toBe(200);
  });

  it('copy last month: each day of the month on the same day, days this month lacks dropped, as unsaved changes', () => {
    const previous = gridOf('2026-01', { 1: { '2026-01-15': 1000, '2026-01-29': 2900, '2026-01-31': 3100 }, 2: { '2026-01-01': 100 } });
    const grid = gridOf('2026-02', { 2: { '2026-02-01': 100 } });
    const edits = copyMonth(grid, previous, {});
    expect(edits).toEqual({ '1|2026-02-15': '10' });
    expect(copyMonth(gridOf('2028-02'), gridOf('2028-01', { 1: { '2028-01-29': 2900, '2028-01-30': 1 } }), {})).toEqual({
      '1|2028-02-29': '29',
    });
  });

  it('fill from the forecast: the days it covers × (1 + pct/100), rounded to cents; the others stay', () => {
    const grid = gridOf('2026-11', { 1: { '2026-11-30': 4400 } });
    const forecast: ForecastAnswer = {
      method: 'weekday mean',
      days: [
        { day: '2026-10-31', revenue: 999, low: 1, high: 2000 },
        { day: '2026-11-28', revenue: 1000.01, low: 900, high: 1100 },
        { day: '2026-11-29', revenue: 333.33, low: 300, high: 400 },
      ],
      backtest: { days: 56, mape: 8.2 },
    };
    const { edits, filled } = fillFromForecast(grid, grid.restaurants[0]!, forecast, -50, {});
    expect(filled).toBe(2);
    expect(edits).toEqual({ '1|2026-11-28': '500.01', '1|2026-11-29': '166.67' });
    expect(fillFromForecast(grid, grid.restaurants[0]!, forecast, 100, {}).edits['1|2026-11-29']).toBe('666.66');
  });

  it('reads an adjustment from -50 to +100 %', () => {
    expect([forecastPctOf('-50'), forecastPctOf('+100'), forecastPctOf('12.5%'), forecastPctOf('0')]).toEqual([-50, 100, 12.5, 0]);
    expect([forecastPctOf('-51'), forecastPctOf('101'), forecastPctOf(''), forecastPctOf('x')]).toEqual([null, null, null, null]);
  });

  it('names the months and days', () => {
    expect([shiftMonth('2026-01', -1), shiftMonth('2026-12', 1), shiftMonth('2026-11', 0)]).toEqual(['2025-12', '2027-01', '2026-11']);
    expect([dayHeading('2026-11-02'), dayHeading('2026-11-29')]).toEqual(['2 Mon', '29 Sun']);
  });
});
