import type { EChartsOption, ScatterSeriesOption } from 'echarts';
import type { Bucket, Grouping, HoursCell } from '../analytics.contract';
import { dayRangeLabel, isPartialBucket } from './buckets';
import { formatCurrency, formatDay, formatDayMonth, formatMonth, formatNumber, hourLabel } from './format';

// ECharts options of the dashboard and the analytics pages. Here, beside the contract, because the
// server renders the same options into PDF exports; pure data and formatters, no ECharts runtime.

/** Chart heights: 220 px for a pie, 300 for a line and the hours heatmap, 350 for bars, the revenue lines and the menu scatter. */
export const CHART_HEIGHT = { pie: 220, line: 300, bar: 350, heatmap: 300, scatter: 350 } as const;

/**
 * An axis label for a bucket: its day ("16 Nov"), its week's first day, or its month ("Nov 2026"); a week
 * or month clipped to the window, its days ("29–31 Aug"), as the server's labels name them.
 */
export function bucketLabel(bucket: Bucket, grouping: Grouping): string {
  if (isPartialBucket(grouping, bucket)) return dayRangeLabel(bucket);
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

/**
 * A line of a chart; `compared`: the comparison window's days, when it is that window's line of `name`; `dashed`: a
 * reference the other lines are read against (a target).
 */
export type LineSeries = { name: string; values: number[]; compared?: string; dashed?: boolean };

/** The comparison lines' grey: they are the background the window's own lines are read against. */
const COMPARED_COLOUR = '#8c8c8c';

/**
 * Where a partial bucket's segments run: each run of segments touching one, as the indices of its points
 * ([P, W, W, P] → [0, 1] and [2, 3]; [P, W, P] → [0, 1, 2]).
 */
function partialRuns(count: number, partial: readonly boolean[]): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  for (let i = 0; i < count; i++) {
    const touches = partial[i] === true || partial[i - 1] === true || partial[i + 1] === true;
    // A point joins the run when the segment from the previous point touches a partial bucket.
    if (run.length && (partial[i] === true || partial[i - 1] === true)) run.push(i);
    else {
      if (run.length) runs.push(run);
      run = touches ? [i] : [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

/**
 * Lines per bucket. The comparison window's lines are grey and dashed, and share one legend entry naming
 * their days (one entry hides or shows them all, and the legend stays one row at 375 px); the tooltip
 * names each in full.
 *
 * `partial`: the buckets with fewer days than a whole one (a clipped first or last week or month,
 * docs/product.md#periods). Their values stay the true totals, but no solid line reaches them: the
 * segments touching one are dotted lines of their own (same name, so the same colour and legend entry),
 * and their tooltip says "(partial)".
 */
export function lineOption(
  categories: string[],
  series: LineSeries[],
  values: ValueFormat,
  partial: readonly boolean[] = [],
): EChartsOption {
  // Full names for the tooltip: "Dine-In (9 Nov – 15 Nov 2026)".
  const labels = series.map(({ name, compared }) => (compared ? `${name} (${compared})` : name));
  const isPartial = (i: number) => partial[i] === true;
  const runs = partialRuns(categories.length, partial);
  const line = ({ name, compared, dashed }: LineSeries, data: (number | null)[]) =>
    compared
      ? {
          type: 'line' as const,
          name: compared,
          data,
          smooth: true,
          showSymbol: false,
          color: COMPARED_COLOUR,
          lineStyle: { type: 'dashed' as const, width: 1.5 },
        }
      : dashed
        ? { type: 'line' as const, name, data, showSymbol: false, lineStyle: { type: 'dashed' as const, width: 1.5 } }
        : { type: 'line' as const, name, data, smooth: true, showSymbol: data.length <= 14 };
  const solid = series.map((s) => line(s, runs.length ? s.values.map((v, i) => (isPartial(i) ? null : v)) : s.values));
  const dotted = runs.flatMap((run) =>
    series.map((s) => {
      const drawn = line(
        s,
        s.values.map((v, i) => (run.includes(i) ? v : null)),
      );
      return { ...drawn, lineStyle: { ...('lineStyle' in drawn ? drawn.lineStyle : {}), type: 'dotted' as const } };
    }),
  );
  // The series each drawn line belongs to, for the tooltip's one row per series.
  const origin = [...series.keys(), ...runs.flatMap(() => [...series.keys()])];
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const rows = (Array.isArray(params) ? params : [params]) as {
          axisValueLabel?: string;
          dataIndex?: number;
          marker?: unknown;
          seriesIndex?: number;
          value?: unknown;
        }[];
        const shown = new Set<number>();
        const lines = rows.flatMap((p) => {
          const of = origin[p.seriesIndex ?? 0] ?? 0;
          if (shown.has(of) || (runs.length && (p.value === null || p.value === undefined || p.value === '-'))) return [];
          shown.add(of);
          return [`${String(p.marker ?? '')}${labels[of]}: <b>${values.format(Number(p.value))}</b>`];
        });
        const head = rows[0]?.axisValueLabel ?? '';
        return [isPartial(rows[0]?.dataIndex ?? -1) ? `${head} (partial)` : head, ...lines].join('<br/>');
      },
    },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: categories, boundaryGap: false, axisLabel: { hideOverlap: true } },
    yAxis: valueAxis(values),
    series: [...solid, ...dotted],
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

/** A point of a scatter: its name, position and the group that colours it. */
export type ScatterPoint = { name: string; x: number; y: number; group: string };
type ScatterAxis = ValueFormat & { label: string };

/** The Menu Engineering quadrants' colours by class label: stars green, plowhorses blue, puzzles orange, dogs red. */
const GROUP_COLOURS: Record<string, string> = { Star: '#2f9e44', Plowhorse: '#1c7ed6', Puzzle: '#f08c00', Dog: '#e03131' };
/**
 * Each quadrant's name and where it sits, from its top-left corner to its bottom-right one (null: the threshold; 'lo'
 * and 'hi': the axis' ends), so ECharts' inside positions are the quadrant's own corners.
 */
const QUADRANTS = [
  { name: 'Stars', from: [null, 'hi'], to: ['hi', null], position: 'insideTopRight' },
  { name: 'Puzzles', from: ['lo', 'hi'], to: [null, null], position: 'insideTopLeft' },
  { name: 'Plowhorses', from: [null, null], to: ['hi', 'lo'], position: 'insideBottomRight' },
  { name: 'Dogs', from: ['lo', null], to: [null, 'lo'], position: 'insideBottomLeft' },
] as const;

/** An axis' whole-number ends around `values` with a tenth of their spread to spare (one unit when they are all equal), never below 0 for values that are not. */
function axisEnds(values: readonly number[]): { lo: number; hi: number } {
  if (values.length === 0) return { lo: 0, hi: 1 };
  const [min, max] = [Math.min(...values), Math.max(...values)];
  const pad = (max - min) / 10 || Math.max(Math.abs(max) / 10, 1);
  const lo = Math.floor(min - pad);
  return { lo: min >= 0 ? Math.max(0, lo) : lo, hi: Math.ceil(max + pad) };
}

/**
 * A scatter of named points coloured by group (one legend entry per group), divided at `thresholds` into four
 * labelled quadrants: the Menu Engineering matrix, popularity across and margin per unit up. The tooltip names the point.
 */
export function scatterOption(
  points: readonly ScatterPoint[],
  axes: { x: ScatterAxis; y: ScatterAxis },
  thresholds: readonly [number, number] | null,
): EChartsOption {
  const groups = [...new Set(points.map((p) => p.group))];
  const inGroup = groups.map((group) => points.filter((p) => p.group === group));
  // Fixed ends, so the quadrants reach the plot's edges and their names sit in its corners.
  const xEnds = axisEnds([...points.map((p) => p.x), ...(thresholds ? [thresholds[0]] : [])]);
  const yEnds = axisEnds([...points.map((p) => p.y), ...(thresholds ? [thresholds[1]] : [])]);
  const quadrants = thresholds
    ? {
        silent: true,
        itemStyle: { color: 'transparent' },
        label: { color: '#868e96', fontSize: 11 },
        // ECharts' corner type does not list 'min' and 'max', which it reads as the axis' ends.
        data: QUADRANTS.map((q) => {
          const at = (corner: readonly [string | null, string | null]) => ({
            xAxis: corner[0] === null ? thresholds[0] : xEnds[corner[0] as 'lo' | 'hi'],
            yAxis: corner[1] === null ? thresholds[1] : yEnds[corner[1] as 'lo' | 'hi'],
          });
          return [{ name: q.name, ...at(q.from), label: { position: q.position } }, at(q.to)];
        }) as NonNullable<NonNullable<ScatterSeriesOption['markArea']>['data']>,
      }
    : undefined;
  const lines = thresholds
    ? {
        silent: true,
        symbol: 'none',
        lineStyle: { type: 'dashed' as const, color: '#868e96' },
        label: { show: false },
        data: [{ xAxis: thresholds[0] }, { yAxis: thresholds[1] }],
      }
    : undefined;
  // The x axis is named under its middle, the y axis above its top, where a long name has room at 375 px.
  const axis = (a: ScatterAxis, name: 'x' | 'y') => ({
    type: 'value' as const,
    min: (name === 'x' ? xEnds : yEnds).lo,
    max: (name === 'x' ? xEnds : yEnds).hi,
    name: a.label,
    nameLocation: name === 'x' ? ('middle' as const) : ('end' as const),
    nameGap: name === 'x' ? 28 : 12,
    nameTextStyle: name === 'y' ? { align: 'left' as const } : undefined,
    axisLabel: { formatter: (v: number) => (a.axisFormat ?? a.format)(v), hideOverlap: true },
  });
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const { seriesIndex, dataIndex } = p as { seriesIndex: number; dataIndex: number };
        const point = inGroup[seriesIndex]![dataIndex]!;
        return `<b>${point.name}</b>${point.group ? ` · ${point.group}` : ''}<br/>${axes.x.label}: ${axes.x.format(point.x)}<br/>${axes.y.label}: ${axes.y.format(point.y)}`;
      },
    },
    legend: groups.length > 1 ? { top: 0 } : undefined,
    grid: { left: 16, right: 24, top: groups.length > 1 ? 56 : 32, bottom: 36, containLabel: true },
    xAxis: axis(axes.x, 'x'),
    yAxis: axis(axes.y, 'y'),
    series: groups.map((group, i): ScatterSeriesOption => ({
      type: 'scatter',
      name: group || axes.y.label,
      symbolSize: 12,
      ...(GROUP_COLOURS[group] ? { color: GROUP_COLOURS[group] } : {}),
      data: inGroup[i]!.map((p) => ({ name: p.name, value: [p.x, p.y] })),
      ...(i === 0 && quadrants ? { markArea: quadrants, markLine: lines } : {}),
    })),
  };
}

