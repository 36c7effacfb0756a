import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FranchiseUser, MemberRole, Restaurant } from '@contract/auth.contract';
import { BRANCH_STATUS_OWNERS_ONLY_MESSAGE } from '@contract/choices';
import { sessionStore } from '../../src/services/session-storage';
import { failure, installFakeServer, ok, type Call } from './support/fake-server';
import { fakeJwt } from './support/jwt';
import { choose, LAZY, renderApp as renderAppAt, saveConfirmed } from './support/render-app';

const user = {
  id: 3,
  name: 'Olivia',
  email: 'owner@example.com',
  picture: null,
  phone: null,
  state: 'NSW',
  city: 'Sydney',
  street_address: null,
  suburb: null,
  post_code: null,
  franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' },
} as FranchiseUser;
const restaurant = (id: number, name: string, location: string, webLink: string): Restaurant => ({
  id,
  name,
  logo: null,
  abn_no: '12345678901',
  address: '1 Main St',
  suburb: name,
  post_code: '2150',
  city: 'Sydney',
  state: 'NSW',
  phone_no: '0298765432',
  email: 'shop@example.com',
  business_type: 'Cafe',
  capacity: 40,
  status: id === 9 ? 0 : 1,
  location,
  time_zone: 'Australia/Sydney',
  day_starts_at: '00:00',
  subscriptions: [{ id: id * 10, product_name: 'MENUPLUS', plan_name: 'Pro', web_link: webLink }],
  restaurant_user: { id: id + 100, name, email: `${id}@example.com` },
});
const RESTAURANTS = [
  restaurant(7, 'Parramatta', 'Parramatta, NSW', 'https://menu.example.com'),
  restaurant(9, 'Bondi Beach', 'Bondi, NSW', 'javascript:alert(1)'),
];

let answer: (request: Call) => Response;
let requests: Call[];

beforeEach(() => {
  requests = installFakeServer((request) => answer(request)).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a module-wide store with a limit: one test's toasts would queue the next test's.
  act(() => notifications.clean());
});

/** The whole app at `path`, signed in as `user` (as `role`, when given) of these restaurants. */
const renderApp = (path: string, role?: MemberRole) => renderAppAt(path, { user, restaurants: RESTAURANTS, role });

describe('Restaurant Management', { timeout: 20_000 }, () => {
  it('lists the restaurants, links MENUPLUS only for an http(s) web_link, and searches by name or location', async () => {
    answer = () => ok(RESTAURANTS);
    const ui = userEvent.setup();
    renderApp('/restaurant');
    const row = (await screen.findByText('Parramatta', undefined, LAZY)).closest('tr')!;
    const link = within(row).getByRole('link', { name: /MENUPLUS/ });
    expect(link).toHaveAttribute('href', 'https://menu.example.com/franchise-login/3/107');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(row).getByRole('link', { name: 'Edit Parramatta' })).toHaveAttribute('href', '/restaurant/edit?id=7');
    expect(within(row).getByRole('link', { name: 'Show analytics of Parramatta' })).toHaveAttribute('href', '/dashboard?restaurant=7');
    const bondi = screen.getByText('Bondi Beach').closest('tr')!;
    expect(within(bondi).queryByRole('link', { name: /MENUPLUS/ })).toBeNull();
    expect(within(bondi).getByText('Inactive')).toBeInTheDocument();

    await ui.type(screen.getByRole('searchbox', { name: 'Search by name or location' }), 'bondi');
    expect(screen.queryByText('Parramatta')).toBeNull();
    expect(screen.getByText('Bondi Beach')).toBeInTheDocument();
    expect(window.location.search).toBe('?q=bondi');
    await ui.clear(screen.getByRole('searchbox', { name: 'Search by name or location' }));
    await ui.type(screen.getByRole('searchbox', { name: 'Search by name or location' }), 'perth');
    expect(screen.getByText('No restaurants found.')).toBeInTheDocument();
  });
});

