import type { EChartsOption } from 'echarts';
import type { Bucket, Grouping } from '../analytics.contract';
import { formatDay, formatDayMonth, formatMonth } from './format';

// ECharts options of the dashboard and the analytics pages. Here, beside the contract, because the
// server renders the same options into PDF exports; pure data and formatters, no ECharts runtime.

/** Chart heights: 220 px for a pie, 300 for a line, 350 for bars and the revenue lines. */
export const CHART_HEIGHT = { pie: 220, line: 300, bar: 350 } as const;

/** An axis label for a bucket: its day ("16 Nov"), its week's first day, or its month ("Nov 2026"). */
export function bucketLabel(bucket: Bucket, grouping: Grouping): string {
  return grouping === 'monthly' ? formatMonth(bucket.start_date) : formatDayMonth(bucket.start_date);
}

/** Compact enough for a 375 px wide chart: the grid keeps room for axis labels, the legend sits on top. */
const grid = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };

export function pieOption(slices: { name: string; value: number }[], format: (value: number) => string): EChartsOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: (v) => format(Number(v)) },
    legend: { bottom: 0 },
    series: [{ type: 'pie', radius: [0, 70], center: ['50%', '45%'], data: slices, label: { show: false } }],
  };
}

/** How a chart shows its values: `format` in tooltips, `axisFormat` (default `format`) on the value axis, `axisName` above it. */
export type ValueFormat = { format: (value: number) => string; axisFormat?: (value: number) => string; axisName?: string };

// Every value axis is labelled in whole units (dollars, orders, guests, hours): a tick between two of them
// would repeat a label, as all-zero data did ($0, $0, $0, $1, $1, $1 for ECharts' 0.2 steps).
function valueAxis({ format, axisFormat = format, axisName }: ValueFormat) {
  return { type: 'value' as const, name: axisName, minInterval: 1, axisLabel: { formatter: (v: number) => axisFormat(v) } };
}

/** The comparison window's days as its lines' legend entry names them: "9 Nov – 15 Nov 2026". */
export const comparisonDays = (previous: { start_date: string; end_date: string }) =>
  `${formatDayMonth(previous.start_date)} – ${formatDay(previous.end_date)}`;

/** A line of a chart; `compared`: the comparison window's days, when it is that window's line of `name`. */
export type LineSeries = { name: string; values: number[]; compared?: string };

/** The comparison lines' grey: they are the background the window's own lines are read against. */
const COMPARED_COLOUR = '#8c8c8c';

/**
 * Lines per bucket. The comparison window's lines are grey and dashed, and share one legend entry naming
 * their days (one entry hides or shows them all, and the legend stays one row at 375 px); the tooltip
 * names each in full.
 */
export function lineOption(categories: string[], series: LineSeries[], values: ValueFormat): EChartsOption {
  // Full names for the tooltip: "Dine-In (9 Nov – 15 Nov 2026)".
  const labels = series.map(({ name, compared }) => (compared ? `${name} (${compared})` : name));
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const rows = (Array.isArray(params) ? params : [params]) as {
          axisValueLabel?: string;
          marker?: unknown;
          seriesIndex?: number;
          value?: unknown;
        }[];
        const lines = rows.map((p) => `${String(p.marker ?? '')}${labels[p.seriesIndex ?? 0]}: <b>${values.format(Number(p.value))}</b>`);
        return [rows[0]?.axisValueLabel ?? '', ...lines].join('<br/>');
      },
    },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: categories, boundaryGap: false, axisLabel: { hideOverlap: true } },
    yAxis: valueAxis(values),
    series: series.map(({ name, values: data, compared }) =>
      compared
        ? {
            type: 'line',
            name: compared,
            data,
            smooth: true,
            showSymbol: false,
            color: COMPARED_COLOUR,
            lineStyle: { type: 'dashed', width: 1.5 },
          }
        : { type: 'line', name, data, smooth: true, showSymbol: data.length <= 14 },
    ),
  };
}

/** Horizontal bars, first category on top: every category keeps a readable label, even at 375 px. */
export function barOption(categories: string[], series: { name: string; values: number[] }[], values: ValueFormat): EChartsOption {
  const axis = valueAxis(values);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => values.format(Number(v)) },
    legend: series.length > 1 ? { top: 0 } : undefined,
    // Room below for the value axis' name, which sits under its labels.
    grid: { ...grid, top: series.length > 1 ? 32 : 8, right: 24, bottom: values.axisName ? 28 : 8 },
    xAxis: { ...axis, nameLocation: 'middle', nameGap: 28, axisLabel: { ...axis.axisLabel, hideOverlap: true } },
    yAxis: { type: 'category', data: categories, inverse: true },
    series: series.map(({ name, values: data }) => ({ type: 'bar', name, data, barMaxWidth: 28 })),
  };
}

/** "Noah Williams" → "Noah W.": leaves the bars room at 375 px. */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1 ? `${parts[0]} ${parts.at(-1)!.charAt(0)}.` : name;
}
