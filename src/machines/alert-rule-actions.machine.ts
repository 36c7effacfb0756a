import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { alertsService } from '../services/alerts.service';
import { confirmDialogMachine, type ConfirmDialogInput } from './confirm-dialog.machine';
import type { RowActionsInput } from './list.machine';
import { askFirst, confirmed } from './support/ask-first';
import { rowCall, rowEffects, type RowContext } from './support/row-actions';

type Target = { id: number; sentence: string };

export const removeRuleQuestion = (sentence: string): ConfirmDialogInput => ({
  title: 'Remove this alert rule?',
  text: `"${sentence}" will no longer raise alerts. Alerts it raised stay.`,
  confirmLabel: 'Remove',
});
export const RULE_REMOVED = 'Alert rule removed';

export type RuleActionsEvent = { type: 'rule.remove'; id: number; sentence: string };

/** A rule row's Remove: asked first, only Remove removes; a removal tells the rules list (its input) to read itself again. */
export const alertRuleActionsMachine = setup({
  types: {
    context: {} as RowContext<Target>,
    input: {} as RowActionsInput | undefined,
    events: {} as RuleActionsEvent,
    children: {} as { confirmRemove: 'confirmDialog'; removeRule: 'removeRule' },
    tags: {} as 'busy',
  },
  actors: {
    confirmDialog: confirmDialogMachine,
    removeRule: fromPromise<void, Target>(({ input }) => alertsService.removeRule(input.id)),
  },
  actions: rowEffects<RowContext<Target>, RuleActionsEvent>(),
  guards: { confirmed },
}).createMachine({
  id: 'alertRuleActions',
  initial: 'idle',
  context: ({ input }) => ({ target: null, list: input?.list ?? null }),
  states: {
    idle: {
      on: {
        'rule.remove': { target: 'asking', actions: { type: 'aim', params: ({ event }) => ({ id: event.id, sentence: event.sentence }) } },
      },
    },
    asking: askFirst('confirmRemove', (target: Target) => removeRuleQuestion(target.sentence), 'removing'),
    removing: rowCall('removeRule', [{ type: 'notify', params: { message: RULE_REMOVED, type: 'success' } }, 'reloadList']),
  },
});

export type AlertRuleActionsSnapshot = SnapshotFrom<typeof alertRuleActionsMachine>;
