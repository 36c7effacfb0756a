import type { EChartsOption } from 'echarts';
import { preloadable } from '../preloadable';

/**
 * The ECharts instance behind `EChart`, loaded with the first chart drawn, never with the pages that have none (the
 * sign-in page above all); `preload` fetches it ahead, while a page with charts is still on its way.
 */
export const EChartRenderer = preloadable(() => import('./echart-renderer'));

/** The same with the parts of a heatmap or a scatter, loaded only with a chart that draws one. */
export const EChartRendererMore = preloadable(() => import('./echart-renderer-more'));

const MORE = new Set(['heatmap', 'scatter']);

/** Whether `option` draws a heatmap or a scatter, which EChartRendererMore draws. */
export function drawsMore(option: EChartsOption): boolean {
  const series = option.series === undefined ? [] : Array.isArray(option.series) ? option.series : [option.series];
  return option.visualMap !== undefined || series.some((s) => MORE.has(s.type ?? ''));
}
