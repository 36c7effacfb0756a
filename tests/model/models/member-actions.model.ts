// The model of the memberActionsMachine (a Team row's Remove and Resend invitation): the events the tests may send and
// how graph vertices are told apart. Shared by the model-based test and the QA document generator
// (scripts/machine-docs.ts). Remove asks first and ends confirmed or dismissed; the remove call succeeds or is refused
// (the last owner); the resend call succeeds or fails.
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { DialogOutcome } from '../../../src/machines/confirm-dialog.machine';
import { memberActionsMachine, type MemberActionsEvent } from '../../../src/machines/member-actions.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof memberActionsMachine>;
export type ModelEvent =
  | MemberActionsEvent
  | { type: 'xstate.done.actor.confirmRemove'; output: DialogOutcome }
  | { type: 'xstate.done.actor.remove'; output: string }
  | { type: 'xstate.error.actor.remove'; error: unknown }
  | { type: 'xstate.done.actor.resend'; output: string }
  | { type: 'xstate.error.actor.resend'; error: unknown };

/** The member whose Remove the owner presses (the second row, so a wrong target shows), and an invited one. */
export const TARGET = { id: 2, name: 'Liam Brown' } as const;
export const INVITED = { id: 3, name: 'Nora Lee', email: 'nora@example.com' } as const;
export const REMOVED = `${TARGET.name} removed`;
export const LAST_OWNER = 'A franchise needs at least one owner: make someone else an owner first';
export const RESENT = `Invitation sent to ${INVITED.email}`;
export const RESEND_FAILURE = 'Network error: the server could not be reached';

export const EVENTS: ModelEvent[] = [
  { type: 'member.remove', ...TARGET },
  { type: 'member.resend', id: INVITED.id, name: INVITED.name },
  { type: 'xstate.done.actor.confirmRemove', output: { result: 'confirmed', reason: null } },
  { type: 'xstate.done.actor.confirmRemove', output: { result: 'dismissed', reason: 'cancel' } },
  { type: 'xstate.done.actor.remove', output: REMOVED },
  { type: 'xstate.error.actor.remove', error: new ApiError(LAST_OWNER, 409) },
  { type: 'xstate.done.actor.resend', output: RESENT },
  { type: 'xstate.error.actor.resend', error: new ApiError(RESEND_FAILURE, 0) },
];

// TestModel's logic type knows no emitted events (the machine emits `removed`): the machine is the same.
export const model = new TestModel(memberActionsMachine as unknown as ActorLogic<Snapshot, MemberActionsEvent, undefined>, {
  events: (s: Snapshot) => EVENTS.filter((e) => s.can(e as MemberActionsEvent)) as MemberActionsEvent[],
  // The event that led here tells apart the ways back to idle (kept, removed, refused, resent, failed).
  serializeState: (s: Snapshot, event) => JSON.stringify([s.value, eventKey(event)]),
});
export const paths = selectPaths(memberActionsMachine, model.getShortestPaths(), eventKey);
