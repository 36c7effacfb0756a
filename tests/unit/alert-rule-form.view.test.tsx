import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOUR_MESSAGE, RECIPIENTS_MESSAGE } from '@contract/alerts.contract';
import type { AlertRule } from '@contract/api/alerts.calls';
import type { AlertPreview } from '@contract/api/targets.calls';
import { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import type { Member } from '@contract/team.contract';
import { failure, installFakeServer, ok, OWNER, RESTAURANTS, type Call } from './support/fake-server';
import { choose, LAZY, renderApp as renderAppAt, saveConfirmed } from './support/render-app';

// The alert rule form pages through the whole app: the real machines, services and HTTP client over a fake server.

const members = [
  { id: 1, email: 'owner@example.com', name: 'Olivia', role: 'owner', restaurant_ids: [], status: 'active', version: 2 },
  { id: 5, email: 'liam@example.com', name: 'Liam Brown', role: 'manager', restaurant_ids: [7], status: 'active', version: 4 },
] as Member[];

let rules: AlertRule[];
let preview: AlertPreview;
let calls: Call[];
let answer: (call: Call) => Response | undefined;

beforeEach(() => {
  rules = [
    {
      id: 3,
      kind: 'attendance',
      restaurant_id: 7,
      threshold: 80,
      recipient_ids: [5],
      version: 2,
      created_at: '2026-11-20T03:15:00.000Z',
    },
  ];
  preview = {
    days: 90,
    alerts: [
      {
        day: '2026-11-21',
        restaurant_id: 7,
        value: 41.2,
        summary: 'Labour cost was 41.2% of revenue ($412.00 of $1,000.00; rule: at or above 35.0%)',
      },
      { day: '2026-11-20', restaurant_id: 9, value: null, summary: 'Labour cost was $90.00 with no revenue (rule: at or above 35.0%)' },
      {
        day: '2026-11-19',
        restaurant_id: 7,
        value: 36,
        summary: 'Labour cost was 36.0% of revenue ($360.00 of $1,000.00; rule: at or above 35.0%)',
      },
    ],
  };
  answer = () => undefined;
  calls = installFakeServer((call) => {
    const special = answer(call);
    if (special) return special;
    if (call.path === '/team') return ok(members);
    if (call.path === '/alert-rules' && call.method === 'GET') return ok(rules);
    if (call.path === '/alert-rules/preview') return ok(preview, 200, 'Alert rule previewed');
    if (call.path === '/alert-rules' && call.method === 'POST') {
      const created = { ...(call.body as AlertRule), id: 8, version: 1, created_at: '2026-11-25T03:15:00.000Z' };
      rules = [...rules, created];
      return ok(created, 201, 'Alert rule created');
    }
    const saved = { ...rules[0]!, ...(call.body as AlertRule), version: rules[0]!.version + 1 };
    rules = [saved];
    return ok(saved, 200, 'Alert rule updated');
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

/** The page's chunk loads once, in the file's first test: on a busy machine that outlasts LAZY. */
const FIRST = { timeout: 15_000 };

const renderApp = (path: string) => renderAppAt(path, { user: OWNER, restaurants: RESTAURANTS });

const combobox = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });

describe('Add Alert Rule (/alerts/rules/create)', { timeout: 20_000 }, () => {
  it('adds a "no trade by" rule for one branch and tells the members ticked, then back to the rules', async () => {
    const user = userEvent.setup();
    renderApp('/alerts/rules/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Alert Rule' }, FIRST)).toBeInTheDocument();
    expect(combobox('Alert when')).toHaveValue('Labour cost above a share of revenue');
    expect(combobox('Branch')).toHaveValue('All branches');
    expect(screen.getByRole('textbox', { name: /^Labour cost at or above \(% of revenue\)/ })).toHaveValue('');
    expect((await screen.findAllByRole('checkbox', {}, LAZY)).map((c) => c.getAttribute('value'))).toEqual(['1', '5']);
    await user.type(screen.getByRole('textbox', { name: /^Labour cost at or above/ }), '35');
    expect(
      screen.getByText(/Alerts when: Labour cost at or above 35% of revenue\. All branches also covers the branches added later\./),
    ).toBeInTheDocument();
    // An hour, not a percentage: the threshold empties and becomes a choice of hours.
    await choose(user, /^Alert when/, 'No trade by an hour');
    expect(screen.queryByRole('textbox', { name: /^Labour cost/ })).toBeNull();
    expect(combobox('No trade recorded by \\(hour\\)')).toHaveValue('');
    await choose(user, /^No trade recorded by \(hour\)/, '11:00');
    await choose(user, /^Branch/, 'Bondi Beach');
    expect(screen.queryByText(/branches added later/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Liam Brown' }));
    await user.click(screen.getByRole('checkbox', { name: 'Olivia' }));
    await saveConfirmed(user, 'Add rule', 'Add rule', 'Add this alert rule?');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/alert-rules')).toEqual({
        method: 'POST',
        path: '/alert-rules',
        query: '',
        body: { kind: 'no_trade', restaurant_id: 9, threshold: 11, recipient_ids: [1, 5] },
      }),
    );
    expect(await screen.findByText('Alert rule added')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/alerts/rules'));
    expect(await screen.findByRole('cell', { name: 'No trade recorded by 11:00' }, LAZY)).toBeInTheDocument();
  });

  it("puts the server's 422 messages on their fields", async () => {
    const user = userEvent.setup();
    answer = (call) =>
      call.method === 'POST' ? failure(422, HOUR_MESSAGE, { threshold: [HOUR_MESSAGE], recipient_ids: [RECIPIENTS_MESSAGE] }) : undefined;
    renderApp('/alerts/rules/create');
    await screen.findByRole('heading', { level: 1, name: 'Add Alert Rule' }, LAZY);
    await screen.findAllByRole('checkbox', {}, LAZY);
    await choose(user, /^Alert when/, 'No trade by an hour');
    await choose(user, /^Branch/, 'Parramatta');
    await saveConfirmed(user, 'Add rule', 'Add rule', 'Add this alert rule?');
    expect(combobox('No trade recorded by \\(hour\\)')).toHaveAccessibleDescription(expect.stringContaining(HOUR_MESSAGE));
    expect(await screen.findByText(RECIPIENTS_MESSAGE)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/alerts/rules/create');
  });
});

describe('the rule form’s preview', { timeout: 20_000 }, () => {
  const previews = () => calls.filter((c) => c.path === '/alert-rules/preview');

  it('asks once the rule is complete and shows the count, the count per branch and the list; another look-back asks at once', async () => {
    const user = userEvent.setup();
    renderApp('/alerts/rules/create');
    await screen.findAllByRole('checkbox', {}, LAZY);
    expect(screen.getByText('Choose the threshold and the members to tell to preview the rule.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Labour cost at or above/ }), '35');
    await user.click(screen.getByRole('checkbox', { name: 'Olivia' }));
    expect(await screen.findByText('Would have fired 3 times in the last 90 days', {}, LAZY)).toBeInTheDocument();
    expect(previews()).toEqual([
      {
        method: 'POST',
        path: '/alert-rules/preview',
        query: '?days=90',
        body: { kind: 'labour_cost', restaurant_id: null, threshold: 35, recipient_ids: [1] },
      },
    ]);
    expect(screen.getByLabelText('Alerts per branch')).toHaveTextContent('Parramatta: 2 · Bondi Beach: 1');
    const table = screen.getByRole('table', { name: 'Alerts the rule would have raised' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(screen.getByRole('cell', { name: 'Labour cost was $90.00 with no revenue (rule: at or above 35.0%)' })).toBeInTheDocument();

    preview = { days: 30, alerts: [] };
    await user.click(screen.getByText('30 days'));
    expect(await screen.findByText('Would not have fired in the last 30 days', {}, LAZY)).toBeInTheDocument();
    expect(previews().at(-1)!.query).toBe('?days=30');
    expect(screen.queryByRole('table', { name: 'Alerts the rule would have raised' })).toBeNull();
    // Nothing was saved.
    expect(calls.some((c) => c.method === 'POST' && c.path === '/alert-rules')).toBe(false);
  });

  it('shows the first 50 of a long list with the total', async () => {
    const user = userEvent.setup();
    preview = {
      days: 90,
      alerts: Array.from({ length: 75 }, (_, i) => ({
        day: `2026-0${1 + Math.floor(i / 28)}-${String(1 + (i % 28)).padStart(2, '0')}`,
        restaurant_id: 7,
        value: 50,
        summary: `Alert ${i}`,
      })),
    };
    renderApp('/alerts/rules/create');
    await screen.findAllByRole('checkbox', {}, LAZY);
    await user.type(screen.getByRole('textbox', { name: /^Labour cost at or above/ }), '35');
    await user.click(screen.getByRole('checkbox', { name: 'Olivia' }));
    expect(await screen.findByText('Would have fired 75 times in the last 90 days', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Alerts the rule would have raised' }).querySelectorAll('tbody tr')).toHaveLength(50);
    expect(screen.getByText('Showing the first 50 of 75.')).toBeInTheDocument();
  });

  it('says a failure and asks again on Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    answer = (call) => (call.path === '/alert-rules/preview' && fail ? failure(500, 'Internal server error') : undefined);
    renderApp('/alerts/rules/create');
    await screen.findAllByRole('checkbox', {}, LAZY);
    await user.type(screen.getByRole('textbox', { name: /^Labour cost at or above/ }), '35');
    await user.click(screen.getByRole('checkbox', { name: 'Olivia' }));
    expect(await screen.findByText('The preview could not be loaded', {}, LAZY)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Would have fired 3 times in the last 90 days', {}, LAZY)).toBeInTheDocument();
    expect(previews()).toHaveLength(2);
  });
});

describe('Edit Alert Rule (/alerts/rules/edit)', { timeout: 20_000 }, () => {
  it('loads the rule of the address and saves it with its version', async () => {
    const user = userEvent.setup();
    renderApp('/alerts/rules/edit?id=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Alert Rule' }, LAZY)).toBeInTheDocument();
    expect(await screen.findByDisplayValue('80', {}, LAZY)).toBeInTheDocument();
    expect(combobox('Alert when')).toHaveValue('Attendance below a percentage');
    expect(combobox('Branch')).toHaveValue('Parramatta');
    expect(await screen.findByRole('checkbox', { name: 'Liam Brown' }, LAZY)).toBeChecked();
    const threshold = screen.getByRole('textbox', { name: /^Attendance at or below/ });
    await user.clear(threshold);
    await user.type(threshold, '75.5');
    await saveConfirmed(user, 'Save Changes', 'Save', 'Save changes to this alert rule?');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/alert-rules/3',
        query: '',
        body: { kind: 'attendance', restaurant_id: 7, threshold: 75.5, recipient_ids: [5], version: 2 },
      }),
    );
    expect(await screen.findByText('Alert rule updated successfully!')).toBeInTheDocument();
  });

  it('shows a stale version as the conflict notice with Reload, and an unknown id as not found', async () => {
    const user = userEvent.setup();
    answer = (call) => (call.method === 'PUT' ? failure(409, STALE_VERSION_MESSAGE) : undefined);
    renderApp('/alerts/rules/edit?id=3');
    const threshold = await screen.findByDisplayValue('80', {}, LAZY);
    await user.type(threshold, '1');
    await saveConfirmed(user, 'Save Changes', 'Save', 'Save changes to this alert rule?');
    expect(await screen.findByText(STALE_VERSION_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('says "Alert rule not found" for an id the franchise has no rule of', async () => {
    renderApp('/alerts/rules/edit?id=99');
    expect(await screen.findByText('Alert rule not found', {}, LAZY)).toBeInTheDocument();
  });
});
