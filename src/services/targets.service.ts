import type { AnalyticsQuery } from '@contract/analytics.contract';
import { addressOf } from '@contract/api/call';
import type { ForecastAnswer, TargetsAnswer, TargetsGrid, TargetsWriteResult } from '@contract/api/targets.calls';
import type { ExportFormat } from '@contract/page-reports.contract';
import { MAX_FORECAST_DAYS, type ConsoleTargetsInput } from '@contract/targets.contract';
import { callApi, withDefaultMessage } from './api-error';
import { callsOf } from './call';
import { httpClient, type FileClient, type HttpClient } from './http-client';
import { EXPORT_FAILED, EXPORT_TIMEOUT_MS, filenameFromDisposition, type ExportFile } from './page-reports.service';

/** Defaults used when the server sent no message (docs/product.md#targets-and-variance). */
export const TARGET_ERRORS = {
  grid: 'Failed to fetch targets',
  save: 'Failed to save the targets',
  targets: 'Failed to fetch revenue against target',
  forecast: 'Failed to fetch the forecast',
} as const;

/** The Targets page's calls: its month's grid, its save, revenue against target and its files; each rejects with ApiError. */
export function createTargetsService(client: HttpClient & FileClient) {
  const call = callsOf(client);
  /** The path of revenue against target, or (`file`) of its export, franchise-wide or for one branch. */
  const pathOf = (restaurantId: number | null, file: boolean) =>
    restaurantId === null
      ? addressOf(`GET /franchise/analytics/targets${file ? '/export' : ''}`).path
      : addressOf(`GET /franchise/restaurants/{id}/analytics/targets${file ? '/export' : ''}`, { id: restaurantId }).path;
  return {
    /** A month's targets of the member's branches ('YYYY-MM'), with the grid's version to name when saving. */
    getTargetsGrid: (month: string) => callApi<TargetsGrid>(TARGET_ERRORS.grid, () => call('GET /franchise/targets', { query: { month } })),
    /** Upserts targets; with the grid's `version`, a save after someone else's is a 409. */
    saveTargets: (body: ConsoleTargetsInput) =>
      callApi<TargetsWriteResult>(TARGET_ERRORS.save, () => call('PUT /franchise/targets', { body })),
    /** The branch's forecast of as many days ahead as the call gives: a month's later days are often beyond it. */
    getForecast: (restaurantId: number) =>
      callApi<ForecastAnswer>(TARGET_ERRORS.forecast, () =>
        call('GET /franchise/restaurants/{id}/analytics/forecast', { params: { id: restaurantId }, query: { days: MAX_FORECAST_DAYS } }),
      ),
    /** Revenue against target over the query's window, franchise-wide or for one branch. */
    getTargets: (query: AnalyticsQuery, restaurantId: number | null = null) =>
      callApi<TargetsAnswer>(TARGET_ERRORS.targets, () => client.request<TargetsAnswer>(pathOf(restaurantId, false), { query })),
    /** The Targets page as a CSV or PDF file of those filters. */
    exportTargets: async (query: AnalyticsQuery, format: ExportFormat, restaurantId: number | null = null): Promise<ExportFile> => {
      try {
        const { blob, headers } = await client.download(pathOf(restaurantId, true), {
          query: { ...query, format },
          timeout: EXPORT_TIMEOUT_MS,
        });
        return { blob, filename: filenameFromDisposition(headers.get('Content-Disposition')) ?? `targets.${format}` };
      } catch (error) {
        throw withDefaultMessage(error, EXPORT_FAILED);
      }
    },
  };
}

export type TargetsService = ReturnType<typeof createTargetsService>;

export const targetsService = createTargetsService(httpClient);
