import { describe, expect, it } from 'vitest';
import type { LineSeriesOption } from 'echarts';
import { formatCurrency, formatSignedCurrency } from '@contract/presentation/format';
import { lineOption } from '@contract/presentation/chart-options';
import {
  backtestText,
  forecastOption,
  forecastSeries,
  hasTargets,
  isEmptyForecast,
  targetLines,
  varianceTone,
  worstBranches,
  type ForecastView,
} from '@contract/presentation/target-charts';
import { NO_TRADE, TRADE } from '../model/models/dashboard.fixtures';

// The dashboard's targets and forecast figures (docs/product.md#dashboard-targets) as chart data.

const MONEY = { format: formatCurrency };
const branch = (id: number, name: string, variance_pct: number | null) => ({
  id,
  name,
  revenue: 100,
  target: variance_pct === null ? 0 : 100,
  variance: variance_pct ?? 0,
  variance_pct,
});

describe('the target lines', () => {
  it('are the total revenue of each bucket and its target, named Total and Target, the target dashed', () => {
    const revenue = [{ revenue: 1500 }, { revenue: 200.5 }];
    const [total, line] = targetLines(revenue, TRADE.targets.series.slice(0, 2));
    expect(total).toEqual({ name: 'Total', values: [1500, 200.5] });
    expect(line).toEqual({ name: 'Target', values: [1714.29, 1714.29], dashed: true });
    const option = lineOption(
      ['a', 'b'],
      [{ name: 'Dine-In', values: [1, 2] }, ...targetLines(revenue, TRADE.targets.series.slice(0, 2))],
      MONEY,
    );
    const [dineIn, totalLine, target] = option.series as LineSeriesOption[];
    expect(target).toMatchObject({ name: 'Target', data: [1714.29, 1714.29], lineStyle: { type: 'dashed' } });
    expect(totalLine).toMatchObject({ name: 'Total', data: [1500, 200.5] });
    expect(totalLine!.lineStyle).toBeUndefined();
    expect(dineIn!.lineStyle).toBeUndefined();
  });

  it('shows only when the window has targets', () => {
    expect(hasTargets(TRADE.targets)).toBe(true);
    expect(hasTargets(NO_TARGETS)).toBe(false);
  });
});
const NO_TARGETS = NO_TRADE.targets;

describe('the worst branches', () => {
  it('are the five lowest variance %, lowest first, by name on a tie, leaving out branches without a target', () => {
    const restaurants = [
      branch(1, 'Manly', 4),
      branch(2, 'Bondi', -12.5),
      branch(3, 'Coogee', null),
      branch(4, 'Ryde', -3),
      branch(5, 'Albury', -3),
      branch(6, 'Penrith', 0),
      branch(7, 'Cronulla', 20),
      branch(8, 'Dubbo', -40),
    ];
    expect(worstBranches(restaurants).map((r) => r.name)).toEqual(['Dubbo', 'Bondi', 'Albury', 'Ryde', 'Penrith']);
    expect(worstBranches(restaurants, 2).map((r) => r.variance_pct)).toEqual([-40, -12.5]);
    expect(worstBranches([branch(3, 'Coogee', null)])).toEqual([]);
  });

  it('leaves the answer as it was', () => {
    const restaurants = [branch(1, 'A', 5), branch(2, 'B', -5)];
    worstBranches(restaurants);
    expect(restaurants.map((r) => r.name)).toEqual(['A', 'B']);
  });
});

describe('the variance reads by meaning', () => {
  it('above target is good, below bad, on target neither', () => {
    expect(varianceTone(0.01)).toBe('good');
    expect(varianceTone(-0.01)).toBe('bad');
    expect(varianceTone(0)).toBe('flat');
    expect(formatSignedCurrency(-1185)).toBe('-$1,185.00');
    expect(formatSignedCurrency(20.5)).toBe('+$20.50');
  });
});

const view: ForecastView = {
  actuals: [
    { day: '2026-11-20', revenue: 100 },
    { day: '2026-11-21', revenue: 120 },
  ],
  forecast: {
    method: 'Weekday average',
    days: [
      { day: '2026-11-22', revenue: 110, low: 90, high: 130 },
      { day: '2026-11-23', revenue: 105, low: 80, high: 140 },
    ],
    backtest: { days: 56, mape: 8.44 },
  },
};

describe('the forecast chart', () => {
  it('puts the actual days first, then the forecast days; the forecast line starts at the last actual point', () => {
    expect(forecastSeries(view)).toEqual({
      days: ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'],
      actual: [100, 120, null, null],
      forecast: [null, 120, 110, 105],
      low: [null, null, 90, 80],
      range: [null, null, 40, 60],
    });
  });

  it('draws the band as the low line plus the range stacked on it, shaded, in one legend entry', () => {
    const option = forecastOption(view, MONEY);
    const series = option.series as LineSeriesOption[];
    expect(series.map((s) => s.name)).toEqual(['Range', 'Range', 'Actual', 'Forecast']);
    expect(series[0]).toMatchObject({ stack: 'band', data: [null, null, 90, 80] });
    expect(series[0]!.areaStyle).toBeUndefined();
    expect(series[1]).toMatchObject({ stack: 'band', data: [null, null, 40, 60], areaStyle: { opacity: 0.25 } });
    expect(series[3]).toMatchObject({ lineStyle: { type: 'dashed' } });
    expect((option.xAxis as { data: string[] }).data).toEqual(['20 Nov', '21 Nov', '22 Nov', '23 Nov']);
  });

  it('says in its tooltip the actual revenue of a past day, the forecast and its range of a coming one', () => {
    const { formatter } = forecastOption(view, MONEY).tooltip as { formatter: (p: unknown) => string };
    expect(formatter([{ dataIndex: 1 }])).toBe('21 Nov<br/>Actual: <b>$120.00</b>');
    expect(formatter([{ dataIndex: 3 }])).toBe('23 Nov<br/>Forecast: <b>$105.00</b><br/>Range: $80.00 – $140.00');
  });

  it('is empty without revenue in the last days and none forecast', () => {
    expect(isEmptyForecast(view)).toBe(false);
    expect(isEmptyForecast({ ...view, actuals: view.actuals.map((d) => ({ ...d, revenue: 0 })) })).toBe(false);
    expect(isEmptyForecast(NO_TRADE.forecast)).toBe(true);
  });

  it('names the backtest error with one decimal, or n/a', () => {
    expect(backtestText(8.44)).toBe('Backtest error (MAPE) 8.4%');
    expect(backtestText(null)).toBe('Backtest error (MAPE) n/a');
  });
});
