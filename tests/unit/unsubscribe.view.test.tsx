import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../src/services/session-storage';
import { failure, installFakeServer, ok, OWNER, type Call } from './support/fake-server';
import { LAZY, renderApp } from './support/render-app';

// The /unsubscribe page of a report mail's link through the whole app: the real route, machine, service and HTTP client
// over a fake server, signed out and signed in.

const TOKEN = 'Qm9va3Mtb2YtdGhlLXdlZWstcmV2ZW51ZS03ZGF5cy0x';

let calls: Call[];
let used: boolean;

beforeEach(() => {
  used = false;
  calls = installFakeServer((call) => {
    if (call.path !== '/api/v1/unsubscribe') return failure(500, 'unexpected call');
    if (used || new URLSearchParams(call.query).get('token') !== TOKEN)
      return failure(404, 'This unsubscribe link is unknown or was already used');
    used = call.method === 'POST';
    return ok({ page: 'dashboard', range: '1month', frequency: 'daily' });
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  act(() => notifications.clean());
});

const asked = () => calls.map((c) => `${c.method} ${c.path}${c.query}`);

async function unsubscribe() {
  const user = userEvent.setup();
  expect(await screen.findByText('Stop the daily Dashboard report (Last 1 Month)?', {}, LAZY)).toBeInTheDocument();
  expect(asked()).toEqual([`GET /api/v1/unsubscribe?token=${TOKEN}`]);
  await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  expect(await screen.findByText('You will no longer receive the daily Dashboard report (Last 1 Month).')).toBeInTheDocument();
  expect(asked()).toEqual([`GET /api/v1/unsubscribe?token=${TOKEN}`, `POST /api/v1/unsubscribe?token=${TOKEN}`]);
  expect(screen.getByRole('link', { name: 'Manage your report mails on your Profile' })).toHaveAttribute('href', '/profile');
}

describe('/unsubscribe (a report mail’s link)', () => {
  it('signed out: asks what the link stops, unsubscribes on the button, says it is done', async () => {
    renderApp(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' }, LAZY)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Unsubscribe · Franchise Console'));
    await unsubscribe();
  });

  it('signed in: the same page, outside the console shell', async () => {
    renderApp(`/unsubscribe?token=${TOKEN}`, { user: OWNER, restaurants: [] });
    await unsubscribe();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('a used link says so, with no button', async () => {
    used = true;
    renderApp(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText('This unsubscribe link is unknown or was already used.', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('without a token: says the link is incomplete and asks the server nothing', async () => {
    renderApp('/unsubscribe');
    expect(await screen.findByText('This unsubscribe link is incomplete', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(asked()).toEqual([]);
  });
});
