import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOUR_MESSAGE, RECIPIENTS_MESSAGE } from '@contract/alerts.contract';
import type { AlertRule } from '@contract/api/alerts.calls';
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
  answer = () => undefined;
  calls = installFakeServer((call) => {
    const special = answer(call);
    if (special) return special;
    if (call.path === '/team') return ok(members);
    if (call.path === '/alert-rules' && call.method === 'GET') return ok(rules);
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

const renderApp = (path: string) => renderAppAt(path, { user: OWNER, restaurants: RESTAURANTS });

const combobox = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });

describe('Add Alert Rule (/alerts/rules/create)', { timeout: 20_000 }, () => {
  it('adds a "no trade by" rule for one branch and tells the members ticked, then back to the rules', async () => {
    const user = userEvent.setup();
    renderApp('/alerts/rules/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Alert Rule' }, LAZY)).toBeInTheDocument();
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
      expect(calls.find((c) => c.method === 'POST')).toEqual({
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
