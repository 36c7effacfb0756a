// The model of the alertRuleActionsMachine (an alert rule row's Remove): the events the tests may send and how graph
// vertices are told apart. Shared by the model-based test and the QA document generator (scripts/machine-docs.ts).
// Remove asks first and ends confirmed or dismissed; the remove call succeeds or fails.
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { alertRuleActionsMachine, type RuleActionsEvent } from '../../../src/machines/alert-rule-actions.machine';
import type { DialogOutcome } from '../../../src/machines/confirm-dialog.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof alertRuleActionsMachine>;
export type ModelEvent =
  | RuleActionsEvent
  | { type: 'xstate.done.actor.confirmRemove'; output: DialogOutcome }
  | { type: 'xstate.done.actor.removeRule'; output: undefined }
  | { type: 'xstate.error.actor.removeRule'; error: unknown };

/** The rule whose Remove the owner presses: the second row, so a wrong target shows. */
export const TARGET = { id: 2, sentence: 'No trade recorded by 11:00' } as const;
export const REMOVE_FAILURE = 'Alert rule not found';

export const EVENTS: ModelEvent[] = [
  { type: 'rule.remove', ...TARGET },
  { type: 'xstate.done.actor.confirmRemove', output: { result: 'confirmed', reason: null } },
  { type: 'xstate.done.actor.confirmRemove', output: { result: 'dismissed', reason: 'cancel' } },
  { type: 'xstate.done.actor.removeRule', output: undefined },
  { type: 'xstate.error.actor.removeRule', error: new ApiError(REMOVE_FAILURE, 404) },
];

// TestModel's logic type knows no emitted events (the machine emits `removed`): the machine is the same.
export const model = new TestModel(alertRuleActionsMachine as unknown as ActorLogic<Snapshot, RuleActionsEvent, undefined>, {
  events: (s: Snapshot) => EVENTS.filter((e) => s.can(e as RuleActionsEvent)) as RuleActionsEvent[],
  // The event that led here tells apart the ways back to idle (kept, removed, failed).
  serializeState: (s: Snapshot, event) => JSON.stringify([s.value, eventKey(event)]),
});
export const paths = selectPaths(alertRuleActionsMachine, model.getShortestPaths(), eventKey);
