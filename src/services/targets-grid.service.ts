import type { ForecastAnswer, TargetsGrid, TargetsWriteResult } from '@contract/api/targets.calls';
import { MAX_FORECAST_DAYS, type ConsoleTargetsInput } from '@contract/targets.contract';
import { callApi } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

/** Defaults used when the server sent no message. */
export const TARGETS_GRID_ERRORS = {
  grid: 'Failed to fetch the targets',
  forecast: 'Failed to fetch the forecast',
  save: 'Failed to save the targets',
} as const;

/** The Targets page's calls (docs/product.md#targets-page); each rejects with ApiError carrying the server's message or its default. */
export function createTargetsGridService(client: HttpClient) {
  const call = callsOf(client);
  return {
    getTargetsGrid: (month: string) =>
      callApi<TargetsGrid>(TARGETS_GRID_ERRORS.grid, () => call('GET /franchise/targets', { query: { month } })),
    /** The branch's forecast of as many days ahead as the call gives: a month's later days are often beyond it. */
    getForecast: (restaurantId: number) =>
      callApi<ForecastAnswer>(TARGETS_GRID_ERRORS.forecast, () =>
        call('GET /franchise/restaurants/{id}/analytics/forecast', { params: { id: restaurantId }, query: { days: MAX_FORECAST_DAYS } }),
      ),
    saveTargets: (body: ConsoleTargetsInput) =>
      callApi<TargetsWriteResult>(TARGETS_GRID_ERRORS.save, () => call('PUT /franchise/targets', { body })),
  };
}

export const targetsGridService = createTargetsGridService(httpClient);
