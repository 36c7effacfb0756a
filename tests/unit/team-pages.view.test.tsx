import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberRole } from '@contract/auth.contract';
import { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import type { Member } from '@contract/team.contract';
import { sessionStore } from '../../src/services/session-storage';
import { failure, installFakeServer, ok, OWNER, RESTAURANTS, serveMember, type Call } from './support/fake-server';
import { choose, LAZY, renderApp as renderAppAt, saveConfirmed } from './support/render-app';

// The Team screens and the role's effect on the console, through the whole app: the real machines, services and HTTP
// client over a fake server.

const LAST_OWNER = 'A franchise needs at least one owner: make someone else an owner first';
const BRANCHES_REQUIRED = 'Choose at least one of your restaurants for a manager';

let members: Member[];
let calls: Call[];
let answer: (call: Call) => Response | undefined;

beforeEach(() => {
  members = [
    { id: 1, email: 'owner@example.com', name: 'Olivia', role: 'owner', restaurant_ids: [], status: 'active', version: 2 },
    { id: 5, email: 'liam@example.com', name: 'Liam Brown', role: 'manager', restaurant_ids: [7], status: 'active', version: 4 },
  ];
  answer = () => undefined;
  calls = installFakeServer((call) => {
    const special = answer(call);
    if (special) return special;
    if (call.path === '/team' && call.method === 'GET') return ok(members);
    if (call.path === '/team' && call.method === 'POST') {
      const body = call.body as Omit<Member, 'id' | 'status' | 'version'>;
      const created: Member = { ...body, id: 8, status: 'invited', version: 1 };
      members = [...members, created];
      return ok(created, 201, `${created.name} invited, but the invitation mail could not be sent: resend the invitation`);
    }
    const id = Number(/^\/team\/(\d+)$/.exec(call.path)?.[1]);
    const found = members.find((m) => m.id === id);
    if (!found) return failure(404, 'Member not found');
    const body = call.body as Member;
    const saved = { ...found, ...body, version: found.version + 1 };
    members = members.map((m) => (m === found ? saved : m));
    return ok(saved, 200, `${saved.name} updated`);
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const renderApp = (path: string, role: MemberRole = 'owner') => renderAppAt(path, { user: OWNER, restaurants: RESTAURANTS, role });

const textbox = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const branch = (name: string) => screen.getByRole('checkbox', { name });

describe('Invite Member (/team/invite)', { timeout: 20_000 }, () => {
  it('a manager needs branches, an owner has them all: the invitation is sent with what the role takes, then back to the team', async () => {
    const user = userEvent.setup();
    renderApp('/team/invite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite Member' }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Role/ })).toHaveValue('Manager');
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['7', '9']);
    await choose(user, /^Role/, 'Owner');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(/An owner sees and manages every branch/)).toBeInTheDocument();
    await choose(user, /^Role/, 'Manager');
    await user.click(branch('Bondi Beach'));
    await user.click(branch('Parramatta'));
    await user.type(textbox('Email'), 'nora@example.com');
    await user.type(textbox('Name'), 'Nora Lee');
    await saveConfirmed(user, 'Send invitation', 'Send invitation', 'Send the invitation?');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/team',
      query: '',
      body: { email: 'nora@example.com', name: 'Nora Lee', role: 'manager', restaurant_ids: [7, 9] },
    });
    // The server's own sentence: it says so when the mail could not be sent.
    expect(
      await screen.findByText('Nora Lee invited, but the invitation mail could not be sent: resend the invitation'),
    ).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/team'));
    expect(await screen.findByRole('cell', { name: 'Nora Lee' }, LAZY)).toBeInTheDocument();
  });

  it("an owner's invitation names no branches, whatever was ticked before", async () => {
    const user = userEvent.setup();
    renderApp('/team/invite');
    await screen.findByRole('heading', { level: 1, name: 'Invite Member' }, LAZY);
    await user.click(branch('Parramatta'));
    await choose(user, /^Role/, 'Owner');
    await user.type(textbox('Email'), 'mia@example.com');
    await user.type(textbox('Name'), 'Mia');
    await saveConfirmed(user, 'Send invitation', 'Send invitation', 'Send the invitation?');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        email: 'mia@example.com',
        name: 'Mia',
        role: 'owner',
        restaurant_ids: [],
      }),
    );
  });

  it("puts the server's 422 messages on their fields, a branch's among them on Branches", async () => {
    const user = userEvent.setup();
    answer = (call) =>
      call.method === 'POST'
        ? failure(422, BRANCHES_REQUIRED, {
            'restaurant_ids[0]': ['Choose one of your restaurants'],
            email: ['This email address cannot be used for a new member'],
          })
        : undefined;
    renderApp('/team/invite');
    await screen.findByRole('heading', { level: 1, name: 'Invite Member' }, LAZY);
    await user.click(branch('Parramatta'));
    await user.type(textbox('Email'), 'taken@example.com');
    await user.type(textbox('Name'), 'Taken');
    await saveConfirmed(user, 'Send invitation', 'Send invitation', 'Send the invitation?');
    expect(await screen.findByText('Choose one of your restaurants')).toBeInTheDocument();
    expect(textbox('Email')).toHaveAccessibleDescription(expect.stringContaining('This email address cannot be used for a new member'));
    expect(window.location.pathname).toBe('/team/invite');
  });
});

