import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect } from 'vitest';
import type { AnalyticsQuery } from '@contract/analytics.contract';
import type { ForecastAnswer, TargetsAnswer, TargetsGrid, TargetsWriteResult } from '@contract/api/targets.calls';
import { formatCurrency } from '@contract/presentation/format';
import { SPREAD_AMOUNT_MESSAGE, STALE_TARGETS_MESSAGE, type ConsoleTargetsInput } from '@contract/targets.contract';
import {
  cellText,
  FORECAST_PCT_MESSAGE,
  INVALID_CELLS_MESSAGE,
  monthLabel,
  monthTotal,
  saveBody,
  shiftMonth,
} from '../../src/machines/support/targets-grid';
import { targetsMachine, type ExportQuery } from '../../src/machines/targets.machine';
import type { ExportFile } from '../../src/services/page-reports.service';
import { TargetsContext, TargetsView } from '../../src/views/targets/targets.view';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';
import {
  BONDI,
  CELL,
  FORECAST_FAILURE,
  MANLY,
  MONTH,
  READ_FAILURE,
  REFUSED,
  TODAY,
  EXPORT_FAILURE,
  VARIANCE_FAILURE,
  paths,
  type ModelEvent,
  type Snapshot,
} from './models/targets.model';

// The page's words are spelt out here, so a change of wording shows up in this test.
const CELL_LABEL = (month: string) => `Bondi, 5 Thu ${monthLabel(month)}`;

const button = (name: string) => screen.queryAllByRole('button', { name })[0] ?? null;

async function setCell(user: UserEvent, label: string, text: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  if (text) await user.type(input, text);
}

async function branchTool(user: UserEvent, branch: string, field: string, text: string, action: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), branch);
  await setCell(user, field, text);
  await user.click(button(action)!);
}

type Actors = {
  loadGrid: ReturnType<typeof controllableActor<TargetsGrid, string>>;
  loadForecast: ReturnType<typeof controllableActor<ForecastAnswer, number>>;
  saveTargets: ReturnType<typeof controllableActor<TargetsWriteResult, ConsoleTargetsInput>>;
  loadVariance: ReturnType<typeof controllableActor<TargetsAnswer, AnalyticsQuery>>;
  exportFile: ReturnType<typeof controllableActor<ExportFile, ExportQuery>>;
};

const NOVEMBER_SO_FAR = { period: 'daily', start_date: '2026-11-01', end_date: '2026-11-28' };

/** Revenue vs Target: loading, failed (Retry), not started (December), or the totals and branches, worst first. */
function verifyVariance(state: Snapshot, actors: Actors) {
  const section = screen.getByRole('region', { name: 'Revenue vs Target' });
  const inSection = within(section);
  const loading = state.matches({ ready: { variance: 'loading' } });
  expect(inSection.queryByRole('status', { name: 'Loading revenue against target' }) !== null).toBe(loading);
  if (loading) {
    expect(actors.loadVariance.inputs.at(-1)).toEqual(
      state.context.month === MONTH ? NOVEMBER_SO_FAR : { period: 'daily', start_date: '2026-10-01', end_date: '2026-10-31' },
    );
  }
  expect(inSection.queryByText('This month has not started: its revenue shows from its first closed day.') !== null).toBe(
    state.matches({ ready: { variance: 'notStarted' } }),
  );
  expect(inSection.queryByText(VARIANCE_FAILURE) !== null).toBe(state.matches({ ready: { variance: 'failed' } }));
  if (state.matches({ ready: { variance: 'shown' } })) {
    expect(inSection.getByTestId('variance-period')).toHaveTextContent('1 Nov 2026 – 28 Nov 2026');
    expect(inSection.getByTestId('variance-variance')).toHaveTextContent('-$200.00 (-9.5%)');
    const rows = within(inSection.getByRole('table', { name: 'Revenue against target by branch' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'BranchRevenueTargetVarianceVariance %',
      'Bondi$1,900.00$2,100.00-$200.00-9.5%',
      'Manly$0.00$0.00$0.00–',
    ]);
  }
}

/** The grid on show: the month, the cell typed in, the total, the unsaved mark and which buttons answer. */
function verifyGrid(state: Snapshot) {
  const { grid, edits, month } = state.context;
  expect(screen.getByTestId('targets-month')).toHaveTextContent(monthLabel(month));
  const table = screen.getByRole('table', { name: `Revenue targets of ${monthLabel(month)}` });
  expect(
    within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent),
  ).toEqual([BONDI.name, MANLY.name, 'Total']);
  const bondi = grid!.restaurants[0]!;
  if (month === MONTH) {
    const cell = screen.getByRole('textbox', { name: CELL_LABEL(month) });
    expect(cell).toHaveValue(cellText(bondi, CELL.day, edits));
    expect(cell.getAttribute('aria-invalid')).toBe(edits[`${CELL.restaurantId}|${CELL.day}`] === '-5' ? 'true' : null);
  }
  expect(screen.getByTestId('month-total')).toHaveTextContent(formatCurrency(monthTotal(grid!, edits) / 100));
  const changed = Object.keys(edits).length + Object.keys(state.context.labour).length > 0;
  expect(screen.queryByTestId('unsaved') !== null).toBe(changed);
  const editing = state.matches({ ready: { grid: 'editing' } });
  expect(button('Save')!.hasAttribute('disabled') || button('Save')!.getAttribute('data-loading') === 'true').toBe(!(editing && changed));
  expect(button('Previous month')).toHaveProperty('disabled', !(editing && !changed));
}

