import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FranchiseUser, Restaurant } from '@contract/auth.contract';
import { App } from '../../src/app';
import { sessionStore } from '../../src/services/session-storage';
import { accessCheckFake } from './support/access-check';
import { fakeJwt } from './support/jwt';

// The /unsubscribe page of a report mail's link through the whole app: the real route, machine, service and HTTP client
// over a fake server, signed out and signed in.

const TOKEN = 'Qm9va3Mtb2YtdGhlLXdlZWstcmV2ZW51ZS03ZGF5cy0x';
const LAZY = { timeout: 5000 };
const owner = {
  id: 1,
  email: 'olivia@example.com',
  role: 'owner',
  name: 'Olivia',
  franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' },
} as FranchiseUser;
const restaurants = [] as Restaurant[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let calls: string[];
let used: boolean;

beforeEach(() => {
  calls = [];
  used = false;
  const accessCheck = accessCheckFake({ user: owner, restaurants });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url);
      const checked = accessCheck(request.method, url.pathname);
      if (checked) return checked;
      calls.push(`${request.method} ${url.pathname}${url.search}`);
      if (url.pathname !== '/api/v1/unsubscribe') return json(500, { status: 'error', message: 'unexpected call' });
      if (used || url.searchParams.get('token') !== TOKEN)
        return json(404, { status: 'error', message: 'This unsubscribe link is unknown or was already used' });
      used = request.method === 'POST';
      return json(200, { status: 'success', message: 'ok', data: { page: 'dashboard', range: '1month', frequency: 'daily' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  act(() => notifications.clean());
});

function open(path: string) {
  window.history.replaceState(null, '', path);
  render(<App />);
}

async function unsubscribe() {
  const user = userEvent.setup();
  expect(await screen.findByText('Stop the daily Dashboard report (Last 1 Month)?', {}, LAZY)).toBeInTheDocument();
  expect(calls).toEqual([`GET /api/v1/unsubscribe?token=${TOKEN}`]);
  await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  expect(await screen.findByText('You will no longer receive the daily Dashboard report (Last 1 Month).')).toBeInTheDocument();
  expect(calls).toEqual([`GET /api/v1/unsubscribe?token=${TOKEN}`, `POST /api/v1/unsubscribe?token=${TOKEN}`]);
  expect(screen.getByRole('link', { name: 'Manage your report mails on your Profile' })).toHaveAttribute('href', '/profile');
}

describe('/unsubscribe (a report mail’s link)', () => {
  it('signed out: asks what the link stops, unsubscribes on the button, says it is done', async () => {
    open(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' }, LAZY)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Unsubscribe · Franchise Console'));
    await unsubscribe();
  });

  it('signed in: the same page, outside the console shell', async () => {
    sessionStore.save({ token: fakeJwt(Math.floor(Date.now() / 1000) + 3600), user: owner, restaurants, remember: true });
    open(`/unsubscribe?token=${TOKEN}`);
    await unsubscribe();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('a used link says so, with no button', async () => {
    used = true;
    open(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText('This unsubscribe link is unknown or was already used.', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('without a token: says the link is incomplete and asks the server nothing', async () => {
    open('/unsubscribe');
    expect(await screen.findByText('This unsubscribe link is incomplete', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
