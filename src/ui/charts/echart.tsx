import { Box, Skeleton, useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import type { EChartsOption } from 'echarts';
import { Suspense, useId } from 'react';
import { drawsMore, EChartRenderer, EChartRendererMore } from './lazy-renderer';

export type EChartProps = {
  option: EChartsOption;
  /** The chart's accessible name. */
  label: string;
  /** Its figures in words, for screen readers (the drawing itself is hidden from them). */
  description?: string;
  height: number;
};

/**
 * A chart as one image with a name and a description; it fills its container's width, follows it when it
 * resizes, and uses ECharts' dark theme in the dark colour scheme.
 */
export function EChart({ option, label, description, height }: EChartProps) {
  const scheme = useComputedColorScheme('light');
  const descriptionId = useId();
  const dark = scheme === 'dark';
  return (
    <Box role="img" aria-label={label} aria-describedby={description ? descriptionId : undefined} style={{ height, minWidth: 0 }}>
      {description && <VisuallyHidden id={descriptionId}>{description}</VisuallyHidden>}
      <Suspense fallback={<Skeleton h={height} />}>
        {drawsMore(option) ? (
          <EChartRendererMore option={option} height={height} dark={dark} />
        ) : (
          <EChartRenderer option={option} height={height} dark={dark} />
        )}
      </Suspense>
    </Box>
  );
}
