import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AnalyticsQuery } from '@contract/analytics.contract';
import type { ForecastAnswer, TargetsAnswer, TargetsGrid, TargetsWriteResult } from '@contract/api/targets.calls';
import type { ExportFormat } from '@contract/page-reports.contract';
import { SPREAD_AMOUNT_MESSAGE, type ConsoleTargetsInput } from '@contract/targets.contract';
import { toApiError, toErrorInfo, type ErrorInfo } from '../services/api-error';
import type { ExportFile } from '../services/page-reports.service';
import { targetsService } from '../services/targets.service';
import type { Notice } from '../shared/effects';
import { exportedMessage } from './analytics-page.machine';
import { confirmDialogMachine, type ConfirmDialogInput } from './confirm-dialog.machine';
import { confirmed } from './support/ask-first';
import { notProvided } from './support/machine-effects';
import { errorNotice } from './support/notices';
import {
  centsOf,
  copyMonth,
  FORECAST_PCT_MESSAGE,
  fillFromForecast,
  forecastPctOf,
  monthLabel,
  saveBody,
  saveCounts,
  saveProblem,
  shiftMonth,
  spreadRow,
  withCell,
  withLabour,
  type Edits,
  type LabourEdits,
  varianceQuery,
} from './support/targets-grid';

/** A line under the toolbar: what a tool did, or why it did nothing. */
export type TargetsNote = { text: string; tone: 'info' | 'error' };

export type TargetsContext = {
  /** 'YYYY-MM'. */
  month: string;
  grid: TargetsGrid | null;
  edits: Edits;
  labour: LabourEdits;
  /** Why the grid could not be read. */
  error: ErrorInfo | null;
  note: TargetsNote | null;
  /** The branch and adjustment "Fill from the forecast" is under way for. */
  fill: { restaurantId: number; pct: number } | null;
  /** The franchise's today, 'YYYY-MM-DD': the month's revenue is read up to the day before. */
  today: string;
  /** The month's revenue against target, once read. */
  variance: TargetsAnswer | null;
  varianceError: ErrorInfo | null;
  /** The file being made, while exporting. */
  exporting: ExportFormat | null;
};

/** What the variance and the export ask for: the month's closed days, franchise-wide. */
export type VarianceQuery = AnalyticsQuery;
export type ExportQuery = { query: AnalyticsQuery; format: ExportFormat };

