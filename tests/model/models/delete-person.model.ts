// The model of the deletePersonMachine: the events the tests may send and how graph vertices are told apart. Shared by
// the model-based test and the QA document generator (scripts/machine-docs.ts). The question is the product's delete
// question (docs/product.md#dialogs: Yes and Cancel, no No button, no delay), so it ends confirmed or dismissed by Cancel,
// the backdrop, the close button or Escape; the delete call succeeds or fails with the server's message.
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { DialogOutcome } from '../../../src/machines/confirm-dialog.machine';
import { deletePersonMachine } from '../../../src/machines/delete-person.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof deletePersonMachine>;
type AskEvent = { type: 'delete.ask'; id: number; name: string };
export type ModelEvent =
  | AskEvent
  | { type: 'xstate.done.actor.confirmDelete'; output: DialogOutcome }
  | { type: 'xstate.done.actor.remove'; output: undefined }
  | { type: 'xstate.error.actor.remove'; error: unknown };

/** The person whose trash (or Delete User) the user presses: the second row of the list, so a wrong target shows. */
export const TARGET = { id: 2, name: 'Liam Brown' } as const;
export const REMOVE_FAILURE = 'This person has shifts in progress';

export const EVENTS: ModelEvent[] = [
  { type: 'delete.ask', ...TARGET },
  { type: 'xstate.done.actor.confirmDelete', output: { result: 'confirmed', reason: null } },
  { type: 'xstate.done.actor.confirmDelete', output: { result: 'dismissed', reason: 'cancel' } },
  { type: 'xstate.done.actor.confirmDelete', output: { result: 'dismissed', reason: 'backdrop' } },
  { type: 'xstate.done.actor.confirmDelete', output: { result: 'dismissed', reason: 'close' } },
  { type: 'xstate.done.actor.confirmDelete', output: { result: 'dismissed', reason: 'esc' } },
  { type: 'xstate.done.actor.remove', output: undefined },
  { type: 'xstate.error.actor.remove', error: new ApiError(REMOVE_FAILURE, 409) },
];

// TestModel's logic type knows no emitted events (the machine emits `deleted`): the machine is the same.
export const model = new TestModel(deletePersonMachine as unknown as ActorLogic<Snapshot, AskEvent, undefined>, {
  events: (s: Snapshot) => EVENTS.filter((e) => s.can(e as AskEvent)) as AskEvent[],
  // The event that led here tells apart the ways back to idle (kept, deleted, failed), so each gets its own path.
  serializeState: (s: Snapshot, event) => JSON.stringify([s.value, eventKey(event)]),
});
export const paths = selectPaths(deletePersonMachine, model.getShortestPaths(), eventKey);
