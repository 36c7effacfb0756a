import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { alertsService } from '../services/alerts.service';
import type { Notice } from '../shared/effects';
import { confirmDialogMachine, type ConfirmDialogInput } from './confirm-dialog.machine';
import type { ListReloadRef } from './list.machine';
import { aim, askFirst, confirmed } from './support/ask-first';
import { reloadList } from './support/list-reload';
import { notProvided } from './support/machine-effects';
import { errorNotice } from './support/notices';

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
    context: {} as { target: Target | null; list: ListReloadRef | null },
    input: {} as { list?: ListReloadRef } | undefined,
    events: {} as RuleActionsEvent,
    children: {} as { confirmRemove: 'confirmDialog'; removeRule: 'removeRule' },
    tags: {} as 'busy',
  },
  actors: {
    confirmDialog: confirmDialogMachine,
    removeRule: fromPromise<void, Target>(({ input }) => alertsService.removeRule(input.id)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    aim: aim(),
    reloadList: reloadList(),
  },
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
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeRule',
        src: 'removeRule',
        input: ({ context }) => context.target!,
        onDone: {
          target: 'idle',
          actions: [{ type: 'notify', params: { message: RULE_REMOVED, type: 'success' } }, 'reloadList'],
        },
        onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
      },
    },
  },
});

export type AlertRuleActionsSnapshot = SnapshotFrom<typeof alertRuleActionsMachine>;
