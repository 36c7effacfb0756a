import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { dispose, init, use as registerParts, type ECharts } from 'echarts/core';
import type { EChartsOption } from 'echarts';
import { SVGRenderer } from 'echarts/renderers';
import { useLayoutEffect, useRef } from 'react';

// Only what the console draws: the full `echarts` entry is about twice the size. Legends hold a couple of
// entries, so the plain legend, not the scrolling one (LegendComponent registers both; 1.7 kB brotli).
// No AriaComponent: its label would make ECharts' container a second role="img" inside EChart's own, which
// already carries the chart's name and description.
registerParts([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendPlainComponent, SVGRenderer]);

const OPTS = { renderer: 'svg' } as const;

/**
 * The ECharts instance behind `EChart` (lazy-loaded with it), drawn in the commit that mounts it and resized with its
 * container. Not echarts-for-react: it draws a throwaway instance first and the real one a frame later.
 */
export default function EChartRenderer({ option, height, dark }: { option: EChartsOption; height: number; dark: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  // ECharts takes a theme only when an instance is made: a new one per colour scheme.
  useLayoutEffect(() => {
    const element = box.current!;
    const instance = init(element, dark ? 'dark' : undefined, OPTS);
    chart.current = instance;
    let size = `${element.clientWidth}x${element.clientHeight}`;
    // The observer's first report is the size drawn at; a resize then would cut the entry animation short.
    const observer = new ResizeObserver(() => {
      const now = `${element.clientWidth}x${element.clientHeight}`;
      if (now === size) return;
      size = now;
      instance.resize();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      dispose(instance);
      chart.current = null;
    };
  }, [dark]);

  useLayoutEffect(() => {
    // Transparent so the chart sits on its card's own background in either scheme.
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option, dark]);

  return <div ref={box} style={{ height, width: '100%' }} />;
}
