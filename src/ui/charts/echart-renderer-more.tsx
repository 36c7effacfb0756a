import { HeatmapChart, ScatterChart } from 'echarts/charts';
import { MarkAreaComponent, MarkLineComponent, VisualMapContinuousComponent } from 'echarts/components';
import { use as registerParts } from 'echarts/core';

// The parts of the pages' heatmap and scatter, which the dashboard never draws: registered with ECharts (for every
// instance) when the first such chart loads. The heatmap's colour scale is the continuous visual map only
// (VisualMapComponent would add the piecewise one too); the menu scatter's quadrants are a mark area and its
// thresholds mark lines.
registerParts([HeatmapChart, ScatterChart, MarkAreaComponent, MarkLineComponent, VisualMapContinuousComponent]);

export { default } from './echart-renderer';
