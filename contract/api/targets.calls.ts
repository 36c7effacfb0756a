import * as z from 'zod';
import { answerCall, fileCall } from './analytics.calls.js';
import { createAlertRuleInput } from '../alerts.contract.js';
import { consoleTargetsBody, forecastQuery, previewQuery, targetsBody, targetsGridQuery } from '../targets.contract.js';
import { analyticsWindow, bucket } from './analytics-answers.js';
import { defineCalls } from './call.js';
import { ingestResult } from './ingest.calls.js';
import { calendarDay, dollars, id, percent } from './primitives.js';

// Targets, their variance, the forecast and the alert preview (docs/product.md#targets, #forecast;
// docs/alerts.md#preview). Money sent in is in cents, money in answers in dollars.

const RESTAURANT_NOT_FOUND = 'Restaurant not found';
const WRITE = `Upsert by (restaurant_id, day): a new day is created, a known one updated when anything differs, an identical one \`unchanged\`. A call is one transaction: any invalid target (negative or fractional cents, a labour % outside 0–100, a day more than 400 days from today, a restaurant not the caller's) makes it 422 with every problem keyed by its path (\`targets[3].revenue_cents\`), and nothing is written.`;

const dayTarget = z.object({
  day: calendarDay,
  revenue_cents: z.int(),
  labour_cost_pct: percent.nullable(),
});
export const targetsGrid = z.object({
  month: z.string().meta({ description: 'YYYY-MM' }),
  days: z.array(calendarDay).meta({ description: 'The month’s days, in order' }),
  version: id.meta({ description: 'Name it when saving (409 when someone saved since)' }),
  restaurants: z.array(
    z.object({
      id,
      name: z.string(),
      weekday_revenue_cents: z.array(z.int()).length(7).meta({
        description:
          'Revenue of each weekday (Monday first) over the last 8 weeks of closed trading days, in cents: the weights a monthly amount is spread by',
      }),
      targets: z.array(dayTarget).meta({ description: 'The days of the month with a target, in order' }),
    }),
  ),
});
export type TargetsGrid = z.output<typeof targetsGrid>;
export const targetsWriteResult = ingestResult.extend({ version: id.meta({ description: 'The targets’ version after this call' }) });
export type TargetsWriteResult = z.output<typeof targetsWriteResult>;

const varianceFigures = {
  revenue: dollars,
  target: dollars.meta({ description: 'The window’s targets summed; a day without one counts 0' }),
  variance: dollars.meta({ description: 'revenue − target' }),
  variance_pct: percent.nullable().meta({ description: 'variance / target × 100, one decimal; null when target is 0' }),
};
export const targetsAnswer = z.object({
  window: analyticsWindow,
  totals: z.object(varianceFigures),
  series: z.array(bucket.extend({ revenue: dollars, target: dollars })),
  restaurants: z.array(z.object({ id, name: z.string(), ...varianceFigures })),
});
export type TargetsAnswer = z.output<typeof targetsAnswer>;

export const forecastAnswer = z.object({
  method: z.string().meta({ description: 'A short name of the method' }),
  days: z.array(z.object({ day: calendarDay, revenue: dollars, low: dollars, high: dollars })),
  backtest: z.object({
    days: z.int().meta({ description: 'The last closed days predicted from the data before each' }),
    mape: percent
      .nullable()
      .meta({ description: 'Mean absolute percentage error over the backtest’s days with revenue; null without any' }),
  }),
});
export type ForecastAnswer = z.output<typeof forecastAnswer>;

export const alertPreview = z.object({
  days: z.int(),
  alerts: z.array(
    z.object({
      day: calendarDay,
      restaurant_id: id,
      value: z.number().nullable().meta({ description: 'As an alert’s `value`: null for a share of revenue on a day without revenue' }),
      summary: z.string(),
    }),
  ),
});
export type AlertPreview = z.output<typeof alertPreview>;

const TARGETS = 'Revenue against target';
const TARGETS_FILE = 'The Targets page’s cards (Revenue, Target, Variance), its periods and its branches, as the targets answer has them.';

const forecastCall = (perRestaurant: boolean) => ({
  operationId: `get${perRestaurant ? 'Restaurant' : ''}Forecast`,
  summary: `Revenue forecast of the next trading days: ${perRestaurant ? 'one restaurant' : 'all branches'}`,
  description:
    'The next `days` (1–42, default 14) trading days from today, with a range, the method’s name and its backtest over the last 56 closed days.',
  tag: 'Analytics' as const,
  access: 'member-or-read-key' as const,
  query: forecastQuery,
  ...(perRestaurant ? { notFound: RESTAURANT_NOT_FOUND } : {}),
  success: { data: forecastAnswer },
});

export const TARGET_CALLS = defineCalls({
  'PUT /ingest/targets': {
    operationId: 'putTargets',
    summary: 'Create or update daily targets by (restaurant, day)',
    description: WRITE,
    tag: 'Ingest',
    access: 'ingest-key',
    body: targetsBody,
    success: { data: ingestResult },
    errors: [408, 429],
  },
  'PUT /franchise/targets': {
    operationId: 'putConsoleTargets',
    summary: 'The Targets page’s save: daily targets of the member’s branches',
    description: `${WRITE} With \`version\` (the grid’s), a save after someone else’s is 409.`,
    tag: 'Analytics',
    access: 'member',
    body: consoleTargetsBody,
    success: { data: targetsWriteResult },
    errors: [409],
  },
  'GET /franchise/targets': {
    operationId: 'getTargetsGrid',
    summary: 'A month’s targets of the member’s branches, with the weekday weights a monthly amount is spread by',
    tag: 'Analytics',
    access: 'member',
    query: targetsGridQuery,
    success: { data: targetsGrid },
  },
  'GET /franchise/analytics/targets': answerCall('Targets', TARGETS, targetsAnswer, false),
  'GET /franchise/restaurants/{id}/analytics/targets': answerCall('Targets', TARGETS, targetsAnswer, true),
  'GET /franchise/analytics/targets/export': fileCall('Targets', TARGETS, TARGETS_FILE, false),
  'GET /franchise/restaurants/{id}/analytics/targets/export': fileCall('Targets', TARGETS, TARGETS_FILE, true),
});

export const FORECAST_CALLS = defineCalls({
  'GET /franchise/analytics/forecast': forecastCall(false),
  'GET /franchise/restaurants/{id}/analytics/forecast': forecastCall(true),
});

export const ALERT_PREVIEW_CALLS = defineCalls({
  'POST /franchise/alert-rules/preview': {
    operationId: 'previewAlertRule',
    summary: 'What a rule would have fired over the last closed days, writing nothing',
    description:
      'Takes the body of `POST /franchise/alert-rules`; `days` 1–400 (default 90). Evaluated by the same function as the rule itself, from the rollups.',
    tag: 'Alerts',
    access: 'owner',
    body: createAlertRuleInput,
    query: previewQuery,
    success: { data: alertPreview },
  },
});
