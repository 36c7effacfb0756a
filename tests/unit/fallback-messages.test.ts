import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnalyticsData } from '@contract/analytics.contract';
import type { DashboardKind } from '../../src/machines/support/dashboard-calls';
import type { PageReport } from '@contract/page-reports.contract';
import type { TargetsAnswer } from '@contract/api/targets.calls';
import type { ForecastView } from '@contract/presentation/target-charts';
import { analyticsPageMachine, type PageQuery } from '../../src/machines/analytics-page.machine';
import { DASHBOARD_CARDS, dashboardMachine, type CardQuery } from '../../src/machines/dashboard.machine';
import { ApiError } from '../../src/services/api-error';
import { INPUT } from '../model/models/dashboard.model';

// A failure that brings no message of its own (docs/product.md#errors) is shown with the area's fallback;
// one that does keeps it.
const silent = (): Promise<never> => Promise.reject(new Error(''));

describe('a dashboard card whose failure says nothing', () => {
  it('shows "Failed to fetch dashboard analytics"; a message of its own stays', async () => {
    const actor = createActor(
      dashboardMachine.provide({
        actors: {
          fetchAnalytics: fromPromise<AnalyticsData[DashboardKind], CardQuery>(({ input }) =>
            input.kind === 'revenues' ? Promise.reject(new ApiError('Failed to fetch revenue data', 500)) : silent(),
          ),
          fetchTargets: fromPromise<TargetsAnswer, CardQuery>(silent),
          fetchForecast: fromPromise<ForecastView, CardQuery>(() => Promise.reject(new ApiError('Failed to fetch forecast', 503))),
        },
        actions: { navigate: () => {} },
      }),
      { input: INPUT },
    ).start();
    const done = await waitFor(actor, (s) => DASHBOARD_CARDS.every((kind) => s.context.errors[kind]));
    expect(done.context.errors.orders).toEqual({ message: 'Failed to fetch dashboard analytics', status: 0 });
    expect(done.context.errors.revenues).toEqual({ message: 'Failed to fetch revenue data', status: 500 });
    expect(done.context.errors.targets).toEqual({ message: 'Failed to fetch dashboard analytics', status: 0 });
    expect(done.context.errors.forecast).toEqual({ message: 'Failed to fetch forecast', status: 503 });
    actor.stop();
  });
});

describe('an analytics page whose report fails saying nothing', () => {
  it('shows "Failed to fetch data"', async () => {
    const actor = createActor(
      analyticsPageMachine.provide({
        actors: { fetchReport: fromPromise<PageReport, PageQuery>(silent) },
        actions: { navigate: () => {} },
      }),
      { input: { ...INPUT, page: 'order' } },
    ).start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ message: 'Failed to fetch data', status: 0 });
    actor.stop();
  });
});
