// The model of the apiKeysMachine (the Integrations page): the events the tests may send and how graph vertices are told
// apart. Shared by the model-based test and the QA document generator (scripts/machine-docs.ts). The franchise has two
// keys, an ingest and a read key; creating "Kitchen POS" for the Parramatta branch (ingest or read) makes three. The list call answers them, none, or fails; the
// create call answers the new key, a 422 on the name, or fails; the clipboard copies or is unavailable; the revoke
// question ends with Revoke or Cancel, and the revoke call succeeds or fails.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { ApiKey, CreatedApiKey } from '@contract/api/api-keys.calls';
import type { DialogOutcome } from '../../../src/machines/confirm-dialog.machine';
import { apiKeysMachine, listStatus, type ApiKeysEvent } from '../../../src/machines/api-keys.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof apiKeysMachine>;
export type ModelEvent =
  | ApiKeysEvent
  | { type: 'xstate.done.actor.fetchKeys' | 'xstate.done.actor.refreshKeys'; output: ApiKey[] }
  | { type: 'xstate.error.actor.fetchKeys' | 'xstate.error.actor.refreshKeys'; error: unknown }
  | { type: 'xstate.done.actor.createKey'; output: CreatedApiKey }
  | { type: 'xstate.error.actor.createKey'; error: unknown }
  | { type: 'xstate.done.actor.copySecret'; output: undefined }
  | { type: 'xstate.error.actor.copySecret'; error: unknown }
  | { type: 'xstate.done.actor.confirmRevoke'; output: DialogOutcome }
  | { type: 'xstate.done.actor.revokeKey'; output: undefined }
  | { type: 'xstate.error.actor.revokeKey'; error: unknown };

export const BRANCH = { id: 7, name: 'Parramatta' } as const;
export const NEW_NAME = 'Kitchen POS';
/** The create form's read access, as it offers it. */
export const READ_CHOICE = 'Read (BI tools: analytics only)';
export const SECRET = 'fck_5e1f0a2b_q8ZrVt3mXo1LkP0sNwYb6HcJd9EaUf2GiR7TyQ4vWx5';
export const KEYS: ApiKey[] = [
  {
    id: 2,
    name: 'Roster sync',
    restaurant_id: null,
    restaurant_name: null,
    prefix: 'fck_9c3d7e11',
    access: 'ingest',
    created_at: '2026-11-20T03:15:00.000Z',
    last_used_at: '2026-11-24T22:05:00.000Z',
  },
  {
    id: 1,
    name: 'Bondi POS',
    restaurant_id: 9,
    restaurant_name: 'Bondi Beach',
    prefix: 'fck_0b8a4f2c',
    access: 'read',
    created_at: '2026-11-02T01:00:00.000Z',
    last_used_at: null,
  },
];
export const CREATED: CreatedApiKey = {
  id: 3,
  name: NEW_NAME,
  restaurant_id: BRANCH.id,
  prefix: SECRET.slice(0, 12),
  access: 'read',
  secret: SECRET,
  created_at: '2026-11-25T04:30:00.000Z',
};
const { secret: _secret, ...createdFields } = CREATED;
/** The list after the create: the new key first. */
export const KEYS_WITH_NEW: ApiKey[] = [{ ...createdFields, restaurant_name: BRANCH.name, last_used_at: null }, ...KEYS];
/** The key whose Revoke the user presses: the second row, so a wrong target shows. */
export const TARGET = { id: KEYS[1]!.id, name: KEYS[1]!.name } as const;

export const LIST_FAILURE = 'The service is temporarily unavailable. Please try again shortly.';
export const NAME_TAKEN = 'An API key with this name already exists';
export const CREATE_FAILURE = 'Network error: the server could not be reached';
export const REVOKE_FAILURE = 'API key not found';

export const EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchKeys', output: KEYS },
  { type: 'xstate.done.actor.fetchKeys', output: [] },
  { type: 'xstate.error.actor.fetchKeys', error: new ApiError(LIST_FAILURE, 503) },
  { type: 'xstate.done.actor.refreshKeys', output: KEYS_WITH_NEW },
  { type: 'xstate.error.actor.refreshKeys', error: new ApiError(LIST_FAILURE, 503) },
  { type: 'keys.retry' },
  { type: 'create.change', field: 'name', value: NEW_NAME },
  { type: 'create.change', field: 'scope', value: String(BRANCH.id) },
  { type: 'create.change', field: 'access', value: 'read' },
  { type: 'create.submit' },
  { type: 'xstate.done.actor.createKey', output: CREATED },
  {
    type: 'xstate.error.actor.createKey',
    error: new ApiError(NAME_TAKEN, 422, { status: 'error', message: NAME_TAKEN, errors: { name: [NAME_TAKEN] } }),
  },
  { type: 'xstate.error.actor.createKey', error: new ApiError(CREATE_FAILURE, 0) },
  { type: 'secret.copy' },
  { type: 'xstate.done.actor.copySecret', output: undefined },
  { type: 'xstate.error.actor.copySecret', error: new Error('The clipboard is not available') },
  { type: 'secret.done' },
  { type: 'revoke.ask', ...TARGET },
  { type: 'xstate.done.actor.confirmRevoke', output: { result: 'confirmed', reason: null } },
  { type: 'xstate.done.actor.confirmRevoke', output: { result: 'dismissed', reason: 'cancel' } },
  { type: 'xstate.done.actor.revokeKey', output: undefined },
  { type: 'xstate.error.actor.revokeKey', error: new ApiError(REVOKE_FAILURE, 404) },
];

/** What the user can do in this snapshot: an actor's answer only while it runs, Revoke only on a row shown. */
function allowed(s: Snapshot, event: ModelEvent): boolean {
  const settles = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (settles) return (s.children as Record<string, unknown>)[settles] !== undefined;
  if (event.type === 'revoke.ask') return listStatus(s) === 'ready' && s.context.keys.some((k) => k.id === event.id) && s.can(event);
  // Each field is filled once: typing the same text again changes nothing.
  if (event.type === 'create.change') return s.context.draft[event.field] !== event.value && s.can(event);
  return s.can(event as ApiKeysEvent);
}

const regionValue = (value: unknown) => JSON.stringify(value);

export const model = new TestModel(apiKeysMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as ApiKeysEvent[],
  // The draft, the field errors and the list choose the guards and what is shown; the event that led here and the
  // state it came from keep each transition (also one defined on a parent, from each of its leaves) on a shortest path.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([
      regionValue(s.value),
      s.context.draft,
      Object.keys(s.context.fieldErrors),
      s.context.keys.length,
      eventKey(event),
      previous ? regionValue(previous.value) : null,
    ]),
});

export const paths = selectPaths(apiKeysMachine, model.getShortestPaths(), eventKey);
