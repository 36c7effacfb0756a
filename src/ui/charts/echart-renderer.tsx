import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { dispose, getInstanceByDom, init, use as registerParts } from 'echarts/core';
import type { EChartsOption } from 'echarts';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';

// Only what the dashboard's charts draw: the full `echarts` entry is about twice the size, and the parts of the
// pages' other charts come with them (echart-renderer-more.tsx). Legends hold a couple of entries, so the plain
// legend, not the scrolling one (LegendComponent registers both; 1.7 kB brotli).
// No AriaComponent: its label would make ECharts' container a second role="img" inside EChart's own, which
// already carries the chart's name and description.
registerParts([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendPlainComponent, SVGRenderer]);

const OPTS = { renderer: 'svg' } as const;
// echarts-for-react draws a chart first into a sizing instance, swaps it for the real one when that one has finished,
// and sets the option after an await. A chart unmounted within that await has no element any more (its ref is null),
// and ECharts' getInstanceByDom(null) throws: the option goes to this stand-in instead, which drops it. The real
// instance was disposed by the unmount.
const GONE = { setOption() {}, showLoading() {}, hideLoading() {} };
// The three calls echarts-for-react makes: handing it the whole `echarts/core` namespace kept every export of it (about 35 kB brotli).
const ECHARTS = { init, dispose, getInstanceByDom: (element: HTMLElement | null) => (element ? getInstanceByDom(element) : GONE) };

/** The ECharts instance behind `EChart` (lazy-loaded with it); resizes with its container through echarts-for-react's size sensor. */
export default function EChartRenderer({ option, height, dark }: { option: EChartsOption; height: number; dark: boolean }) {
  // Transparent so the chart sits on its card's own background in either scheme.
  const full = useMemo<EChartsOption>(() => ({ backgroundColor: 'transparent', ...option }), [option]);
  return (
    <ReactEChartsCore
      echarts={ECHARTS}
      option={full}
      theme={dark ? 'dark' : undefined}
      notMerge
      opts={OPTS}
      style={{ height, width: '100%' }}
    />
  );
}
