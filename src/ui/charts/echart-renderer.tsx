import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsOption } from 'echarts';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';

// Only what the console draws: the full `echarts` entry is about twice the size.
echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

const OPTS = { renderer: 'svg' } as const;

/** The ECharts instance behind `EChart` (lazy-loaded with it); resizes with its container through echarts-for-react's size sensor. */
export default function EChartRenderer({
  option,
  height,
  dark,
  ariaDescription,
}: {
  option: EChartsOption;
  height: number;
  dark: boolean;
  ariaDescription: string;
}) {
  const full = useMemo<EChartsOption>(
    // Transparent so the chart sits on its card's own background in either scheme.
    () => ({ backgroundColor: 'transparent', ...option, aria: { enabled: true, label: { description: ariaDescription } } }),
    [option, ariaDescription],
  );
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={full}
      theme={dark ? 'dark' : undefined}
      notMerge
      opts={OPTS}
      style={{ height, width: '100%' }}
    />
  );
}
