// The model of the entityFormMachine: the events the tests may send and how graph vertices are told apart. Shared by
// the model-based test and the QA document generator (scripts/machine-docs.ts). The fixture is the edit form of one
// person (name and e-mail); the save's answers are the record as stored, a conflict (409), the server's message on the
// e-mail field (422) and a failure without one.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { DialogOutcome } from '../../../src/machines/confirm-dialog.machine';
import { entityFormMachine, type EntityFormEvent, type EntityFormInput, type FormRecord } from '../../../src/machines/entity-form.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof entityFormMachine>;
export type ModelEvent =
  | EntityFormEvent
  | { type: 'xstate.done.actor.load'; output: FormRecord }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.confirmSave'; output: DialogOutcome }
  | { type: 'xstate.done.actor.save'; output: FormRecord }
  | { type: 'xstate.error.actor.save'; error: unknown };

export const RECORD: FormRecord = { values: { name: 'Ava Chen', email: 'ava@example.com' }, version: 3 };
export const NOT_FOUND = 'User not found';
export const CONFLICT = 'This user was changed by someone else. Reload to see the changes.';
export const INVALID_EMAIL = 'Invalid email address';
export const UNAVAILABLE = 'Database unavailable';

export const EVENTS: ModelEvent[] = [
  { type: 'form.change', field: 'name', value: 'Ava Smith' },
  { type: 'form.change', field: 'name', value: 'Ava Chen' },
  { type: 'form.change', field: 'email', value: 'ava.chen@example.com' },
  { type: 'form.reset' },
  { type: 'form.submit' },
  { type: 'form.reload' },
  { type: 'xstate.done.actor.load', output: RECORD },
  { type: 'xstate.error.actor.load', error: new ApiError(NOT_FOUND, 404) },
  { type: 'xstate.done.actor.confirmSave', output: { result: 'confirmed', reason: null } },
  { type: 'xstate.done.actor.confirmSave', output: { result: 'dismissed', reason: 'cancel' } },
  { type: 'xstate.done.actor.confirmSave', output: { result: 'dismissed', reason: 'esc' } },
  { type: 'xstate.done.actor.save', output: RECORD },
  { type: 'xstate.error.actor.save', error: new ApiError(CONFLICT, 409) },
  {
    type: 'xstate.error.actor.save',
    error: new ApiError(INVALID_EMAIL, 422, { status: 'error', message: INVALID_EMAIL, errors: { email: [INVALID_EMAIL] } }),
  },
  { type: 'xstate.error.actor.save', error: new ApiError(UNAVAILABLE, 503) },
];

/** The server stores what was sent under a new version (one number, so the graph stays finite). */
export const SAVED_VERSION = 4;
const storedAnswer = (s: Snapshot, event: ModelEvent): ModelEvent =>
  event.type === 'xstate.done.actor.save' ? { ...event, output: { values: s.context.values, version: SAVED_VERSION } } : event;

function allowed(s: Snapshot, event: ModelEvent): boolean {
  // Typing what the field already holds sends nothing.
  if (event.type === 'form.change' && s.context.values[event.field] === event.value) return false;
  return s.can(event as EntityFormEvent);
}

export const model = new TestModel(entityFormMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)).map((e) => storedAnswer(s, e)) as EntityFormEvent[],
  // Values against the stored record decide dirtiness (the guards), the field messages what the fields show; the state
  // it came from keeps an event several states accept (a change, Reset, Save) on some shortest path from each of them.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([s.value, s.context.values, s.context.initial, Object.keys(s.context.fieldErrors), eventKey(event), previous?.value]),
});

export const INPUT: EntityFormInput = { id: 12, messages: { reset: "{name}'s info reset.", saved: "{name}'s info updated successfully!" } };
export const paths = selectPaths(entityFormMachine, model.getShortestPaths({ input: INPUT } as never), eventKey);
