import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FranchiseUser } from '@contract/auth.contract';
import type { ReportSubscription } from '@contract/api/report-subscriptions.calls';
import { failure, installFakeServer, ok, RESTAURANTS, type Call } from './support/fake-server';
import { choose, LAZY, renderApp } from './support/render-app';

// The Profile page's report mails through the whole app: the real machine, service and HTTP client over a fake server.

const manager = {
  id: 5,
  email: 'liam@example.com',
  role: 'manager',
  name: 'Liam',
  franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' },
} as FranchiseUser;
const WEEKLY: ReportSubscription = {
  id: 4,
  page: 'revenue',
  range: '7days',
  frequency: 'weekly',
  weekday: 1,
  hour: 7,
  next_run_at: '2026-11-29T20:00:00.000Z',
  created_at: '2026-11-25T04:30:00.000Z',
};

let stored: ReportSubscription[];
let calls: Call[];
let answer: (call: Call) => Response | undefined;

beforeEach(() => {
  stored = [WEEKLY];
  answer = () => undefined;
  calls = installFakeServer((call) => {
    if (call.path === '/profile') return ok({ user: { ...manager, version: 1 } });
    const special = answer(call);
    if (special) return special;
    if (call.path === '/report-subscriptions' && call.method === 'GET') return ok(stored);
    if (call.path === '/report-subscriptions' && call.method === 'POST') {
      const created = {
        ...(call.body as ReportSubscription),
        id: 9,
        next_run_at: '2026-11-27T07:00:00.000Z',
        created_at: WEEKLY.created_at,
      };
      stored = [...stored, created];
      return ok(created, 201, 'Report subscription created');
    }
    const [, id, send] = /^\/report-subscriptions\/(\d+)(\/send)?$/.exec(call.path) ?? [];
    if (!stored.some((s) => s.id === Number(id))) return failure(404, 'Report subscription not found');
    if (send) return ok(null, 200, `Report mailed to ${manager.email}`);
    stored = stored.filter((s) => s.id !== Number(id));
    return ok(null, 200, 'Report subscription deleted');
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

async function renderProfile() {
  renderApp('/profile', { user: manager, restaurants: RESTAURANTS.slice(0, 1) });
  return screen.findByRole('region', { name: 'Report mails' }, LAZY);
}

const WEEKLY_LABEL = 'Weekly on Monday at 07:00 — Revenue, last 7 days';

/** Add report, then Add in its question. */
async function add(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Add report' }, LAZY));
  await user.click(within(await screen.findByRole('dialog', { name: 'Add this report mail?' })).getByRole('button', { name: 'Add' }));
}

describe('Profile: report mails', { timeout: 20_000 }, () => {
  it("lists the member's mails on the franchise's clock and adds a daily one without a weekday", async () => {
    const user = userEvent.setup();
    const section = await renderProfile();
    expect(await within(section).findByText(`${WEEKLY_LABEL} — next: 30 Nov 2026, 07:00`, {}, LAZY)).toBeInTheDocument();
    await choose(user, 'Report', 'Dashboard');
    await choose(user, 'Range', 'Last 3 Months');
    await choose(user, 'Frequency', 'Daily');
    expect(screen.queryByRole('combobox', { name: 'Weekday' })).not.toBeInTheDocument();
    await choose(user, 'Hour', '18:00');
    await add(user);
    expect(await screen.findByText('Report mail added')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/report-subscriptions',
        query: '',
        body: { page: 'dashboard', range: '3months', frequency: 'daily', weekday: null, hour: 18 },
      },
    ]);
    // The answer joins the list: the list is read once.
    expect(within(section).getByText('Daily at 18:00 — Dashboard, last 3 months — next: 27 Nov 2026, 18:00')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/report-subscriptions')).toHaveLength(1);
  });

  it("puts the server's 422 on its field and its 409 on the form; changing a field clears its message", async () => {
    const user = userEvent.setup();
    await renderProfile();
    const weekdayMessage = 'Choose a weekday for a weekly report, none for a daily one';
    answer = (call) => (call.method === 'POST' ? failure(422, 'Invalid input', { weekday: [weekdayMessage] }) : undefined);
    await add(user);
    const weekday = screen.getByRole('combobox', { name: 'Weekday' });
    await waitFor(() => expect(weekday).toHaveAccessibleDescription(weekdayMessage));
    await choose(user, 'Weekday', 'Friday');
    expect(screen.getByRole('combobox', { name: 'Weekday' })).not.toHaveAccessibleDescription(weekdayMessage);

    answer = (call) => (call.method === 'POST' ? failure(409, 'At most 20 report subscriptions per member') : undefined);
    await add(user);
    // On the form, until a choice changes; no Reload (the limit is no record someone else changed).
    const form = screen.getByRole('form', { name: 'Add report' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('At most 20 report subscriptions per member');
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    await choose(user, 'Hour', '09:00');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("Send now toasts the server's sentence, or its 429 and 503 messages", async () => {
    const user = userEvent.setup();
    await renderProfile();
    const send = await screen.findByRole('button', { name: `Send now: ${WEEKLY_LABEL}` }, LAZY);
    await user.click(send);
    expect(await screen.findByText('Report mailed to liam@example.com')).toBeInTheDocument();
    answer = (call) => (call.path.endsWith('/send') ? failure(429, 'Too many report mails. Please try again in 14 minutes.') : undefined);
    await user.click(send);
    expect(await screen.findByText('Too many report mails. Please try again in 14 minutes.')).toBeInTheDocument();
    answer = (call) =>
      call.path.endsWith('/send') ? failure(503, 'The report could not be mailed. Please try again shortly.') : undefined;
    await user.click(send);
    expect(await screen.findByText('The report could not be mailed. Please try again shortly.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/report-subscriptions/4/send')).toHaveLength(3);
  });

  it('removes only after Remove in the question; Cancel keeps the mail', async () => {
    const user = userEvent.setup();
    await renderProfile();
    await user.click(await screen.findByRole('button', { name: `Remove: ${WEEKLY_LABEL}` }, LAZY));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this report mail?' })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: `Remove: ${WEEKLY_LABEL}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this report mail?' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('No report mails yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/report-subscriptions/4', query: '', body: null },
    ]);
  });

  it('shows a failed list with Retry, which reads it again', async () => {
    const user = userEvent.setup();
    answer = (call) => (call.method === 'GET' ? failure(503, 'The service is temporarily unavailable.') : undefined);
    await renderProfile();
    expect(await screen.findByText('Report mails could not be loaded', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add report' })).not.toBeInTheDocument();
    answer = () => undefined;
    await user.click(screen.getByRole('button', { name: 'Retry loading report mails' }));
    expect(await screen.findByRole('button', { name: `Send now: ${WEEKLY_LABEL}` })).toBeEnabled();
  });
});