export type TargetsEvent =
  | { type: 'targets.retry' }
  | { type: 'targets.reload' }
  | { type: 'month.previous' }
  | { type: 'month.next' }
  | { type: 'cell.edit'; restaurantId: number; day: string; text: string }
  | { type: 'labour.edit'; restaurantId: number; text: string }
  | { type: 'copy.lastMonth' }
  | { type: 'spread.apply'; restaurantId: number; amount: string }
  | { type: 'forecast.fill'; restaurantId: number; pct: string }
  | { type: 'changes.save' }
  | { type: 'changes.discard' }
  | { type: 'variance.retry' }
  | { type: 'file.export'; format: ExportFormat };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The save question (docs/product.md#dialogs). */
export const saveQuestion = ({ targets, branches }: { targets: number; branches: number }): ConfirmDialogInput => ({
  title: `Save ${plural(targets, 'target', 'targets')} for ${plural(branches, 'branch', 'branches')}?`,
  text: 'Each replaces the target its branch had on that day.',
  confirmLabel: 'Save',
  cancelLabel: 'Cancel',
});
export const savedMessage = (r: TargetsWriteResult) => `Targets saved: ${r.created} created, ${r.updated} updated`;
export const copiedNote = (month: string) => `Copied the targets of ${monthLabel(month)}: review them, then Save.`;
export const filledNote = (filled: number, name: string) =>
  filled === 0
    ? `The forecast covers no day of this month for ${name}: nothing filled.`
    : `Filled ${plural(filled, 'day', 'days')} of ${name} from the forecast: review them, then Save.`;

const rowOf = (context: TargetsContext, id: number) => context.grid!.restaurants.find((r) => r.id === id)!;
const hasChanges = (context: TargetsContext) => Object.keys(context.edits).length > 0 || Object.keys(context.labour).length > 0;
const UNCHANGED = { edits: {}, labour: {}, note: null } as const;

/**
 * The Targets page (docs/product.md#targets-page): a month's grid of branches × days, read for the month shown; cells
 * typed, a row's labour %, "Copy last month", "Spread a monthly amount" and "Fill from the forecast" make unsaved changes
 * that Save sends (asked first) with the grid's version, or Discard drops. A save after someone else's is stale: Reload.
 */
export const targetsMachine = setup({
  types: {
    context: {} as TargetsContext,
    events: {} as TargetsEvent,
    input: {} as { month: string; today: string },
    children: {} as {
      loadGrid: 'loadGrid';
      loadPreviousMonth: 'loadGrid';
      loadForecast: 'loadForecast';
      confirmSave: 'confirmDialog';
      saveTargets: 'saveTargets';
    },
    tags: {} as 'busy',
  },
  actors: {
    loadGrid: fromPromise<TargetsGrid, string>(({ input }) => targetsService.getTargetsGrid(input)),
    loadForecast: fromPromise<ForecastAnswer, number>(({ input }) => targetsService.getForecast(input)),
    loadVariance: fromPromise<TargetsAnswer, VarianceQuery>(({ input }) => targetsService.getTargets(input, null)),
    exportFile: fromPromise<ExportFile, ExportQuery>(({ input }) => targetsService.exportTargets(input.query, input.format, null)),
    confirmDialog: confirmDialogMachine,
    saveTargets: fromPromise<TargetsWriteResult, ConsoleTargetsInput>(({ input }) => targetsService.saveTargets(input)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    download: (_, _file: ExportFile) => notProvided('download'),
    setNote: assign((_, note: TargetsNote | null) => ({ note })),
    moveMonth: assign(({ context }, by: number) => ({ month: shiftMonth(context.month, by), variance: null, ...UNCHANGED })),
    forget: assign(UNCHANGED),
  },
  guards: {
    confirmed,
    unchanged: ({ context }) => !hasChanges(context),
    noBranches: (_, grid: TargetsGrid) => grid.restaurants.length === 0,
    amountValid: (_, amount: string) => {
      const cents = centsOf(amount);
      return cents !== null && cents > 0;
    },
    pctValid: (_, pct: string) => forecastPctOf(pct) !== null,
    somethingToSave: ({ context }) => saveCounts(context.grid!, context.edits, context.labour).targets > 0,
    saveBlocked: ({ context }) => saveProblem(context.grid!, context.edits, context.labour) !== null,
    stale: (_, error: unknown) => toApiError(error).status === 409,
    monthStarted: ({ context }) => varianceQuery(context.month, context.today) !== null,
  },
}).createMachine({
  id: 'targets',
  initial: 'loading',
  context: ({ input }) => ({
    month: input.month,
    today: input.today,
    grid: null,
    edits: {},
    labour: {},
    error: null,
    note: null,
    fill: null,
    variance: null,
    varianceError: null,
    exporting: null,
  }),
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadGrid',
        src: 'loadGrid',
        input: ({ context }) => context.month,
        onDone: [
          {
            guard: { type: 'noBranches', params: ({ event }) => event.output },
            target: 'empty',
            actions: assign(({ event }) => ({ grid: event.output, error: null })),
          },
          { target: 'ready', actions: assign(({ event }) => ({ grid: event.output, error: null })) },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: toErrorInfo(event.error) })) },
      },
    },
    failed: { on: { 'targets.retry': 'loading' } },
    empty: {},
    // The grid and its tools beside the month's revenue against target, read again whenever the grid is.
    ready: {
      type: 'parallel',
      states: {
        grid: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'cell.edit': {
                  actions: assign(({ context, event }) => ({
                    edits: withCell(context.edits, rowOf(context, event.restaurantId), event.day, event.text),
                    note: null,
                  })),
                },
                'labour.edit': {
                  actions: assign(({ context, event }) => ({
                    labour: withLabour(context.labour, rowOf(context, event.restaurantId), event.text),
                    note: null,
                  })),
                },
                // A month's changes are saved or discarded before another month is shown.
                'month.previous': { guard: 'unchanged', target: '#targets.loading', actions: { type: 'moveMonth', params: -1 } },
                'month.next': { guard: 'unchanged', target: '#targets.loading', actions: { type: 'moveMonth', params: 1 } },
                'copy.lastMonth': 'copying',
                'spread.apply': [
                  {
                    guard: { type: 'amountValid', params: ({ event }) => event.amount },
                    actions: assign(({ context, event }) => ({
                      edits: spreadRow(context.grid!, rowOf(context, event.restaurantId), centsOf(event.amount)!, context.edits),
                      note: null,
                    })),
                  },
                  { actions: { type: 'setNote', params: { text: SPREAD_AMOUNT_MESSAGE, tone: 'error' } } },
                ],
                'forecast.fill': [
                  {
                    guard: { type: 'pctValid', params: ({ event }) => event.pct },
                    target: 'forecasting',
                    actions: assign(({ event }) => ({
                      fill: { restaurantId: event.restaurantId, pct: forecastPctOf(event.pct)! },
                      note: null,
                    })),
                  },
                  { actions: { type: 'setNote', params: { text: FORECAST_PCT_MESSAGE, tone: 'error' } } },
                ],
                'changes.save': [
                  {
                    guard: 'saveBlocked',
                    actions: {
                      type: 'setNote',
                      params: ({ context }) => ({ text: saveProblem(context.grid!, context.edits, context.labour)!, tone: 'error' }),
                    },
                  },
                  { guard: 'somethingToSave', target: 'asking', actions: { type: 'setNote', params: null } },
                ],
                'changes.discard': { actions: 'forget' },
                'file.export': {
                  guard: 'monthStarted',
                  target: 'exporting',
                  actions: assign(({ event }) => ({ exporting: event.format })),
                },
              },
            },
            copying: {
              tags: 'busy',
              invoke: {
                id: 'loadPreviousMonth',
                src: 'loadGrid',
                input: ({ context }) => shiftMonth(context.month, -1),
                onDone: {
                  target: 'editing',
                  actions: assign(({ context, event }) => ({
                    edits: copyMonth(context.grid!, event.output, context.edits),
                    note: { text: copiedNote(event.output.month), tone: 'info' },
                  })),
                },
                onError: { target: 'editing', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
              },
            },
            forecasting: {
              tags: 'busy',
              invoke: {
                id: 'loadForecast',
                src: 'loadForecast',
                input: ({ context }) => context.fill!.restaurantId,
                onDone: {
                  target: 'editing',
                  actions: assign(({ context, event }) => {
                    const row = rowOf(context, context.fill!.restaurantId);
                    const { edits, filled } = fillFromForecast(context.grid!, row, event.output, context.fill!.pct, context.edits);
                    return { edits, fill: null, note: { text: filledNote(filled, row.name), tone: 'info' as const } };
                  }),
                },
                onError: {
                  target: 'editing',
                  actions: [assign({ fill: null }), { type: 'notify', params: ({ event }) => errorNotice(event.error) }],
                },
              },
            },
            asking: {
              invoke: {
                id: 'confirmSave',
                src: 'confirmDialog',
                input: ({ context }) => saveQuestion(saveCounts(context.grid!, context.edits, context.labour)),
                onDone: [{ guard: { type: 'confirmed', params: ({ event }) => event.output }, target: 'saving' }, { target: 'editing' }],
              },
            },
            saving: {
              tags: 'busy',
              invoke: {
                id: 'saveTargets',
                src: 'saveTargets',
                input: ({ context }) => saveBody(context.grid!, context.edits, context.labour),
                onDone: {
                  target: '#targets.loading',
                  actions: [
                    'forget',
                    { type: 'notify', params: ({ event }) => ({ message: savedMessage(event.output), type: 'success' }) },
                  ],
                },
                onError: [
                  { guard: { type: 'stale', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'stale' },
                  { target: 'editing', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
                ],
              },
            },
            // Someone saved since the grid was read: the changes stay on show until Reload reads the latest targets.
            stale: { on: { 'targets.reload': { target: '#targets.loading', actions: 'forget' } } },
            exporting: {
              tags: 'busy',
              invoke: {
                id: 'exportFile',
                src: 'exportFile',
                input: ({ context }): ExportQuery => ({ query: varianceQuery(context.month, context.today)!, format: context.exporting! }),
                onDone: {
                  target: 'editing',
                  actions: [
                    { type: 'download', params: ({ event }) => event.output },
                    { type: 'notify', params: ({ context }) => ({ message: exportedMessage(context.exporting!), type: 'success' }) },
                    assign({ exporting: null }),
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [assign({ exporting: null }), { type: 'notify', params: ({ event }) => errorNotice(event.error) }],
                },
              },
            },
          },
        },
        variance: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'monthStarted', target: 'loading' }, { target: 'notStarted' }] },
            notStarted: {},
            loading: {
              invoke: {
                id: 'loadVariance',
                src: 'loadVariance',
                input: ({ context }) => varianceQuery(context.month, context.today)!,
                onDone: { target: 'shown', actions: assign(({ event }) => ({ variance: event.output, varianceError: null })) },
                onError: {
                  target: 'failed',
                  actions: assign(({ event }) => ({ variance: null, varianceError: toErrorInfo(event.error) })),
                },
              },
            },
            shown: {},
            failed: { on: { 'variance.retry': 'loading' } },
          },
        },
      },
    },
  },
});

export type TargetsSnapshot = SnapshotFrom<typeof targetsMachine>;
