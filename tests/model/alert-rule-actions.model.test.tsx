import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertRule } from '@contract/api/alerts.calls';
import type { Restaurant } from '@contract/auth.contract';
import type { Member } from '@contract/team.contract';
import { alertRuleActionsMachine, RULE_REMOVED } from '../../src/machines/alert-rule-actions.machine';
import { alertsService } from '../../src/services/alerts.service';
import { teamService } from '../../src/services/team.service';
import AlertRulesListPage from '../../src/views/alerts/alert-rules-list.page';
import { SessionContext } from '../../src/views/shared/session.context';
import { REMOVE_FAILURE, TARGET, paths, type ModelEvent } from './models/alert-rule-actions.model';
import { runModel } from './support/model-runner';
import { inspectPageActors } from './support/page-actors';
import { signedInSession } from './support/page-session';
import { clearToasts, renderView } from './support/render-view';
import { controllableCall } from './support/service-calls';

// The real Alert rules page with its own machines and actors; only the rule and team calls are answered by the test,
// and the page's alertRuleActions actor is inspected through the options the page gives it.
vi.mock('@xstate/react', async (original) => (await import('./support/page-actors')).withPageInspection(await original()));
vi.mock('../../src/services/alerts.service', async (original) => ({
  ...(await original<typeof import('../../src/services/alerts.service')>()),
  alertsService: { rules: vi.fn(), removeRule: vi.fn() },
}));
vi.mock('../../src/services/team.service', async (original) => ({
  ...(await original<typeof import('../../src/services/team.service')>()),
  teamService: { list: vi.fn() },
}));

const RESTAURANTS = [
  { id: 7, name: 'Parramatta' },
  { id: 9, name: 'Bondi Beach' },
] as Restaurant[];
const MEMBERS = [
  { id: 1, name: 'Olivia Chen' },
  { id: 2, name: 'Liam Brown' },
  { id: 3, name: 'Nora Lee' },
] as Member[];
const rule = (id: number, fields: Partial<AlertRule>): AlertRule => ({
  id,
  kind: 'labour_cost',
  restaurant_id: null,
  threshold: 35,
  recipient_ids: [1],
  version: 1,
  created_at: '2026-11-20T03:15:00.000Z',
  ...fields,
});
const RULES = [
  rule(1, {}),
  rule(TARGET.id, { kind: 'no_trade', threshold: 11, restaurant_id: 9, recipient_ids: [3, 1] }),
  rule(3, { kind: 'revenue_drop', threshold: 22.5, restaurant_id: 7, recipient_ids: [99] }),
];

/** The rules as the server holds them: the list call reads them, a succeeded removal removes its rule. */
function fakeRules() {
  vi.clearAllMocks();
  let stored = [...RULES];
  const remove = controllableCall<undefined, [number]>();
  vi.mocked(alertsService.rules).mockImplementation(async () => stored);
  vi.mocked(teamService.list).mockImplementation(async () => MEMBERS);
  vi.mocked(alertsService.removeRule).mockImplementation(remove.fn);
  return {
    remove,
    settle: (event: ModelEvent) => {
      if (event.type === 'xstate.done.actor.removeRule') stored = stored.filter((r) => r.id !== remove.calls().at(-1)![0]);
      remove.settle(event);
    },
  };
}

function renderRules() {
  const session = signedInSession(RESTAURANTS);
  return renderView(
    () => (
      <SessionContext.Provider logic={session.logic}>
        <AlertRulesListPage title="Alert Rules" />
      </SessionContext.Provider>
    ),
    { path: '/alerts/rules' },
  );
}

const QUESTION = 'Remove this alert rule?';
const rowTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent),
    );
const SHOWN = [
  ['Labour cost at or above 35% of revenue', 'All branches', 'Olivia Chen'],
  ['No trade recorded by 11:00', 'Bondi Beach', 'Olivia Chen, Nora Lee'],
  ['Revenue down 22.5% or more against the same weekday of the last 4 weeks', 'Parramatta', 'Nobody: every recipient has left the team'],
];

async function answer(user: UserEvent, event: Extract<ModelEvent, { type: 'xstate.done.actor.confirmRemove' }>) {
  const dialog = screen.getByRole('dialog', { name: QUESTION });
  await user.click(within(dialog).getByRole('button', { name: event.output.result === 'confirmed' ? 'Remove' : 'Cancel' }));
}

describe('alert rule actions machine × Alert rules page (model-based)', () => {
  runModel(alertRuleActionsMachine, paths, (inspect) => {
    inspectPageActors(alertRuleActionsMachine.id, inspect);
    const user = userEvent.setup();
    const { remove, settle } = fakeRules();
    renderRules();
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'rule.remove') await user.click(await screen.findByRole('button', { name: `Remove: ${e.sentence}` }));
        else if (e.type === 'xstate.done.actor.confirmRemove') await answer(user, e);
        else await act(async () => settle(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        if (state.matches('asking')) {
          const dialog = screen.getByRole('dialog', { name: QUESTION });
          expect(dialog).toHaveAccessibleDescription(`"${TARGET.sentence}" will no longer raise alerts. Alerts it raised stay.`);
          expect(remove.calls()).toEqual([]);
          return;
        }
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        if (state.matches('removing')) {
          // Only Remove calls the server, once, for the rule whose button was pressed; meanwhile no other Remove starts.
          expect(remove.calls()).toEqual([[TARGET.id]]);
          for (const button of screen.getAllByRole('button', { name: /^Remove: / })) expect(button).toBeDisabled();
          return;
        }
        if (e.type === 'xstate.done.actor.removeRule') {
          expect(await screen.findByText(RULE_REMOVED)).toBeInTheDocument();
          // The list is read again and no longer shows the rule.
          await waitFor(() => expect(rowTexts()).toEqual([SHOWN[0], SHOWN[2]]));
          return;
        }
        await waitFor(() => expect(rowTexts()).toEqual(SHOWN));
        for (const button of screen.getAllByRole('button', { name: /^Remove: / })) expect(button).toBeEnabled();
        if (e.type === 'xstate.error.actor.removeRule') expect(await screen.findByText(REMOVE_FAILURE)).toBeInTheDocument();
        if (e.type === 'xstate.done.actor.confirmRemove') expect(remove.calls()).toEqual([]);
      },
    };
  });
});

// Written from the task, not from the graph.
describe('Alert rules page scenarios', () => {
  beforeEach(clearToasts);

  it('links each rule to its edit page and offers Add rule', async () => {
    fakeRules();
    renderRules();
    await waitFor(() => expect(rowTexts()).toEqual(SHOWN));
    expect(screen.getByRole('link', { name: 'Edit: No trade recorded by 11:00' })).toHaveAttribute('href', '/alerts/rules/edit?id=2');
    expect(screen.getByRole('link', { name: 'Add rule' })).toHaveAttribute('href', '/alerts/rules/create');
  });

  it('searches by rule or member', async () => {
    const user = userEvent.setup();
    fakeRules();
    renderRules();
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search by rule or member' }), 'nora');
    expect(rowTexts()).toEqual([SHOWN[1]]);
  });
});