describe('Edit Restaurant', { timeout: 20_000 }, () => {
  const detail = { ...RESTAURANTS[0]!, version: 4 };

  it("shows the server's message on its field after a 422, and the conflict notice after a 409", async () => {
    let put = failure(422, 'Validation failed', { email: ['Invalid email address'] });
    answer = (request) => (request.method === 'PUT' ? put : ok(detail));
    const ui = userEvent.setup();
    renderApp('/restaurant/edit?id=7');
    const name = await screen.findByRole('textbox', { name: /^Name/ }, LAZY);
    expect(screen.getByRole('textbox', { name: /^ABN/ })).toHaveAttribute('readonly');
    await ui.clear(name);
    await ui.type(name, 'Parramatta Central');
    await saveConfirmed(ui, 'Save Changes', 'Save');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'PUT')!;
    expect(sent.path).toBe('/restaurants/7');
    expect(sent.body).toMatchObject({ name: 'Parramatta Central', abn_no: '12345678901', capacity: 40, status: 1, version: 4 });

    put = failure(409, 'This record was changed by someone else.');
    await saveConfirmed(ui, 'Save Changes', 'Save');
    expect(await screen.findByText('This restaurant was changed elsewhere')).toBeInTheDocument();
    expect(screen.getByText('This record was changed by someone else.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('a restaurant added without an ABN may be given one: the field is editable, sent with the save, then read-only', async () => {
    const bare = { ...detail, abn_no: null };
    answer = (request) =>
      ok(request.method === 'PUT' ? { ...bare, ...(request.body as object), abn_no: '51 824 753 556', version: 5 } : bare);
    const ui = userEvent.setup();
    renderApp('/restaurant/edit?id=7');
    const abn = await screen.findByRole('textbox', { name: /^ABN/ }, LAZY);
    expect(abn).not.toHaveAttribute('readonly');
    await ui.type(abn, '51824753556');
    expect(screen.getByRole('textbox', { name: /^ABN/ })).not.toHaveAttribute('readonly');
    await saveConfirmed(ui, 'Save Changes', 'Save');
    await screen.findByText("Parramatta's info updated successfully!");
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ abn_no: '51824753556', version: 4 });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^ABN/ })).toHaveAttribute('readonly'));
    expect(screen.getByRole('textbox', { name: /^ABN/ })).toHaveValue('51 824 753 556');
  });

  it('saves and toasts "{name}\'s info updated successfully!"', async () => {
    answer = (request) => ok(request.method === 'PUT' ? { ...detail, ...(request.body as object), version: 5 } : detail);
    const ui = userEvent.setup();
    renderApp('/restaurant/edit?id=7');
    const name = await screen.findByRole('textbox', { name: /^Name/ }, LAZY);
    await ui.clear(name);
    await ui.type(name, 'Parramatta Central');
    await saveConfirmed(ui, 'Save Changes', 'Save');
    expect(await screen.findByText("Parramatta Central's info updated successfully!")).toBeInTheDocument();

    // Without a reload, the session's restaurant list (the pickers' source, and its storage) has the new name.
    expect(sessionStore.read().restaurants.map((r) => r.name)).toEqual(['Parramatta Central', 'Bondi Beach']);
    answer = () => ok([]);
    await ui.click(screen.getAllByRole('link', { name: 'User Management' })[0]!);
    await ui.click(await screen.findByRole('link', { name: /Create User/ }, LAZY));
    // The deferred select swaps Mantine's Select in on pointing; the options show on the click after.
    const picker = await screen.findByRole('combobox', { name: /^Restaurant/ }, LAZY);
    await ui.hover(picker);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Restaurant/ })).toHaveClass('mantine-Select-input'));
    await ui.click(screen.getByRole('combobox', { name: /^Restaurant/ }));
    expect(await screen.findByRole('option', { name: 'Parramatta Central', hidden: true }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Parramatta', hidden: true })).toBeNull();
  });

  it("disables Status for a manager, with the reason, and saves the branch's status unchanged", async () => {
    answer = (request) => ok(request.method === 'PUT' ? { ...detail, ...(request.body as object), version: 5 } : detail);
    const ui = userEvent.setup();
    renderApp('/restaurant/edit?id=7', 'manager');
    const name = await screen.findByRole('textbox', { name: /^Name/ }, LAZY);
    const status = screen.getByRole('combobox', { name: /^Status/ });
    expect(status).toBeDisabled();
    expect(status).toHaveValue('Active');
    expect(status).toHaveAccessibleDescription(BRANCH_STATUS_OWNERS_ONLY_MESSAGE);
    await ui.clear(name);
    await ui.type(name, 'Parramatta Central');
    await saveConfirmed(ui, 'Save Changes', 'Save');
    expect(await screen.findByText("Parramatta Central's info updated successfully!")).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ name: 'Parramatta Central', status: 1 });
  });

  it('leaves Status enabled for an owner, without the hint', async () => {
    answer = () => ok(detail);
    renderApp('/restaurant/edit?id=7', 'owner');
    await screen.findByRole('textbox', { name: /^Name/ }, LAZY);
    const status = screen.getByRole('combobox', { name: /^Status/ });
    expect(status).toBeEnabled();
    expect(screen.queryByText(BRANCH_STATUS_OWNERS_ONLY_MESSAGE)).toBeNull();
  });

  it('shows the not-found state for a missing id without asking the server', async () => {
    answer = () => ok(detail);
    renderApp('/restaurant/edit');
    expect(await screen.findByText('The restaurant could not be loaded', undefined, LAZY)).toBeInTheDocument();
    expect(screen.getByText('Restaurant not found')).toBeInTheDocument();
    expect(requests.filter((r) => r.path.startsWith('/restaurants/'))).toEqual([]);
  });
});

