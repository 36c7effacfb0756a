import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@contract/api/api-keys.calls';
import { formatInstant } from '@contract/presentation/format';
import { failure, installFakeServer, ok, OWNER, RESTAURANTS, type Call } from './support/fake-server';
import { choose, LAZY, renderApp as renderAppAt } from './support/render-app';

// The Integrations page in the whole app, on the real machine, services and clipboard actor; the server is a fetch stub.

const SECRET = 'fck_5e1f0a2b_q8ZrVt3mXo1LkP0sNwYb6HcJd9EaUf2GiR7TyQ4vWx5';

let keys: ApiKey[];
let calls: Call[];
/** How many list calls fail before the next ones answer. */
let failLists: number;

beforeEach(() => {
  failLists = 0;
  keys = [
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
      created_at: '2026-06-02T01:00:00.000Z',
      last_used_at: null,
    },
  ];
  calls = installFakeServer((call) => {
    if (call.path === '/api-keys' && call.method === 'GET') {
      if (failLists-- > 0) return failure(503, 'The database is unavailable');
      return ok(keys);
    }
    if (call.path === '/api-keys' && call.method === 'POST') {
      const { name, restaurant_id, access } = call.body as { name: string; restaurant_id: number | null; access: ApiKey['access'] };
      if (keys.some((k) => k.name === name)) {
        const message = 'An API key with this name already exists';
        return failure(422, message, { name: [message] });
      }
      const created = { id: 3, name, restaurant_id, prefix: SECRET.slice(0, 12), access, created_at: '2026-11-25T04:30:00.000Z' };
      keys = [{ ...created, restaurant_name: RESTAURANTS.find((r) => r.id === restaurant_id)?.name ?? null, last_used_at: null }, ...keys];
      return ok({ ...created, secret: SECRET }, 201);
    }
    const id = Number(/^\/api-keys\/(\d+)$/.exec(call.path)?.[1]);
    if (call.method === 'DELETE' && keys.some((k) => k.id === id)) {
      keys = keys.filter((k) => k.id !== id);
      return ok(null);
    }
    return failure(404, 'API key not found');
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const renderApp = () => renderAppAt('/integrations', { user: OWNER, restaurants: RESTAURANTS });

const cellsOf = (name: string) =>
  within(screen.getByRole('cell', { name }).closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Integrations (/integrations)', { timeout: 20_000 }, () => {
  it('explains the ingest API and lists the keys: scope, access, prefix only, times on the franchise’s clock, Never', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText(/ingest API/)).toHaveTextContent('Authorization: Bearer <key>');
    expect(screen.getByText(/Integrating a POS/)).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Roster sync' }, LAZY);
    expect(
      within(screen.getByRole('region', { name: 'API keys' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Scope', 'Access', 'Key', 'Created', 'Last used', 'Actions']);
    // Sydney is UTC+11 in summer and UTC+10 in winter.
    expect(cellsOf('Roster sync')).toEqual([
      'Roster sync',
      'All branches',
      'Ingest',
      'fck_9c3d7e11…',
      '20 Nov 2026, 14:15',
      '25 Nov 2026, 09:05',
      'Revoke',
    ]);
    expect(cellsOf('Bondi POS')).toEqual(['Bondi POS', 'Bondi Beach', 'Read', 'fck_0b8a4f2c…', '2 Jun 2026, 11:00', 'Never', 'Revoke']);
    // The sidebar's entry, right after Targets, marks the page.
    const nav = screen.getAllByRole('navigation', { name: 'Main', hidden: true })[0]!;
    const labels = within(nav)
      .getAllByRole('link', { hidden: true })
      .map((l) => l.textContent);
    expect(labels.slice(labels.indexOf('Targets'), labels.indexOf('Targets') + 2)).toEqual(['Targets', 'Integrations']);
    expect(within(nav).getByRole('link', { name: 'Integrations', hidden: true })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the API’s base URL, the ids of the franchise’s restaurants and a command for the first of them, with Copy', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    renderApp();
    const api = await screen.findByRole('region', { name: 'Your API' }, LAZY);
    const base = `${window.location.origin}/api/v1`;
    expect(within(api).getByText(/^Base URL/)).toHaveTextContent(`Base URL: ${base}`);
    const rows = within(api)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['Parramatta', '7'],
      ['Bondi Beach', '9'],
    ]);
    const command = within(api).getByLabelText('Example command').textContent!;
    expect(command).toContain(`BASE=${base}\n`);
    expect(command).toContain('"restaurant_id": 7,');
    expect(command).toContain('Bearer $FC_KEY');
    expect(within(api).getByText(/The whole guide is/)).toHaveTextContent(
      `The whole guide is docs/integrations.md in the console's repository; every call is described in the OpenAPI document at ${base}/openapi.json.`,
    );
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(within(api).getByRole('button', { name: 'Copy command' }));
    expect(writeText).toHaveBeenCalledWith(command);
    expect(await within(api).findByRole('button', { name: 'Command copied' })).toBeInTheDocument();
  });

  it('shows the empty text when there are no keys', async () => {
    keys = [];
    renderApp();
    expect(await screen.findByText('No API keys yet.', undefined, LAZY)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'API keys' })).queryByRole('table')).toBeNull();
  });

  it('shows a failed list with the server’s message, and Retry reads it again', async () => {
    const user = userEvent.setup();
    failLists = 1;
    renderApp();
    expect(await screen.findByText('API keys could not be loaded', undefined, LAZY)).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Roster sync' })).toBeInTheDocument();
  });

  it('creates a key: the name’s 422 on its field; then a read key’s secret once, copied to the clipboard; Done hides it for good', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    renderApp();
    await screen.findByRole('cell', { name: 'Roster sync' }, LAZY);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Roster sync');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('An API key with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), '  Kitchen POS ');
    expect(screen.getByRole('textbox', { name: /^Name/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /^Access/ })).toHaveValue('Ingest (send trade)');
    await choose(user, /^Access/, 'Read (BI tools: analytics only)');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Roster sync', restaurant_id: null, access: 'ingest' },
      { name: 'Kitchen POS', restaurant_id: null, access: 'read' },
    ]);
    expect(screen.getByText(/shown only this once and cannot be shown again/)).toBeInTheDocument();
    expect(await screen.findByText('API key "Kitchen POS" created')).toBeInTheDocument();
    // The list is read again: the new key shows by its prefix only.
    expect(await screen.findByRole('cell', { name: 'Kitchen POS' })).toBeInTheDocument();
    expect(cellsOf('Kitchen POS').join(' ')).not.toContain(SECRET.slice(13));
    expect(cellsOf('Kitchen POS')[2]).toBe('Read');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET.slice(13));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^Access/ })).toHaveValue('Ingest (send trade)');
  });

  it('without a clipboard, selects the key for the user to copy by hand', async () => {
    const user = userEvent.setup();
    renderApp();
    await screen.findByRole('cell', { name: 'Roster sync' }, LAZY);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Kitchen POS');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByText(SECRET);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/Copying is not available here/)).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(window.getSelection()?.toString()).toBe(SECRET));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeEnabled();
  });

  it('revokes after asking: Cancel keeps the key, Revoke deletes it, toasts and reads the list again', async () => {
    const user = userEvent.setup();
    renderApp();
    await screen.findByRole('cell', { name: 'Bondi POS' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Revoke Bondi POS' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke "Bondi POS"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Bondi POS' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke "Bondi POS"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API key "Bondi POS" revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Bondi POS' })).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api-keys/1']);
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api-keys')).toHaveLength(2);
  });
});

describe('formatInstant', () => {
  it('spells an instant on the franchise’s clock, across the change to daylight time', () => {
    expect(formatInstant('2026-10-03T15:59:00.000Z', 'Australia/Sydney')).toBe('4 Oct 2026, 01:59');
    expect(formatInstant('2026-10-03T16:00:00.000Z', 'Australia/Sydney')).toBe('4 Oct 2026, 03:00');
    expect(formatInstant('2026-11-24T22:05:00.000Z', 'Australia/Perth')).toBe('25 Nov 2026, 06:05');
    expect(formatInstant('2026-12-31T23:30:00.000Z', 'UTC')).toBe('31 Dec 2026, 23:30');
  });
});
