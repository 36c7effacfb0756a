import type { EChartsOption } from 'echarts';
import type { Bucket, Grouping } from '../../../server/contract/analytics.contract';

/** Chart heights of spec §9. */
export const CHART_HEIGHT = { pie: 220, line: 300, bar: 350 } as const;

const DAY = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** An axis label for a bucket: its day ("16 Nov"), its week's first day, or its month ("Nov 2026"). */
export function bucketLabel(bucket: Bucket, grouping: Grouping): string {
  const date = new Date(`${bucket.start_date}T00:00:00Z`);
  return grouping === 'monthly' ? MONTH.format(date) : DAY.format(date);
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

export function lineOption(
  categories: string[],
  series: { name: string; values: number[] }[],
  format: (value: number) => string,
  axisName?: string,
): EChartsOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => format(Number(v)) },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: categories, boundaryGap: false, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: axisName, axisLabel: { formatter: (v: number) => format(v) } },
    series: series.map(({ name, values }) => ({ type: 'line', name, data: values, smooth: true, showSymbol: values.length <= 14 })),
  };
}

export function barOption(
  categories: string[],
  series: { name: string; values: number[] }[],
  format: (value: number) => string,
  axisName?: string,
): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => format(Number(v)) },
    legend: series.length > 1 ? { top: 0 } : undefined,
    grid: { ...grid, top: axisName || series.length > 1 ? 48 : 16 },
    xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, hideOverlap: true, width: 72, overflow: 'truncate' } },
    yAxis: { type: 'value', name: axisName, axisLabel: { formatter: (v: number) => format(v) } },
    series: series.map(({ name, values }) => ({ type: 'bar', name, data: values, barMaxWidth: 28 })),
  };
}
