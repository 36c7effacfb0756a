import type { EChartsOption } from 'echarts';
import type { ForecastAnswer, TargetsAnswer } from '../api/targets.calls';
import type { LineSeries, ValueFormat } from './chart-options';
import { changeTone } from './figure-direction';
import { formatDayMonth, formatPercent } from './format';

// The dashboard's targets and forecast figures (docs/product.md#dashboard): pure data for its cards and charts.

/** The branches the "vs target" card lists: the worst by variance %. */
export const WORST_BRANCHES = 5;

/**
 * The lines drawn over the revenue chart when the window has targets: the revenue per bucket in total (the target
 * is one for every channel, so it is compared with their sum, not with any one line) and the target, dashed.
 */
export const targetLines = (revenue: readonly { revenue: number }[], series: TargetsAnswer['series']): LineSeries[] => [
  { name: 'Total', values: revenue.map((b) => b.revenue) },
  { name: 'Target', values: series.map((b) => b.target), dashed: true },
];

/** Whether the window has targets to compare with: the card and the target line show only then. */
export const hasTargets = (answer: TargetsAnswer): boolean => answer.totals.target > 0;

/** The branches furthest below their target first (lowest variance %), by name on a tie; branches without a target are left out. */
export function worstBranches(restaurants: TargetsAnswer['restaurants'], count = WORST_BRANCHES): TargetsAnswer['restaurants'] {
  return restaurants
    .filter((r) => r.variance_pct !== null)
    .sort((a, b) => a.variance_pct! - b.variance_pct! || a.name.localeCompare(b.name))
    .slice(0, count);
}

/** Above target reads good (green), below it bad (red), on target neither. */
export const varianceTone = (variance: number) => changeTone(variance > 0 ? 'up' : variance < 0 ? 'down' : 'flat');

/** A day's actual revenue; the forecast card's last closed days. */
export type ActualDay = { day: string; revenue: number };

/** What the forecast card shows: the last closed days' revenue and the forecast of the next days. */
export type ForecastView = { actuals: ActualDay[]; forecast: ForecastAnswer };

/** Nothing to draw: no revenue in the last days and none forecast. */
export const isEmptyForecast = ({ actuals, forecast }: ForecastView): boolean =>
  actuals.every((d) => d.revenue === 0) && forecast.days.every((d) => d.high === 0);

/** The forecast chart's series, one value per day (actual days first, then forecast days); null where a line has no point. */
export function forecastSeries({ actuals, forecast }: ForecastView) {
  const gap = (n: number) => Array<null>(n).fill(null);
  const last = actuals.at(-1);
  return {
    days: [...actuals.map((d) => d.day), ...forecast.days.map((d) => d.day)],
    actual: [...actuals.map((d) => d.revenue), ...gap(forecast.days.length)],
    // The forecast line starts at the last actual day's point, so the two lines join.
    forecast: [...gap(Math.max(actuals.length - 1, 0)), ...(last ? [last.revenue] : []), ...forecast.days.map((d) => d.revenue)],
    // The band is drawn as the low line plus the range above it, stacked.
    low: [...gap(actuals.length), ...forecast.days.map((d) => d.low)],
    range: [...gap(actuals.length), ...forecast.days.map((d) => d.high - d.low)],
  };
}

const grid = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };
const BAND_COLOUR = '#8c8c8c';

/** The last days' actual revenue, the next days' forecast (dashed) and its low–high band. */
export function forecastOption(view: ForecastView, values: ValueFormat): EChartsOption {
  const s = forecastSeries(view);
  const actualCount = view.actuals.length;
  const band = { type: 'line' as const, stack: 'band', name: 'Range', symbol: 'none', lineStyle: { opacity: 0 }, color: BAND_COLOUR };
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const i = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? 0;
        const head = formatDayMonth(s.days[i] ?? '');
        if (i < actualCount) return `${head}<br/>Actual: <b>${values.format(view.actuals[i]!.revenue)}</b>`;
        const d = view.forecast.days[i - actualCount]!;
        return `${head}<br/>Forecast: <b>${values.format(d.revenue)}</b><br/>Range: ${values.format(d.low)} – ${values.format(d.high)}`;
      },
    },
    legend: { top: 0, data: ['Actual', 'Forecast', 'Range'] },
    grid,
    xAxis: { type: 'category', data: s.days.map(formatDayMonth), boundaryGap: false, axisLabel: { hideOverlap: true } },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { formatter: (v: number) => (values.axisFormat ?? values.format)(v) },
    },
    series: [
      { ...band, data: s.low },
      { ...band, data: s.range, areaStyle: { opacity: 0.25 } },
      { type: 'line', name: 'Actual', data: s.actual, showSymbol: false },
      { type: 'line', name: 'Forecast', data: s.forecast, showSymbol: false, lineStyle: { type: 'dashed' } },
    ],
  };
}

/** "Backtest error (MAPE) 8.4%", or "n/a" without a backtest day with revenue. */
export const backtestText = (mape: number | null) => `Backtest error (MAPE) ${mape === null ? 'n/a' : formatPercent(mape)}`;
