import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate';
import type { ApiKeyAccess, CreateApiKeyInput } from '@contract/api-keys.contract';
import type { ApiKey, CreatedApiKey } from '@contract/api/api-keys.calls';
import { fieldErrorsOf, toErrorInfo, type ErrorInfo } from '../services/api-error';
import { apiKeysService } from '../services/api-keys.service';
import type { Notice } from '../shared/effects';
import { confirmDialogMachine, type ConfirmDialogInput } from './confirm-dialog.machine';
import { aim, askFirst, confirmed } from './support/ask-first';
import { notProvided } from './support/machine-effects';
import { errorNotice } from './support/notices';

/** The scope select's value for every branch; a branch is its restaurant id as text. */
export const ALL_BRANCHES = 'all';

/** `access`: what the key may call, the ingest calls or (a BI tool's) the analytics GETs. */
export type ApiKeyDraft = { name: string; scope: string; access: ApiKeyAccess };
/** The create form's fields that can carry a message (the server's 422, or the empty name caught before a call). */
export type ApiKeyField = 'name' | 'restaurant_id' | 'access';
type Target = { id: number; name: string };

export const NAME_REQUIRED = 'Name is required';
export const createdMessage = (name: string) => `API key "${name}" created`;
export const revokedMessage = (name: string) => `API key "${name}" revoked`;
export const revokeQuestion = (name: string): ConfirmDialogInput => ({
  title: `Revoke "${name}"?`,
  text: 'Systems using this key are refused from their next call. This cannot be undone!',
  confirmLabel: 'Revoke',
});

export type ApiKeysContext = {
  keys: ApiKey[];
  /** Why the list could not be read. */
  error: ErrorInfo | null;
  draft: ApiKeyDraft;
  fieldErrors: Partial<Record<ApiKeyField, string>>;
  /** The key just created, with its secret: kept only while the secret is shown, dropped by Done. */
  created: CreatedApiKey | null;
  /** The key whose revoke is asked or under way. */
  target: Target | null;
};

export type ApiKeysEvent =
  | { type: 'keys.retry' }
  | { type: 'create.change'; field: 'name' | 'scope'; value: string }
  | { type: 'create.change'; field: 'access'; value: ApiKeyAccess }
  | { type: 'create.submit' }
  | { type: 'secret.copy' }
  | { type: 'secret.done' }
  | { type: 'revoke.ask'; id: number; name: string };

/** A create or revoke that succeeded, as the list region hears it: the list is read again. */
type KeysChanged = DoneActorEvent<CreatedApiKey, 'createKey'> | DoneActorEvent<void, 'revokeKey'>;

const EMPTY_DRAFT: ApiKeyDraft = { name: '', scope: ALL_BRANCHES, access: 'ingest' };

/** The create call's body: the trimmed name, null for every branch or the branch's id, and the access. */
export const createBody = ({ name, scope, access }: ApiKeyDraft): CreateApiKeyInput => ({
  name: name.trim(),
  restaurant_id: scope === ALL_BRANCHES ? null : Number(scope),
  access,
});

/** A 422's messages on the form's fields; empty when the failure names none of them. */
function fieldMessages(error: unknown): Partial<Record<ApiKeyField, string>> {
  const { name, restaurant_id, access } = fieldErrorsOf(error);
  return { ...(name ? { name } : {}), ...(restaurant_id ? { restaurant_id } : {}), ...(access ? { access } : {}) };
}

/** The browser's clipboard; unavailable (an http page other than localhost, a refused permission) it rejects and the page selects the text instead. */
const writeClipboard = fromPromise<void, string>(async ({ input }) => {
  if (!navigator.clipboard) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(input);
});

/**
 * The Integrations page: the franchise's API keys (loading, the list, its failure with Retry, read
 * again after every create and revoke), the create form (Name, Scope, Access) whose new secret is shown once
 * until Done, with Copy, and Revoke behind the confirm dialog. Three regions run side by side, so the
 * list refreshes while the secret shows and a revoke can run while a key is being created.
 */
