import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import type { EChartsOption } from 'echarts';
import { getInstanceByDom } from 'echarts/core';
import { describe, expect, it } from 'vitest';
import { EChart } from '../../src/ui/charts/echart';
import EChartRenderer from '../../src/ui/charts/echart-renderer';
import { drawsMore } from '../../src/ui/charts/lazy-renderer';

const option = {
  xAxis: { type: 'category' as const, data: ['Mon', 'Tue'] },
  yAxis: { type: 'value' as const },
  series: [{ type: 'line' as const, name: 'Orders', data: [3, 5] }],
};

function renderChart(scheme: 'light' | 'dark') {
  return render(
    <MantineProvider env="test" forceColorScheme={scheme}>
      <EChart option={option} label="Orders per day" description="Mon: 3, Tue: 5" height={300} />
    </MantineProvider>,
  );
}

/** The lazily loaded ECharts instance's SVG, once drawn with its axis labels. */
async function drawnSvg(): Promise<SVGSVGElement> {
  await waitFor(() => expect(screen.getByRole('img', { name: 'Orders per day' }).querySelector('svg text')).not.toBeNull(), {
    timeout: 5000,
  });
  return screen.getByRole('img', { name: 'Orders per day' }).querySelector('svg')!;
}

/** The colour of the value axis' labels (happy-dom lays out no width, so the category axis draws none). */
const axisLabelFill = (svg: SVGSVGElement) => svg.querySelector('text')!.getAttribute('fill');

describe('EChart', () => {
  it('is one image named by its label and described by its figures, at the height asked', () => {
    renderChart('light');
    const chart = screen.getByRole('img', { name: 'Orders per day' });
    expect(chart).toHaveAccessibleDescription('Mon: 3, Tue: 5');
    expect(chart.style.height).toBe('300px');
  });

  it('draws with the SVG renderer, inside the one image (no second role="img" from ECharts)', async () => {
    renderChart('light');
    const svg = await drawnSvg();
    expect(svg.querySelectorAll('text').length).toBeGreaterThan(0);
    const chart = screen.getByRole('img', { name: 'Orders per day' });
    expect(chart.querySelector('canvas')).toBeNull();
    expect(chart.querySelectorAll('[role="img"], [aria-label]')).toHaveLength(0);
  });

  it("uses ECharts' dark theme in the dark scheme", async () => {
    const light = renderChart('light');
    const lightFill = axisLabelFill(await drawnSvg());
    light.unmount();
    renderChart('dark');
    const darkFill = axisLabelFill(await drawnSvg());
    expect(lightFill).toBeTruthy();
    expect(darkFill).toBeTruthy();
    expect(darkFill).not.toBe(lightFill);
  });

  it('unmounted just as its sizing instance finished: no error, and no instance left on its element', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const view = render(<EChartRenderer option={option} height={300} dark={false} />);
      const element = view.container.querySelector<HTMLElement>('.echarts-for-react')!;
      // The sizing instance finishes and the chart unmounts before the awaited setup goes on.
      getInstanceByDom(element)!.trigger('finished');
      view.unmount();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rejections.map(String)).toEqual([]);
      expect(getInstanceByDom(element)).toBeUndefined();
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
  it('draws a heatmap and a scatter with the parts that load with them only, not with the dashboard’s charts', async () => {
    const heatmap: EChartsOption = {
      xAxis: { type: 'category' as const, data: ['11', '12'] },
      yAxis: { type: 'category' as const, data: ['Mon'] },
      visualMap: { min: 0, max: 5, show: false },
      series: [
        {
          type: 'heatmap' as const,
          data: [
            [0, 0, 3],
            [1, 0, 5],
          ],
        },
      ],
    };
    const scatter: EChartsOption = {
      xAxis: { type: 'value' },
      yAxis: { type: 'value' },
      series: [
        {
          type: 'scatter',
          data: [
            [1, 2],
            [3, 4],
          ],
          markArea: {
            data: [
              [
                { xAxis: 0, yAxis: 0 },
                { xAxis: 2, yAxis: 3 },
              ],
            ],
          },
          markLine: { data: [{ xAxis: 2 }] },
        },
      ],
    };
    expect([option as EChartsOption, heatmap, scatter].map(drawsMore)).toEqual([false, true, true]);
    for (const [label, drawn, type] of [
      ['Orders by hour', heatmap, 'heatmap'],
      ['Menu', scatter, 'scatter'],
    ] as const) {
      render(
        <MantineProvider env="test">
          <EChart option={drawn} label={label} height={300} />
        </MantineProvider>,
      );
      // The series is ECharts' own only once its chart type is registered.
      await waitFor(
        () => {
          const element = screen.getByRole('img', { name: label }).querySelector<HTMLElement>('.echarts-for-react');
          const instance = element ? getInstanceByDom(element) : undefined;
          expect(instance?.getOption().series).toEqual([expect.objectContaining({ type })]);
          expect(screen.getByRole('img', { name: label }).querySelectorAll('svg path').length).toBeGreaterThan(1);
        },
        { timeout: 5000 },
      );
    }
  });
});
