import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey, CreatedApiKey } from '@contract/api/api-keys.calls';
import { apiKeysMachine } from '../../src/machines/api-keys.machine';
import { apiKeysService } from '../../src/services/api-keys.service';
import IntegrationsPage from '../../src/views/integrations/integrations.page';
import { SessionContext } from '../../src/views/shared/session.context';
import {
  BRANCH,
  CREATE_FAILURE,
  CREATED,
  KEYS,
  LIST_FAILURE,
  NAME_TAKEN,
  NEW_NAME,
  READ_CHOICE,
  REVOKE_FAILURE,
  SECRET,
  TARGET,
  paths,
  type ModelEvent,
  type Snapshot,
} from './models/api-keys.model';
import { choose } from './support/choose';
import { runModel } from './support/model-runner';
import { inspectPageActors } from './support/page-actors';
import { SESSION_RESTAURANTS, signedInSession } from './support/page-session';
import { clearToasts, renderView } from './support/render-view';
import { controllableCall } from './support/service-calls';

// The real Integrations page with its own machine and actor; only the API key calls and the clipboard are answered by the
// test, and the page's actor is inspected through the options the page gives it.
vi.mock('@xstate/react', async (original) => (await import('./support/page-actors')).withPageInspection(await original()));
vi.mock('../../src/services/api-keys.service', async (original) => ({
  ...(await original<typeof import('../../src/services/api-keys.service')>()),
  apiKeysService: { list: vi.fn(), create: vi.fn(), revoke: vi.fn() },
}));

/** The page's calls, each answered when the model says; the clipboard's writeText too (after user-event installed its own). */
function fakeCalls() {
  vi.clearAllMocks();
  const list = controllableCall<ApiKey[]>();
  const create = controllableCall<CreatedApiKey, [unknown]>();
  const revoke = controllableCall<undefined, [number]>();
  const copy = controllableCall<undefined, [string]>();
  vi.mocked(apiKeysService.list).mockImplementation(list.fn);
  vi.mocked(apiKeysService.create).mockImplementation(create.fn as typeof apiKeysService.create);
  vi.mocked(apiKeysService.revoke).mockImplementation(revoke.fn);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: copy.fn } });
  return { list, create, revoke, copy };
}

function renderPage() {
  return renderView(
    () => (
      <SessionContext.Provider logic={signedInSession().logic}>
        <IntegrationsPage title="Integrations" />
      </SessionContext.Provider>
    ),
    { path: '/integrations' },
  );
}

const QUESTION = `Revoke "${TARGET.name}"?`;

/** The API keys card (the page's other card holds the restaurants' ids). */
const keysCard = () => within(screen.getByRole('region', { name: 'API keys' }));

/** The names in the keys table, in order. */
const rowNames = () =>
  keysCard()
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

async function answer(user: UserEvent, event: Extract<ModelEvent, { type: 'xstate.done.actor.confirmRevoke' }>) {
  const dialog = screen.getByRole('dialog', { name: QUESTION });
  await user.click(within(dialog).getByRole('button', { name: event.output.result === 'confirmed' ? 'Revoke' : 'Cancel' }));
}

/** The keys card: the loader, the failure with Retry, the empty text, or the table of the keys the machine holds. */
async function verifyKeys(state: Snapshot) {
  if (state.matches({ keys: 'loading' })) {
    expect(screen.getByRole('status', { name: 'Loading API keys' })).toBeInTheDocument();
    expect(keysCard().queryByRole('table')).not.toBeInTheDocument();
    return;
  }
  expect(screen.queryByRole('status', { name: 'Loading API keys' })).not.toBeInTheDocument();
  if (state.matches({ keys: 'failed' })) {
    expect(screen.getByText('API keys could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(LIST_FAILURE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(keysCard().queryByRole('table')).not.toBeInTheDocument();
    return;
  }
  // ready, also while the list is read again after a create or revoke: the table stays.
  const keys = state.context.keys;
  if (keys.length === 0) {
    expect(screen.getByText('No API keys yet.')).toBeInTheDocument();
    expect(keysCard().queryByRole('table')).not.toBeInTheDocument();
    return;
  }
  expect(rowNames()).toEqual(keys.map((k) => k.name));
  const rows = keysCard().getAllByRole('row').slice(1);
  for (const [i, key] of keys.entries()) {
    const row = rows[i]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[1]).toBe(key.restaurant_name ?? 'All branches');
    expect(cells[2]).toBe(key.access === 'read' ? 'Read' : 'Ingest');
    expect(cells[3]).toBe(`${key.prefix}…`);
    if (key.last_used_at === null) expect(cells[5]).toBe('Never');
    // The secret is never in the table, only its prefix.
    expect(row.textContent).not.toContain(SECRET.slice(13));
  }
  const revokeButton = screen.getByRole('button', { name: `Revoke ${TARGET.name}` });
  if (state.matches({ revoke: 'idle' })) expect(revokeButton).toBeEnabled();
  else expect(revokeButton).toBeDisabled();
}

/** The API card, the same in every state: the base URL from the page's own origin, each restaurant's id, a command naming the first. */
function verifyApiAccess() {
  const api = within(screen.getByRole('region', { name: 'Your API' }));
  const base = `${window.location.origin}/api/v1`;
  expect(api.getByText(/^Base URL/)).toHaveTextContent(`Base URL: ${base}`);
  expect(
    api
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent),
  ).toEqual(SESSION_RESTAURANTS.map((r) => `${r.name}${r.id}`));
  expect(api.getByLabelText('Example command')).toHaveTextContent(`"restaurant_id": ${SESSION_RESTAURANTS[0]!.id},`);
  expect(api.getByRole('button', { name: 'Copy command' })).toBeEnabled();
}