/** "Noah Williams" → "Noah W.": leaves the bars room at 375 px. */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1 ? `${parts[0]} ${parts.at(-1)!.charAt(0)}.` : name;
}

/** What the hours heatmap colours its cells by. */
export const HEATMAP_MEASURES = ['orders', 'revenue'] as const;
export type HeatmapMeasure = (typeof HEATMAP_MEASURES)[number];
export const HEATMAP_MEASURE_LABELS: Record<HeatmapMeasure, string> = { orders: 'Orders', revenue: 'Revenue' };
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const measureText = (measure: HeatmapMeasure, value: number) =>
  measure === 'orders' ? `${formatNumber(value)} ${value === 1 ? 'order' : 'orders'}` : formatCurrency(value);

/**
 * The weekday × hour heatmap (docs/product.md#hours): hours across, Monday on top, each cell coloured by `measure`
 * from nothing (pale) to the busiest cell (dark); the tooltip gives both figures of the hour.
 */
export function heatmapOption(cells: readonly HoursCell[], measure: HeatmapMeasure): EChartsOption {
  const max = Math.max(1, ...cells.map((c) => c[measure]));
  return {
    tooltip: {
      formatter: (p) => {
        const cell = cells[(p as { dataIndex: number }).dataIndex]!;
        return `${WEEKDAYS[cell.weekday - 1]} ${hourLabel(cell.hour)}–${hourLabel((cell.hour + 1) % 24)}<br/>${measureText('orders', cell.orders)} · ${measureText('revenue', cell.revenue)}`;
      },
    },
    grid: { left: 8, right: 8, top: 8, bottom: 56, containLabel: true },
    xAxis: { type: 'category', data: Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')), splitArea: { show: true } },
    yAxis: { type: 'category', data: WEEKDAYS, inverse: true, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      text: [measureText(measure, max), '0'],
      inRange: { color: ['#f1f3f5', '#74c0fc', '#1864ab'] },
    },
    series: [
      {
        type: 'heatmap',
        name: HEATMAP_MEASURE_LABELS[measure],
        data: cells.map((c) => [c.hour, c.weekday - 1, c[measure]]),
        emphasis: { itemStyle: { borderColor: '#212529', borderWidth: 1 } },
      },
    ],
  };
}

/** The heatmap in words, for screen readers: each weekday's busiest hour and total. */
export function heatmapDescription(cells: readonly HoursCell[], measure: HeatmapMeasure): string {
  return WEEKDAYS.map((day, i) => {
    const ofDay = cells.filter((c) => c.weekday === i + 1);
    const total = ofDay.reduce((sum, c) => sum + c[measure], 0);
    if (total === 0) return `${day}: no trade`;
    const peak = ofDay.reduce((best, c) => (c[measure] > best[measure] ? c : best));
    return `${day}: ${measureText(measure, measure === 'revenue' ? Math.round(total * 100) / 100 : total)}, busiest ${hourLabel(peak.hour)} (${measureText(measure, peak[measure])})`;
  }).join('; ');
}