function verifyNote(event: ModelEvent) {
  const note = () => screen.getByTestId('targets-note');
  if (event.type === 'spread.apply' && event.amount === '0') expect(note()).toHaveTextContent(SPREAD_AMOUNT_MESSAGE);
  if (event.type === 'forecast.fill' && event.pct === '200') expect(note()).toHaveTextContent(FORECAST_PCT_MESSAGE);
  if (event.type === 'xstate.done.actor.loadForecast') {
    expect(note()).toHaveTextContent('Filled 2 days of Bondi from the forecast: review them, then Save.');
    expect(screen.getByRole('textbox', { name: `Bondi, 30 Mon ${monthLabel(MONTH)}` })).toHaveValue('1080.45');
  }
  if (event.type === 'xstate.done.actor.loadPreviousMonth') {
    expect(note()).toHaveTextContent('Copied the targets of October 2026: review them, then Save.');
    expect(screen.getByRole('textbox', { name: `Manly, 2 Mon ${monthLabel(MONTH)}` })).toHaveValue('900');
  }
}

async function verify(state: Snapshot, event: ModelEvent, actors: Actors) {
  expect(screen.queryByRole('status', { name: 'Loading targets' }) !== null).toBe(state.matches('loading'));
  if (state.matches('loading')) {
    expect(actors.loadGrid.inputs.at(-1)).toBe(state.context.month);
    return;
  }
  if (state.matches('failed')) {
    expect(screen.getByText('Targets could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(READ_FAILURE)).toBeInTheDocument();
    expect(button('Retry')).toBeEnabled();
    return;
  }
  if (state.matches('empty')) {
    expect(screen.getByText('No restaurants yet: add one on Restaurant Management to give it targets.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    return;
  }
  await waitFor(() => verifyGrid(state));
  verifyNote(event);
  verifyVariance(state, actors);
  if (state.matches({ ready: { grid: 'exporting' } })) {
    expect(actors.exportFile.inputs.at(-1)).toEqual({ query: NOVEMBER_SO_FAR, format: 'csv' });
    expect(button('Export')).toHaveAttribute('data-loading', 'true');
  }
  if (event.type === 'xstate.error.actor.exportFile') expect(await screen.findByText(EXPORT_FAILURE)).toBeInTheDocument();
  if (event.type === 'xstate.done.actor.exportFile') expect(await screen.findByText('Exported as CSV!')).toBeInTheDocument();
  if (state.matches({ ready: { grid: 'copying' } })) {
    expect(actors.loadGrid.inputs.at(-1)).toBe(shiftMonth(state.context.month, -1));
    expect(button('Copy last month')).toHaveAttribute('data-loading', 'true');
  }
  if (state.matches({ ready: { grid: 'forecasting' } })) {
    expect(actors.loadForecast.inputs.at(-1)).toBe(BONDI.id);
    expect(screen.getByText('Reading the forecast…')).toBeInTheDocument();
  }
  if (state.matches({ ready: { grid: 'asking' } })) {
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName(/^Save \d+ targets? for \d branch(es)?\?$/);
  } else await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  if (state.matches({ ready: { grid: 'saving' } })) {
    expect(actors.saveTargets.inputs.at(-1)).toEqual(saveBody(state.context.grid!, state.context.edits, state.context.labour));
    expect(actors.saveTargets.inputs.at(-1)!.version).toBe(4);
  }
  expect(screen.queryByText(STALE_TARGETS_MESSAGE) !== null).toBe(state.matches({ ready: { grid: 'stale' } }));
  if (state.matches({ ready: { grid: 'stale' } })) expect(button('Reload')).toBeEnabled();
  if (event.type === 'changes.save' && state.matches({ ready: { grid: 'editing' } })) {
    expect(screen.getByTestId('targets-note')).toHaveTextContent(INVALID_CELLS_MESSAGE);
  }
  if (event.type === 'xstate.error.actor.saveTargets' && state.matches({ ready: { grid: 'editing' } }))
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
  if (event.type === 'xstate.error.actor.loadForecast') expect(await screen.findByText(FORECAST_FAILURE)).toBeInTheDocument();
  if (event.type === 'xstate.error.actor.loadPreviousMonth') expect(await screen.findByText(READ_FAILURE)).toBeInTheDocument();
}

describe('targets machine × Targets page (model-based)', () => {
  runModel(targetsMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const actors: Actors = {
      loadGrid: controllableActor<TargetsGrid, string>(),
      loadForecast: controllableActor<ForecastAnswer, number>(),
      saveTargets: controllableActor<TargetsWriteResult, ConsoleTargetsInput>(),
      loadVariance: controllableActor<TargetsAnswer, AnalyticsQuery>(),
      exportFile: controllableActor<ExportFile, ExportQuery>(),
    };
    const downloads: ExportFile[] = [];
    let savedToast = false;
    renderView(({ notify }) => (
      <TargetsContext.Provider
        logic={targetsMachine.provide({
          actors: {
            loadGrid: actors.loadGrid.logic,
            loadForecast: actors.loadForecast.logic,
            saveTargets: actors.saveTargets.logic,
            loadVariance: actors.loadVariance.logic,
            exportFile: actors.exportFile.logic,
          },
          actions: { notify, download: (_, file) => downloads.push(file) },
        })}
        options={{ input: { month: MONTH, today: TODAY }, inspect }}
      >
        <TargetsView />
      </TargetsContext.Provider>
    ));

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        switch (e.type) {
          case 'xstate.done.actor.loadGrid':
          case 'xstate.error.actor.loadGrid':
          case 'xstate.done.actor.loadPreviousMonth':
          case 'xstate.error.actor.loadPreviousMonth':
            return act(async () => actors.loadGrid.settle(e));
          case 'xstate.done.actor.loadForecast':
          case 'xstate.error.actor.loadForecast':
            return act(async () => actors.loadForecast.settle(e));
          case 'xstate.done.actor.saveTargets':
          case 'xstate.error.actor.saveTargets':
            savedToast = e.type === 'xstate.done.actor.saveTargets';
            return act(async () => actors.saveTargets.settle(e));
          case 'xstate.done.actor.confirmSave': {
            const dialog = screen.getByRole('dialog');
            return user.click(within(dialog).getByRole('button', { name: e.output.result === 'confirmed' ? 'Save' : 'Cancel' }));
          }
          case 'xstate.done.actor.loadVariance':
          case 'xstate.error.actor.loadVariance':
            return act(async () => actors.loadVariance.settle(e));
          case 'xstate.done.actor.exportFile':
            await act(async () => actors.exportFile.settle(e));
            return expect(downloads.at(-1)).toBe(e.output);
          case 'xstate.error.actor.exportFile':
            return act(async () => actors.exportFile.settle(e));
          case 'variance.retry':
            return user.click(within(screen.getByRole('region', { name: 'Revenue vs Target' })).getByRole('button', { name: 'Retry' }));
          case 'file.export':
            await user.click(button('Export')!);
            return user.click(button('Export as CSV')!);
          case 'targets.retry':
            return user.click(button('Retry')!);
          case 'targets.reload':
            return user.click(button('Reload')!);
          case 'month.previous':
            return user.click(button('Previous month')!);
          case 'month.next':
            return user.click(button('Next month')!);
          case 'cell.edit':
            return setCell(user, CELL_LABEL(MONTH), e.text);
          case 'labour.edit':
            return setCell(user, 'Manly, labour %', e.text);
          case 'copy.lastMonth':
            return user.click(button('Copy last month')!);
          case 'spread.apply':
            return branchTool(user, MANLY.name, 'Monthly amount ($)', e.amount, 'Spread');
          case 'forecast.fill':
            return branchTool(user, BONDI.name, 'Forecast ± %', e.pct, 'Fill from forecast');
          case 'changes.save':
            return user.click(button('Save')!);
          case 'changes.discard':
            return user.click(button('Discard changes')!);
        }
      },
      verify: async (state, event) => {
        await verify(state, event as ModelEvent, actors);
        if (savedToast && state.matches('loading')) {
          expect(await screen.findByText('Targets saved: 1 created, 0 updated')).toBeInTheDocument();
          savedToast = false;
        }
      },
    };
  });
});