/** The create card: the form (with its draft and messages, busy while sending) or the new secret with Copy and Done. */
async function verifyCreate(state: Snapshot, event: ModelEvent) {
  if (state.matches({ create: 'editing' }) || state.matches({ create: 'creating' })) {
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue(state.context.draft.name);
    expect(screen.getByRole('combobox', { name: /^Scope/ })).toHaveValue(
      state.context.draft.scope === 'all' ? 'All branches' : BRANCH.name,
    );
    expect(screen.getByRole('combobox', { name: /^Access/ })).toHaveValue(
      state.context.draft.access === 'read' ? READ_CHOICE : 'Ingest (send trade)',
    );
    const nameError = state.context.fieldErrors.name;
    if (nameError) expect(name).toHaveAccessibleDescription(expect.stringContaining(nameError));
    else expect(name).not.toHaveAttribute('aria-invalid', 'true');
    const submit = screen.getByRole('button', { name: 'Create key' });
    if (state.matches({ create: 'creating' })) {
      expect(submit).toHaveAttribute('data-loading', 'true');
      expect(name).toBeDisabled();
    } else {
      expect(submit).toBeEnabled();
      expect(name).toBeEnabled();
    }
    if (event.type === 'xstate.error.actor.createKey') {
      if (event.error instanceof Error && event.error.message === NAME_TAKEN) {
        expect(name).toHaveAccessibleDescription(expect.stringContaining(NAME_TAKEN));
      } else expect(await screen.findByText(CREATE_FAILURE)).toBeInTheDocument();
    }
    if (event.type === 'secret.done') expect(screen.queryByText(/shown only this once/)).not.toBeInTheDocument();
    return;
  }
  // The secret, once, with the note that it will not be shown again; no form meanwhile.
  expect(screen.getByText(SECRET)).toBeInTheDocument();
  expect(screen.getByText(/shown only this once and cannot be shown again/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create key' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
  if (event.type === 'xstate.done.actor.createKey') expect(await screen.findByText(`API key "${NEW_NAME}" created`)).toBeInTheDocument();
  if (state.matches({ create: { secret: 'copied' } })) {
    expect(screen.getByRole('button', { name: 'Copied' })).toBeEnabled();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Copied');
  } else expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  if (state.matches({ create: { secret: 'copying' } })) {
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveAttribute('data-loading', 'true');
  }
  if (state.matches({ create: { secret: 'copyFailed' } })) {
    // No clipboard: the key is selected for the user to copy by hand.
    expect(screen.getByText(/Copying is not available here: the key is selected/)).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(window.getSelection()?.toString()).toBe(SECRET));
  } else expect(screen.queryByText(/Copying is not available/)).not.toBeInTheDocument();
}

/** The revoke question, its call and toasts; `seen` is how many revoke calls there were when the question opened. */
async function verifyRevoke(state: Snapshot, event: ModelEvent, revokeCalls: [number][], seen: { atQuestion: number }) {
  if (state.matches({ revoke: 'asking' })) {
    seen.atQuestion = revokeCalls.length;
    const dialog = screen.getByRole('dialog', { name: QUESTION });
    expect(dialog).toHaveAccessibleDescription('Systems using this key are refused from their next call. This cannot be undone!');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent || b.getAttribute('aria-label')),
    ).toEqual(['Close dialog', 'Cancel', 'Revoke']);
    return;
  }
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  if (event.type === 'xstate.done.actor.confirmRevoke') {
    // Only Revoke calls the server, once, for the key whose button was pressed.
    const confirmed = event.output.result === 'confirmed';
    expect(revokeCalls.length).toBe(seen.atQuestion + (confirmed ? 1 : 0));
    if (confirmed) expect(revokeCalls.at(-1)).toEqual([TARGET.id]);
  }
  if (event.type === 'xstate.done.actor.revokeKey') expect(await screen.findByText(`API key "${TARGET.name}" revoked`)).toBeInTheDocument();
  if (event.type === 'xstate.error.actor.revokeKey') expect(await screen.findByText(REVOKE_FAILURE)).toBeInTheDocument();
}

