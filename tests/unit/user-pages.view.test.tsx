import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FranchiseUser, Restaurant } from '@contract/auth.contract';
import { STALE_VERSION_MESSAGE, type Person } from '@contract/people.contract';
import { App } from '../../src/app';
import { sessionStore } from '../../src/services/session-storage';
import { accessCheckFake } from './support/access-check';
import { fakeJwt } from './support/jwt';

// The user routes show these modules (the registry may still name the placeholder page while this lands).

const owner = { id: 1, name: 'Olivia', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser;
const restaurants = [
  { id: 7, name: 'Parramatta', location: 'Parramatta, NSW', status: 1, subscriptions: [] },
  { id: 9, name: 'Bondi Beach', location: 'Bondi, NSW', status: 1, subscriptions: [] },
] as unknown as Restaurant[];
const LAZY = { timeout: 5000 };

const person = (id: number, name: string, role: Person['role'], restaurant = restaurants[0]!): Person => ({
  id,
  picture: null,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  phone: '0412 345 678',
  state: 'NSW',
  city: 'Sydney',
  street_address: '1 George St',
  suburb: 'Sydney',
  post_code: '2000',
  restaurant_id: restaurant.id,
  restaurant: restaurant.name,
  role,
  status: 'Active',
  version: 3,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, status = 200) => json(status, { status: 'success', message: 'ok', data });

type Call = { method: string; path: string; body: unknown };
let people: Person[];
let calls: Call[];
let answer: (call: Call) => Response | undefined;
let accessCheck: ReturnType<typeof accessCheckFake> | undefined;

beforeEach(() => {
  calls = [];
  people = [
    person(1, 'Mia Chen', 'Chef'),
    person(2, 'Noah Smith', 'Waiter'),
    person(3, 'Ava Brown', 'Manager', restaurants[1]),
    person(4, 'Liam Jones', 'Waiter'),
    person(5, 'Zoe Green', 'Chef', restaurants[1]),
    person(6, 'Ethan White', 'Waiter'),
  ];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url);
      const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
      const checked = accessCheck?.(request.method, url.pathname);
      if (checked) return checked;
      const call = { method: request.method, path: url.pathname.replace('/api/v1/franchise', ''), body: text ? JSON.parse(text) : null };
      calls.push(call);
      const special = answer(call);
      if (special) return special;
      const id = Number(/^\/people\/(\d+)$/.exec(call.path)?.[1]);
      if (call.path === '/people' && call.method === 'GET') return ok(people);
      if (call.path === '/people' && call.method === 'POST') {
        const created = { ...person(people.length + 1, (call.body as Person).name, 'Waiter'), version: 1 };
        people = [...people, created];
        return ok(created, 201);
      }
      const found = people.find((p) => p.id === id);
      if (!found) return json(404, { status: 'error', message: 'Person not found' });
      if (call.method === 'DELETE') {
        people = people.filter((p) => p !== found);
        return ok(null);
      }
      return ok(found);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a module-wide store with a limit: one test's toasts would queue the next test's.
  act(() => notifications.clean());
});

function renderApp(path: string) {
  sessionStore.save({ token: fakeJwt(Math.floor(Date.now() / 1000) + 3600), user: owner, restaurants, remember: true });
  accessCheck = accessCheckFake({ user: owner, restaurants });
  window.history.replaceState(null, '', path);
  render(<App />);
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('User Dashboard (/user)', { timeout: 20_000 }, () => {
  it('lists five people a page with their restaurant and role, pages on, and searches by role', async () => {
    const user = userEvent.setup();
    renderApp('/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Dashboard' }, LAZY)).toBeInTheDocument();
    await screen.findByText('Mia Chen', undefined, LAZY);
    expect(rowNames()).toEqual(['Mia Chen', 'Noah Smith', 'Ava Brown', 'Liam Jones', 'Zoe Green']);
    expect(screen.getByText('Showing 1–5 of 6')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Mia Chen' })).toHaveAttribute('href', '/user/edit?id=1');
    expect(screen.getByRole('link', { name: 'Create User' })).toHaveAttribute('href', '/user/create');
    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(rowNames()).toEqual(['Ethan White']);
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bondi');
    expect(rowNames()).toEqual(['Ava Brown', 'Zoe Green']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(screen.getByText('No users found.')).toBeInTheDocument();
  });

  it('trash asks first: Cancel keeps the person, Yes deletes, toasts and reloads the list', async () => {
    const user = userEvent.setup();
    renderApp('/user');
    await screen.findByText('Mia Chen', undefined, LAZY);
    await user.click(screen.getByRole('button', { name: 'Delete Mia Chen' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Delete Mia Chen's Profile?")).toBeInTheDocument();
    expect(within(dialog).getByText('This cannot be undone!')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(rowNames()).toContain('Mia Chen');

    await user.click(screen.getByRole('button', { name: 'Delete Mia Chen' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText("Mia Chen's profile deleted!")).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Noah Smith', 'Ava Brown', 'Liam Jones', 'Zoe Green', 'Ethan White']));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /people/1']);
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/people')).toHaveLength(2);
  });
});

describe('Create User and Edit User', { timeout: 20_000 }, () => {
  it('create: a confirmed save posts the fields, and a 422 shows the server’s message on its field', async () => {
    const user = userEvent.setup();
    answer = (call) =>
      call.method === 'POST'
        ? json(422, { status: 'error', message: 'The given data was invalid', errors: { email: ['This email address is already in use'] } })
        : undefined;
    renderApp('/user/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create User' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, LAZY), 'Mia Chen');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'mia@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#2026');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('This email address is already in use')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/people');
    expect(post.body).toMatchObject({
      name: 'Mia Chen',
      email: 'mia@example.com',
      phone: null,
      status: 'Active',
      password: 'Secret#2026',
      change_password: 'Secret#2026',
    });
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('edit: loads the person of the address; a save someone beat (409) shows the notice with Reload', async () => {
    const user = userEvent.setup();
    answer = (call) => (call.method === 'PUT' ? json(409, { status: 'error', message: STALE_VERSION_MESSAGE }) : undefined);
    renderApp('/user/edit?id=2');
    const name = await screen.findByRole('textbox', { name: /^Name/ }, LAZY);
    expect(name).toHaveValue('Noah Smith');
    expect(screen.getByRole('button', { name: 'Delete User' })).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Noah Smyth');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(STALE_VERSION_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/people/2',
      body: { name: 'Noah Smyth', version: 3, restaurant_id: 7 },
    });
  });

  it('create: a saved person toasts and returns to the list; edit: Reset restores the stored fields with its toast', async () => {
    const user = userEvent.setup();
    renderApp('/user/create');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, LAZY), 'Isla Park');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText("Isla Park's profile created successfully!")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'User Dashboard' }, LAZY)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/user');

    await user.click(await screen.findByRole('link', { name: 'Edit Mia Chen' }, LAZY));
    const name = await screen.findByRole('textbox', { name: /^Name/ }, LAZY);
    await user.type(name, ' Jr');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText("Mia Chen's profile reset.")).toBeInTheDocument();
    expect(name).toHaveValue('Mia Chen');
  });

  it('edit: Delete User asks, deletes on Yes, toasts and returns to the list', async () => {
    const user = userEvent.setup();
    renderApp('/user/edit?id=3');
    await user.click(await screen.findByRole('button', { name: 'Delete User' }, LAZY));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Delete Ava Brown's Profile?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText("Ava Brown's profile deleted!")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'User Dashboard' }, LAZY)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/people/3']);
  });

  it('edit: a missing or unknown id shows "Person not found"', async () => {
    renderApp('/user/edit?id=99');
    expect(await screen.findByText('Person not found', undefined, LAZY)).toBeInTheDocument();
  });
});
