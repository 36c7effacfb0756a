// The model of the targetsMachine (the Targets page): the events the tests may send and how graph vertices are told
// apart. Shared by the model-based test and the QA document generator (scripts/machine-docs.ts). The owner has two
// branches; November 2026 has targets for the first, October (the previous month) for both, December none. The grid
// reads answer the month's grid, no branches, or fail; the owner types a valid or an invalid cell and a labour %, spreads
// $3,000 or $0, fills from the forecast at -10 % (or asks for +200 %, refused), copies last month, saves (asked first:
// Save or Cancel) and the save succeeds, is stale (409) or refused (422); Discard and Reload drop the changes. Today is
// 29 November: November's revenue against target is read for 1–28 November (answered or failing, then Retry), December
// has not started; November exports as CSV (saved or failing).
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { ForecastAnswer, TargetsAnswer, TargetsGrid, TargetsWriteResult } from '@contract/api/targets.calls';
import { monthDays, STALE_TARGETS_MESSAGE } from '@contract/targets.contract';
import type { DialogOutcome } from '../../../src/machines/confirm-dialog.machine';
import { targetsMachine, type TargetsEvent } from '../../../src/machines/targets.machine';
import { ApiError } from '../../../src/services/api-error';
import type { ExportFile } from '../../../src/services/page-reports.service';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof targetsMachine>;
type Settle<Id extends string, T> = { type: `xstate.done.actor.${Id}`; output: T } | { type: `xstate.error.actor.${Id}`; error: unknown };
export type ModelEvent =
  | TargetsEvent
  | Settle<'loadGrid', TargetsGrid>
  | Settle<'loadPreviousMonth', TargetsGrid>
  | Settle<'loadForecast', ForecastAnswer>
  | { type: 'xstate.done.actor.confirmSave'; output: DialogOutcome }
  | Settle<'saveTargets', TargetsWriteResult>
  | Settle<'loadVariance', TargetsAnswer>
  | Settle<'exportFile', ExportFile>;

export const MONTH = '2026-11';
/** The franchise's today: November's closed days are 1–28. */
export const TODAY = '2026-11-29';
export const BONDI = { id: 1, name: 'Bondi' } as const;
export const MANLY = { id: 2, name: 'Manly' } as const;

const gridOf = (month: string, bondi: Record<string, number>, manly: Record<string, number>, version = 4): TargetsGrid => ({
  month,
  days: monthDays(month),
  version,
  restaurants: [
    { ...BONDI, weekday_revenue_cents: [100, 100, 100, 100, 200, 300, 300], targets: targetsOf(bondi) },
    { ...MANLY, weekday_revenue_cents: [0, 0, 0, 0, 0, 0, 0], targets: targetsOf(manly) },
  ],
});
const targetsOf = (days: Record<string, number>) =>
  Object.entries(days).map(([day, revenue_cents]) => ({ day, revenue_cents, labour_cost_pct: null }));

export const GRIDS: Record<string, TargetsGrid> = {
  '2026-10': gridOf('2026-10', { '2026-10-01': 150_000, '2026-10-31': 210_000 }, { '2026-10-02': 90_000 }),
  '2026-11': gridOf('2026-11', { '2026-11-02': 100_000, '2026-11-03': 110_000 }, {}),
  '2026-12': gridOf('2026-12', {}, {}),
};
export const NO_BRANCHES: TargetsGrid = { month: MONTH, days: monthDays(MONTH), version: 1, restaurants: [] };
export const FORECAST: ForecastAnswer = {
  method: 'Same weekday, last 8 weeks',
  days: [
    { day: '2026-11-29', revenue: 1000, low: 900, high: 1100 },
    { day: '2026-11-30', revenue: 1200.5, low: 1000, high: 1400 },
    { day: '2026-12-01', revenue: 800, low: 700, high: 900 },
  ],
  backtest: { days: 56, mape: 9.4 },
};
export const VARIANCE: TargetsAnswer = {
  window: {
    start_date: '2026-11-01',
    end_date: '2026-11-28',
    days: 28,
    grouping: 'daily',
    time_zone: 'Australia/Sydney',
    compare: 'previous',
    previous: { start_date: '2026-10-04', end_date: '2026-10-31' },
    today: TODAY,
  },
  totals: { revenue: 1900, target: 2100, variance: -200, variance_pct: -9.5 },
  series: [],
  restaurants: [
    { ...BONDI, revenue: 1900, target: 2100, variance: -200, variance_pct: -9.5 },
    { ...MANLY, revenue: 0, target: 0, variance: 0, variance_pct: null },
  ],
};
export const VARIANCE_FAILURE = 'Failed to fetch revenue against target';
export const EXPORT_FAILURE = 'Export failed. Please try again.';
export const FILE: ExportFile = { blob: new Blob(['csv']), filename: 'targets.csv' };
export const SAVED: TargetsWriteResult = { created: 1, updated: 0, unchanged: 0, version: 5 };