describe('api keys machine × Integrations page (model-based)', () => {
  runModel(apiKeysMachine, paths, (inspect) => {
    inspectPageActors(apiKeysMachine.id, inspect);
    const user = userEvent.setup();
    const calls = fakeCalls();
    const seen = { atQuestion: 0, listCalls: 0 };
    renderPage();
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        seen.listCalls = calls.list.calls().length;
        switch (e.type) {
          case 'xstate.done.actor.fetchKeys':
          case 'xstate.error.actor.fetchKeys':
          case 'xstate.done.actor.refreshKeys':
          case 'xstate.error.actor.refreshKeys':
            return act(async () => calls.list.settle(e));
          case 'xstate.done.actor.createKey':
          case 'xstate.error.actor.createKey':
            return act(async () => calls.create.settle(e));
          case 'xstate.done.actor.copySecret':
          case 'xstate.error.actor.copySecret':
            return act(async () => calls.copy.settle(e));
          case 'xstate.done.actor.revokeKey':
          case 'xstate.error.actor.revokeKey':
            return act(async () => calls.revoke.settle(e));
          case 'xstate.done.actor.confirmRevoke':
            return answer(user, e);
          case 'keys.retry':
            return user.click(screen.getByRole('button', { name: 'Retry' }));
          case 'create.change':
            if (e.field === 'scope') return choose(user, 'Scope', BRANCH.name);
            if (e.field === 'access') return choose(user, 'Access', READ_CHOICE);
            await user.click(screen.getByRole('textbox', { name: /^Name/ }));
            return user.paste(e.value);
          case 'create.submit':
            return user.click(screen.getByRole('button', { name: 'Create key' }));
          case 'secret.copy':
            return user.click(screen.getByRole('button', { name: /^Cop(y|ied)$/ }));
          case 'secret.done':
            return user.click(screen.getByRole('button', { name: 'Done' }));
          case 'revoke.ask':
            return user.click(screen.getByRole('button', { name: `Revoke ${e.name}` }));
        }
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        verifyApiAccess();
        await verifyKeys(state);
        await verifyCreate(state, e);
        await verifyRevoke(state, e, calls.revoke.calls(), seen);
        // What the create call was sent: the trimmed name, the chosen scope and access.
        if (e.type === 'create.submit' && state.matches({ create: 'creating' })) {
          expect(calls.create.calls().at(-1)).toEqual([
            { name: NEW_NAME, restaurant_id: state.context.draft.scope === 'all' ? null : BRANCH.id, access: state.context.draft.access },
          ]);
        }
        // The list is read again after every create and revoke that succeeded.
        if (e.type === 'xstate.done.actor.createKey' || e.type === 'xstate.done.actor.revokeKey') {
          expect(calls.list.calls().length).toBe(seen.listCalls + 1);
        }
        if (e.type === 'secret.copy') expect(calls.copy.calls().at(-1)).toEqual([SECRET]);
      },
    };
  });
});

// Written from the product rules (docs/product.md#integrations), not from the graph.
describe('api keys product-rule scenarios', () => {
  beforeEach(clearToasts);

  it('an empty name is refused on the page without a call; a name and a branch create the key, shown once until Done', async () => {
    const user = userEvent.setup();
    const calls = fakeCalls();
    renderPage();
    await act(async () => calls.list.resolve(KEYS));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(expect.stringContaining('Name is required'));
    expect(calls.create.calls()).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), `  ${NEW_NAME} `);
    await choose(user, 'Scope', BRANCH.name);
    await choose(user, 'Access', READ_CHOICE);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(calls.create.calls()).toEqual([[{ name: NEW_NAME, restaurant_id: BRANCH.id, access: 'read' }]]);
    await act(async () => calls.create.resolve(CREATED));
    expect(screen.getByText(SECRET)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(calls.copy.calls()).toEqual([[SECRET]]);
    await act(async () => calls.copy.resolve(undefined));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    // Gone for good: nothing on the page holds it any more, and the form is back, empty.
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^Scope/ })).toHaveValue('All branches');
    expect(screen.getByRole('combobox', { name: /^Access/ })).toHaveValue('Ingest (send trade)');
  });

  it('offers All branches and each branch of the session as the scope', async () => {
    const user = userEvent.setup();
    fakeCalls();
    renderPage();
    await user.hover(screen.getByRole('combobox', { name: /^Scope/ }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Scope/ })).toHaveClass('mantine-Select-input'));
    await user.click(screen.getByRole('combobox', { name: /^Scope/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['All branches', ...SESSION_RESTAURANTS.map((r) => r.name)]);
  });

  it('offers the two accesses, ingest first and chosen', async () => {
    const user = userEvent.setup();
    fakeCalls();
    renderPage();
    await user.hover(screen.getByRole('combobox', { name: /^Access/ }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Access/ })).toHaveClass('mantine-Select-input'));
    await user.click(screen.getByRole('combobox', { name: /^Access/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Ingest (send trade)', READ_CHOICE]);
  });
});
