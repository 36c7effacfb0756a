import { preloadable } from '../preloadable';

/**
 * The ECharts instance behind `EChart`, loaded with the first chart drawn, never with the pages that have none (the
 * sign-in page above all); `preload` fetches it ahead, while a page with charts is still on its way.
 */
export const EChartRenderer = preloadable(() => import('./echart-renderer'));