describe('Edit Member (/team/edit)', { timeout: 20_000 }, () => {
  it('loads the member of the address from the team: e-mail read-only; narrows the branches and saves with the version', async () => {
    const user = userEvent.setup();
    renderApp('/team/edit?id=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Member' }, LAZY)).toBeInTheDocument();
    expect(await screen.findByDisplayValue('liam@example.com')).toHaveAttribute('readonly');
    expect(branch('Parramatta')).toBeChecked();
    expect(branch('Bondi Beach')).not.toBeChecked();
    await user.click(branch('Bondi Beach'));
    await saveConfirmed(user, 'Save Changes', 'Save');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/team/5',
        query: '',
        body: { name: 'Liam Brown', role: 'manager', restaurant_ids: [7, 9], version: 4 },
      }),
    );
    expect(await screen.findByText("Liam Brown's access updated successfully!")).toBeInTheDocument();
  });

  it('shows the refusal to demote the last owner on Role, and a stale version as the conflict notice with Reload', async () => {
    const user = userEvent.setup();
    let put = failure(409, LAST_OWNER);
    answer = (call) => (call.method === 'PUT' ? put : undefined);
    renderApp('/team/edit?id=1');
    await screen.findByDisplayValue('owner@example.com', undefined, LAZY);
    await choose(user, /^Role/, 'Manager');
    await user.click(branch('Parramatta'));
    await saveConfirmed(user, 'Save Changes', 'Save');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Role/ })).toHaveAccessibleDescription(expect.stringContaining(LAST_OWNER)),
    );
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();

    put = failure(409, STALE_VERSION_MESSAGE);
    await saveConfirmed(user, 'Save Changes', 'Save');
    expect(await screen.findByText('This member was changed elsewhere')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('a missing id shows "Member not found" without asking the server', async () => {
    renderApp('/team/edit?id=nope');
    expect(await screen.findByText('Member not found', undefined, LAZY)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe("a manager's console", { timeout: 20_000 }, () => {
  it('offers no Add Restaurant on Restaurant Management', async () => {
    answer = (call) => (call.path === '/restaurants' ? ok(RESTAURANTS) : undefined);
    renderApp('/restaurant', 'manager');
    expect(await screen.findByText('Bondi, NSW', undefined, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Restaurant' })).toBeNull();
  });

  it('an owner made a manager meanwhile: on the next focus the owners-only page gives way to the 404 and the sidebar narrows', async () => {
    renderApp('/team');
    expect(await screen.findByRole('cell', { name: 'Liam Brown' }, LAZY)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Team' }).length).toBeGreaterThan(0);
    serveMember({ user: { ...OWNER, role: 'manager' }, restaurants: RESTAURANTS.slice(0, 1) });
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();
    expect(sessionStore.read().restaurants.map((r) => r.name)).toEqual(['Parramatta']);
  });
});