describe('Add Restaurant', { timeout: 30_000 }, () => {
  const created: Restaurant = {
    ...restaurant(12, 'Manly Wharf', 'Manly, NSW', 'https://menu.example.com'),
    abn_no: '51 824 753 556',
    subscriptions: [],
    restaurant_user: null,
  };

  async function fillIn(ui: ReturnType<typeof userEvent.setup>) {
    const type = async (label: RegExp, value: string) => ui.type(screen.getByRole('textbox', { name: label }), value);
    await type(/^Name/, 'Manly Wharf');
    await type(/^ABN/, '51824753556');
    await type(/^Address/, '1 Wharf Rd');
    await type(/^Suburb/, 'Manly');
    await type(/^City/, 'Sydney');
    await choose(ui, /^State/, 'NSW');
    await type(/^Post code/, '2095');
    await ui.type(screen.getByLabelText(/^Phone/), '(02) 9977 1234');
    await ui.type(screen.getByLabelText(/^Email/), 'wharf@example.com');
    await type(/^Business type/, 'Cafe');
    await type(/^Capacity/, '60');
  }

  it("is reached from Restaurant Management's Add Restaurant, with the ABN to type and one button", async () => {
    answer = () => ok(RESTAURANTS);
    const ui = userEvent.setup();
    renderApp('/restaurant');
    await ui.click(await screen.findByRole('link', { name: 'Add Restaurant' }, LAZY));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Restaurant' }, LAZY)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/restaurant/create');
    const abn = await screen.findByRole('textbox', { name: /^ABN/ }, LAZY);
    expect(abn).not.toHaveAttribute('readonly');
    // Only the name, address, state and time zone are required; the zone starts as the franchise's.
    expect(abn).not.toBeRequired();
    expect(abn).toHaveAccessibleDescription('11 digits, e.g. 51 824 753 556; branches of one company may share it');
    for (const label of [/^Name/, /^Address/]) expect(screen.getByRole('textbox', { name: label })).toBeRequired();
    for (const label of [/^State/, /^Time zone/]) expect(screen.getByRole('combobox', { name: label })).toBeRequired();
    for (const label of [/^Suburb/, /^City/, /^Post code/, /^Business type/, /^Capacity/]) {
      expect(screen.getByRole('textbox', { name: label })).not.toBeRequired();
    }
    expect(screen.getByLabelText(/^Phone/)).not.toBeRequired();
    expect(screen.getByLabelText(/^Email/)).not.toBeRequired();
    expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveAttribute(
      'placeholder',
      expect.stringContaining("(the franchise's)"),
    );
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveValue('Active');
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Restaurant' })).toBeDisabled();
    // Only the list was asked for: a new restaurant has nothing to load.
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /restaurants']);
  });

  it("shows the server's message on the ABN, then adds the restaurant: its toast, back to the list, in the branch pickers at once", async () => {
    let post = failure(422, 'This is not a valid ABN', { abn_no: ['This is not a valid ABN'] });
    let listed = RESTAURANTS;
    answer = (request) => (request.method === 'POST' ? post : ok(listed));
    const ui = userEvent.setup();
    renderApp('/restaurant/create');
    await screen.findByRole('textbox', { name: /^ABN/ }, LAZY);
    await fillIn(ui);
    await saveConfirmed(ui, 'Add Restaurant', 'Add restaurant', 'Add restaurant?');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^ABN/ })).toHaveAccessibleDescription(expect.stringContaining('This is not a valid ABN')),
    );
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(sent.path).toBe('/restaurants');
    expect(sent.body).toEqual({
      logo: null,
      name: 'Manly Wharf',
      abn_no: '51824753556',
      address: '1 Wharf Rd',
      suburb: 'Manly',
      post_code: '2095',
      city: 'Sydney',
      state: 'NSW',
      phone_no: '(02) 9977 1234',
      email: 'wharf@example.com',
      business_type: 'Cafe',
      capacity: 60,
      status: 1,
      // NSW's zone, suggested by the state; the day starting at midnight.
      time_zone: 'Australia/Sydney',
      day_starts_at: '00:00',
    });
    expect(window.location.pathname).toBe('/restaurant/create');

    // The server's sentence is the toast: it names a restaurant with the same ABN.
    const warned = 'Manly Wharf created successfully! Same ABN as Parramatta — fine if one company owns both.';
    post = ok({ ...created, version: 1, same_abn: [{ id: 7, name: 'Parramatta' }] }, 201, warned);
    listed = [...RESTAURANTS, created];
    await ui.clear(screen.getByRole('textbox', { name: /^ABN/ }));
    await ui.type(screen.getByRole('textbox', { name: /^ABN/ }), '51 824 753 556');
    await saveConfirmed(ui, 'Add Restaurant', 'Add restaurant', 'Add restaurant?');
    expect(await screen.findByText(warned)).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/restaurant'));
    // The list shows it; with no restaurant user its (absent) subscriptions read None.
    const row = (await screen.findByText('Manly Wharf', undefined, LAZY)).closest('tr')!;
    expect(within(row).getByText('None')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Manly Wharf' })).toHaveAttribute('href', '/restaurant/edit?id=12');
    expect(sessionStore.read().restaurants.map((r) => r.name)).toEqual(['Manly Wharf', 'Parramatta', 'Bondi Beach']);

    // Without a reload, the branch pickers (here Create User's restaurant) offer it.
    answer = () => ok([]);
    await ui.click(screen.getAllByRole('link', { name: 'User Management' })[0]!);
    await ui.click(await screen.findByRole('link', { name: /Create User/ }, LAZY));
    await screen.findByRole('combobox', { name: /^Restaurant/ }, LAZY);
    await choose(ui, /^Restaurant/, 'Manly Wharf');
  });

  it('shows a MENUPLUS subscription of a restaurant without a restaurant user as text, not a link', async () => {
    const orphan = { ...RESTAURANTS[0]!, id: 13, name: 'Orphan', restaurant_user: null };
    answer = () => ok([orphan]);
    renderApp('/restaurant');
    const row = (await screen.findByText('Orphan', undefined, LAZY)).closest('tr')!;
    expect(within(row).getByText('MENUPLUS (Pro)')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /MENUPLUS/ })).toBeNull();
  });
});