export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent | KeysChanged,
    children: {} as {
      fetchKeys: 'fetchKeys';
      refreshKeys: 'fetchKeys';
      createKey: 'createKey';
      copySecret: 'copySecret';
      confirmRevoke: 'confirmDialog';
      revokeKey: 'revokeKey';
    },
    tags: {} as 'busy',
  },
  actors: {
    fetchKeys: fromPromise<ApiKey[]>(() => apiKeysService.list()),
    createKey: fromPromise<CreatedApiKey, CreateApiKeyInput>(({ input }) => apiKeysService.create(input)),
    copySecret: writeClipboard,
    confirmDialog: confirmDialogMachine,
    revokeKey: fromPromise<void, Target>(({ input }) => apiKeysService.revoke(input.id)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    storeKeys: assign((_, keys: ApiKey[]) => ({ keys, error: null })),
    storeError: assign((_, error: ErrorInfo) => ({ error })),
    aim: aim(),
  },
  guards: {
    /** A blank name is refused before any call, as the server would. */
    nameMissing: ({ context }) => context.draft.name.trim() === '',
    /** The server refused the name or the scope: its messages go on those fields. */
    fieldsRefused: (_, messages: Partial<Record<ApiKeyField, string>>) => Object.keys(messages).length > 0,
    confirmed,
  },
}).createMachine({
  id: 'apiKeys',
  type: 'parallel',
  context: { keys: [], error: null, draft: EMPTY_DRAFT, fieldErrors: {}, created: null, target: null },
  states: {
    keys: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchKeys',
            src: 'fetchKeys',
            onDone: { target: 'ready', actions: { type: 'storeKeys', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => toErrorInfo(event.error) } },
          },
          // A key created or revoked meanwhile may be missing from the answer on its way: ask again.
          on: {
            'xstate.done.actor.createKey': { target: 'loading', reenter: true },
            'xstate.done.actor.revokeKey': { target: 'loading', reenter: true },
          },
        },
        ready: {
          initial: 'idle',
          // The table stays while the list is read again.
          on: {
            'xstate.done.actor.createKey': { target: '.refreshing', reenter: true },
            'xstate.done.actor.revokeKey': { target: '.refreshing', reenter: true },
          },
          states: {
            idle: {},
            refreshing: {
              invoke: {
                id: 'refreshKeys',
                src: 'fetchKeys',
                onDone: { target: 'idle', actions: { type: 'storeKeys', params: ({ event }) => event.output } },
                onError: {
                  target: '#apiKeys.keys.failed',
                  actions: { type: 'storeError', params: ({ event }) => toErrorInfo(event.error) },
                },
              },
            },
          },
        },
        failed: {
          on: {
            'keys.retry': 'loading',
            'xstate.done.actor.createKey': 'loading',
            'xstate.done.actor.revokeKey': 'loading',
          },
        },
      },
    },
    create: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'create.change': {
              actions: assign(({ context, event }) => {
                const field: ApiKeyField = event.field === 'scope' ? 'restaurant_id' : event.field;
                const { [field]: _cleared, ...fieldErrors } = context.fieldErrors;
                return { draft: { ...context.draft, [event.field]: event.value }, fieldErrors };
              }),
            },
            'create.submit': [
              {
                guard: 'nameMissing',
                actions: assign(({ context }) => ({ fieldErrors: { ...context.fieldErrors, name: NAME_REQUIRED } })),
              },
              { target: 'creating', actions: assign({ fieldErrors: {} }) },
            ],
          },
        },
        creating: {
          tags: 'busy',
          invoke: {
            id: 'createKey',
            src: 'createKey',
            input: ({ context }) => createBody(context.draft),
            onDone: {
              target: 'secret',
              actions: [
                assign(({ event }) => ({ created: event.output, draft: EMPTY_DRAFT })),
                { type: 'notify', params: ({ event }) => ({ message: createdMessage(event.output.name), type: 'success' }) },
              ],
            },
            onError: [
              {
                guard: { type: 'fieldsRefused', params: ({ event }) => fieldMessages(event.error) },
                target: 'editing',
                actions: assign(({ event }) => ({ fieldErrors: fieldMessages(event.error) })),
              },
              { target: 'editing', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
            ],
          },
        },
        secret: {
          initial: 'shown',
          on: { 'secret.done': { target: 'editing', actions: assign({ created: null }) } },
          states: {
            shown: { on: { 'secret.copy': 'copying' } },
            copying: {
              invoke: {
                id: 'copySecret',
                src: 'copySecret',
                input: ({ context }) => context.created!.secret,
                onDone: 'copied',
                onError: 'copyFailed',
              },
            },
            copied: { on: { 'secret.copy': 'copying' } },
            /** The page selects the secret's text for the user to copy by hand. */
            copyFailed: { on: { 'secret.copy': 'copying' } },
          },
        },
      },
    },
    revoke: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'revoke.ask': { target: 'asking', actions: { type: 'aim', params: ({ event }) => ({ id: event.id, name: event.name }) } } },
        },
        asking: askFirst('confirmRevoke', (target: Target) => revokeQuestion(target.name), 'revoking'),
        revoking: {
          tags: 'busy',
          invoke: {
            id: 'revokeKey',
            src: 'revokeKey',
            input: ({ context }) => context.target!,
            onDone: {
              target: 'idle',
              actions: { type: 'notify', params: ({ context }) => ({ message: revokedMessage(context.target!.name), type: 'success' }) },
            },
            onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
          },
        },
      },
    },
  },
});

export type ApiKeysSnapshot = SnapshotFrom<typeof apiKeysMachine>;

/** What the keys card shows: the loader, the table (also while it is read again), or the failure with Retry. */
export const listStatus = (s: ApiKeysSnapshot): 'loading' | 'ready' | 'failed' =>
  s.matches({ keys: 'loading' }) ? 'loading' : s.matches({ keys: 'failed' }) ? 'failed' : 'ready';

/** What the create card shows: the form (idle or sending) or the new secret and how its copy went. */
export const createStatus = (s: ApiKeysSnapshot): 'editing' | 'creating' | 'shown' | 'copying' | 'copied' | 'copyFailed' => {
  if (s.matches({ create: 'editing' })) return 'editing';
  if (s.matches({ create: 'creating' })) return 'creating';
  return (['shown', 'copying', 'copied', 'copyFailed'] as const).find((v) => s.matches({ create: { secret: v } }))!;
};