export const READ_FAILURE = 'The service is temporarily unavailable. Please try again shortly.';
export const FORECAST_FAILURE = 'Restaurant not found';
export const REFUSED = 'targets[0].day: day must be within 400 days before and 400 days after today';

/** The cell the owner types in: Bondi's 5 November (a Thursday). */
export const CELL = { restaurantId: BONDI.id, day: '2026-11-05' } as const;

export const EVENTS: ModelEvent[] = [
  ...Object.values(GRIDS).map((output): ModelEvent => ({ type: 'xstate.done.actor.loadGrid', output })),
  { type: 'xstate.done.actor.loadGrid', output: NO_BRANCHES },
  { type: 'xstate.error.actor.loadGrid', error: new ApiError(READ_FAILURE, 503) },
  { type: 'targets.retry' },
  { type: 'month.previous' },
  { type: 'month.next' },
  { type: 'cell.edit', ...CELL, text: '1250.50' },
  { type: 'cell.edit', ...CELL, text: '-5' },
  { type: 'labour.edit', restaurantId: MANLY.id, text: '28' },
  { type: 'copy.lastMonth' },
  { type: 'xstate.done.actor.loadPreviousMonth', output: GRIDS['2026-10']! },
  { type: 'xstate.error.actor.loadPreviousMonth', error: new ApiError(READ_FAILURE, 503) },
  { type: 'spread.apply', restaurantId: MANLY.id, amount: '3000' },
  { type: 'spread.apply', restaurantId: MANLY.id, amount: '0' },
  { type: 'forecast.fill', restaurantId: BONDI.id, pct: '-10' },
  { type: 'forecast.fill', restaurantId: BONDI.id, pct: '200' },
  { type: 'xstate.done.actor.loadForecast', output: FORECAST },
  { type: 'xstate.error.actor.loadForecast', error: new ApiError(FORECAST_FAILURE, 404) },
  { type: 'changes.save' },
  { type: 'xstate.done.actor.confirmSave', output: { result: 'confirmed', reason: null } },
  { type: 'xstate.done.actor.confirmSave', output: { result: 'dismissed', reason: 'cancel' } },
  { type: 'xstate.done.actor.saveTargets', output: SAVED },
  { type: 'xstate.error.actor.saveTargets', error: new ApiError(STALE_TARGETS_MESSAGE, 409) },
  { type: 'xstate.error.actor.saveTargets', error: new ApiError(REFUSED, 422) },
  { type: 'changes.discard' },
  { type: 'targets.reload' },
  { type: 'xstate.done.actor.loadVariance', output: VARIANCE },
  { type: 'xstate.error.actor.loadVariance', error: new ApiError(VARIANCE_FAILURE, 503) },
  { type: 'variance.retry' },
  { type: 'file.export', format: 'csv' },
  { type: 'xstate.done.actor.exportFile', output: FILE },
  { type: 'xstate.error.actor.exportFile', error: new ApiError(EXPORT_FAILURE, 500) },
];

const changed = (s: Snapshot) => Object.keys(s.context.edits).length + Object.keys(s.context.labour).length > 0;

/**
 * What the user can do in this snapshot: an actor's answer only while it runs (a grid read answers the month asked, the
 * empty franchise only for the first month); the buttons the view enables (Save and Discard with changes, the months
 * without); the cells of a grid on show.
 */
function allowed(s: Snapshot, event: ModelEvent): boolean {
  // The month's revenue against target is answered before anything else is done, which keeps the graph small.
  if (s.matches({ ready: { variance: 'loading' } })) return /\.actor\.loadVariance$/.test(event.type);
  const settles = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (settles) {
    if ((s.children as Record<string, unknown>)[settles] === undefined) return false;
    if (event.type === 'xstate.done.actor.loadGrid') {
      return event.output === NO_BRANCHES ? s.context.month === MONTH && s.context.grid === null : event.output.month === s.context.month;
    }
    return true;
  }
  if (event.type === 'changes.save' || event.type === 'changes.discard') return changed(s) && s.can(event);
  // The changes are made to November, whose previous month and forecast the fixtures give.
  if (['cell.edit', 'labour.edit', 'copy.lastMonth', 'spread.apply', 'forecast.fill', 'file.export'].includes(event.type)) {
    return s.context.month === MONTH && s.can(event as TargetsEvent);
  }
  return s.can(event as TargetsEvent);
}

export const model = new TestModel(targetsMachine, {
  input: { month: MONTH, today: TODAY },
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as TargetsEvent[],
  // The state, whether there are changes and whether they block a save, and the event that led here with the state it
  // came from keep each transition on a shortest path.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([
      JSON.stringify(s.value),
      s.context.month,
      changed(s),
      Object.values(s.context.edits).includes('-5'),
      eventKey(event),
      previous ? JSON.stringify(previous.value) : null,
    ]),
});

export const paths = selectPaths(targetsMachine, model.getShortestPaths(), eventKey);