describe('Profile', { timeout: 20_000 }, () => {
  it('saves a password change, stores the new token and toasts "Profile updated successfully!"', async () => {
    const fresh = fakeJwt(Math.floor(Date.now() / 1000) + 7200, { n: 2 });
    answer = (request) =>
      request.method === 'PUT'
        ? ok({ access_token: fresh, token_type: 'bearer', expires_in: 7200, user: { ...user, name: 'Olivia Chen', version: 2 } })
        : ok({ user: { ...user, version: 1 } });
    const ui = userEvent.setup();
    renderApp('/profile');
    expect((await screen.findAllByTestId('shell-account', undefined, LAZY))[0]).toHaveTextContent('Olivia');
    const name = await screen.findByRole('textbox', { name: /^Name/ }, LAZY);
    await ui.clear(name);
    await ui.type(name, 'Olivia Chen');
    await ui.type(screen.getByLabelText('Current password'), 'demo-password');
    await ui.type(screen.getByLabelText('New password'), 'new-password-1');
    await ui.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await saveConfirmed(ui, 'Save Changes', 'Save');
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({
      name: 'Olivia Chen',
      current_password: 'demo-password',
      new_password: 'new-password-1',
      confirm_password: 'new-password-1',
      version: 1,
    });
    expect(sessionStore.readToken()).toBe(fresh);
    expect(screen.getByLabelText('New password')).toHaveValue('');
    // The shell names the saved user at once.
    expect(await screen.findAllByText('Olivia Chen')).not.toHaveLength(0);
    expect(screen.getAllByTestId('shell-account')[0]).toHaveTextContent('Olivia Chen');
  });

  it('Reset returns to the stored profile and toasts "Profile information reset."', async () => {
    answer = () => ok({ user: { ...user, version: 1 } });
    const ui = userEvent.setup();
    renderApp('/profile');
    const name = await screen.findByRole('textbox', { name: /^Name/ }, LAZY);
    await ui.clear(name);
    await ui.type(name, 'Liv');
    await ui.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Profile information reset.')).toBeInTheDocument();
    expect(name).toHaveValue('Olivia');
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
