import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_VERSION_MESSAGE, type Person } from '@contract/people.contract';
import { failure, installFakeServer, ok, OWNER, RESTAURANTS, type Call } from './support/fake-server';
import { LAZY, renderApp as renderAppAt } from './support/render-app';

// The user routes show these modules (the registry may still name the placeholder page while this lands).

const person = (id: number, name: string, role: Person['role'], restaurant = RESTAURANTS[0]!): Person => ({
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

let people: Person[];
let calls: Call[];
let answer: (call: Call) => Response | undefined;

beforeEach(() => {
  people = [
    person(1, 'Mia Chen', 'Chef'),
    person(2, 'Noah Smith', 'Waiter'),
    person(3, 'Ava Brown', 'Manager', RESTAURANTS[1]),
    person(4, 'Liam Jones', 'Waiter'),
    person(5, 'Zoe Green', 'Chef', RESTAURANTS[1]),
    person(6, 'Ethan White', 'Waiter'),
  ];
  answer = () => undefined;
  calls = installFakeServer((call) => {
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
    if (!found) return failure(404, 'Person not found');
    if (call.method === 'DELETE') {
      people = people.filter((p) => p !== found);
      return ok(null);
    }
    return ok(found);
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a module-wide store with a limit: one test's toasts would queue the next test's.
  act(() => notifications.clean());
});

const renderApp = (path: string) => renderAppAt(path, { user: OWNER, restaurants: RESTAURANTS });

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
      call.method === 'POST' ? failure(422, 'The given data was invalid', { email: ['This email address is already in use'] }) : undefined;
    renderApp('/user/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create User' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, LAZY), 'Mia Chen');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'mia@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#2026');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const question = await screen.findByRole('dialog', { name: 'Add user?' });
    expect(question).toHaveAccessibleDescription('Mia Chen will be added to your users.');
    await user.click(within(question).getByRole('button', { name: 'Add user' }));
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
    answer = (call) => (call.method === 'PUT' ? failure(409, STALE_VERSION_MESSAGE) : undefined);
    renderApp('/user/edit?id=2');
    const name = await screen.findByRole('textbox', { name: /^Name/ }, LAZY);
    expect(name).toHaveValue('Noah Smith');
    expect(screen.getByRole('button', { name: 'Delete User' })).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Noah Smyth');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const question = await screen.findByRole('dialog', { name: 'Save changes to Noah Smyth?' });
    expect(question).toHaveAccessibleDescription("Noah Smyth's profile will be updated as shown.");
    await user.click(within(question).getByRole('button', { name: 'Save' }));
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
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add user' }));
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

  it('create and edit: Cancel goes back to the list and saves nothing', async () => {
    const user = userEvent.setup();
    renderApp('/user/create');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, LAZY), 'Isla Park');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'User Dashboard' }, LAZY)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/user');
    await user.click(await screen.findByRole('link', { name: 'Edit Mia Chen' }, LAZY));
    await screen.findByRole('textbox', { name: /^Name/ }, LAZY);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'User Dashboard' }, LAZY)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
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
