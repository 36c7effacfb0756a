import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Restaurant } from '@contract/auth.contract';
import type { Person } from '@contract/people.contract';
import type { Profile } from '@contract/profile.contract';
import { DEMO, VIEWPORTS, openPage, signIn } from './support/browser';
import {
  a11y,
  answer,
  apiData,
  apiStatus as apiStatusAt,
  choose,
  confirmDialog,
  describedBy,
  expectNoSidewaysScroll,
  h1,
  navigate,
  restaurantRow,
  shot,
  textbox,
  toast,
  tokenOf,
  type Viewport,
} from './support/console-ui';
import { ownServer } from './support/own-server';

// Users, restaurants and the profile in real Chromium, at desktop and 375 px, on a server of
// this file's own (its own DATA_DIR): the changes here (the owner's password among them) never reach the
// server the other e2e files share, and this file restarts its server to show that every change was stored.

const own = ownServer();

const FLOW_TIMEOUT = 180_000;
const api = <T>(token: string, path: string, expected = 200) => apiData<T>(own.server.url, token, path, expected);
const apiStatus = (token: string, path: string) => apiStatusAt(own.server.url, token, path);

/** What the tests changed, checked again after the restart. */
const changed = {
  people: [] as { email: string; name: string; restaurantId: number; values: PersonValues }[],
  deleted: [] as string[],
  restaurants: [] as { id: number; name: string }[],
  profileName: '',
  password: DEMO.password,
};

async function logout(page: Page, viewport: Viewport) {
  if (viewport.name === 'phone') {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  }
  await toast(page, 'Logged Out!');
  await page.waitForURL((url) => url.pathname === '/');
}

// ---------------------------------------------------------------------------------------------------------------
// Users

const USER_SEARCH_FIELDS = ['name', 'city', 'state', 'restaurant', 'role'] as const;
const matching = (people: Person[], query: string) =>
  people.filter((p) => USER_SEARCH_FIELDS.some((f) => (p[f] ?? '').toLowerCase().includes(query.toLowerCase()))).map((p) => p.name);

const rowNames = (page: Page) => page.locator('table tbody tr td:nth-child(2)').allInnerTexts();

/** The list shows page `n` of `names` (all matches, in the server's order), its pager texts and buttons. */
async function expectUserPage(page: Page, names: string[], n: number) {
  const pageCount = Math.max(1, Math.ceil(names.length / 5));
  const shown = names.slice((n - 1) * 5, n * 5);
  await expect.poll(() => rowNames(page)).toEqual(shown);
  const pager = page.getByRole('navigation', { name: 'Users pages' });
  await pager.getByText(`Showing ${(n - 1) * 5 + 1}–${(n - 1) * 5 + shown.length} of ${names.length}`, { exact: true }).waitFor();
  await pager.getByText(`Page ${n} of ${pageCount}`, { exact: true }).waitFor();
  expect(await pager.getByRole('button', { name: 'Prev' }).isDisabled()).toBe(n === 1);
  expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(n === pageCount);
}

const query = (page: Page) => {
  const url = new URL(page.url());
  return { path: url.pathname, q: url.searchParams.get('q'), page: url.searchParams.get('page') };
};

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await expect.poll(() => query(page).q).toBe(text === '' ? null : text);
}

describe('User Dashboard (/user)', () => {
  it.each(VIEWPORTS)(
    'at $name: searches name, city, state, restaurant and role case-insensitively, pages by 5, and keeps both in the URL',
    async (viewport) => {
      const { context, page, unexpected } = await own.open(viewport);
      await signIn(page);
      const people = await api<Person[]>(await tokenOf(page), '/people');
      expect(people.length).toBeGreaterThan(10);
      const everyone = people.map((p) => p.name);

      await navigate(page, viewport, 'User Management');
      await page.waitForURL('**/user');
      await h1(page, 'User Dashboard').waitFor();
      await expectUserPage(page, everyone, 1);
      await shot(page, `users-list-${viewport.name}`);
      await expectNoSidewaysScroll(page, viewport);

      const pageCount = Math.ceil(everyone.length / 5);
      for (let n = 2; n <= pageCount; n++) {
        await page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => query(page).page).toBe(String(n));
        await expectUserPage(page, everyone, n);
      }
      await page.reload();
      await h1(page, 'User Dashboard').waitFor();
      expect(query(page)).toEqual({ path: '/user', q: null, page: String(pageCount) });
      await expectUserPage(page, everyone, pageCount);
      await page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', { name: 'Prev' }).click();
      await expect.poll(() => query(page).page).toBe(String(pageCount - 1));
      await expectUserPage(page, everyone, pageCount - 1);

      // A new search starts at page 1; the city Sydney covers two branches, more than one page.
      await search(page, 'SYDNEY');
      expect(query(page).page).toBeNull();
      const sydney = matching(people, 'SYDNEY');
      expect(sydney.length).toBeGreaterThan(5);
      await expectUserPage(page, sydney, 1);
      await page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => query(page)).toEqual({ path: '/user', q: 'SYDNEY', page: '2' });
      await expectUserPage(page, sydney, 2);
      await page.reload();
      await h1(page, 'User Dashboard').waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search users' }).inputValue()).toBe('SYDNEY');
      await expectUserPage(page, sydney, 2);

      // Each field on its own: a city, a state, a restaurant, a role and a name, in any case.
      for (const text of ['Melbourne', 'qld', 'BONDI', 'chef', 'pAtEl']) {
        await search(page, text);
        expect(query(page).page).toBeNull();
        const found = matching(people, text);
        expect(found.length, text).toBeGreaterThan(0);
        expect(found.length, text).toBeLessThan(everyone.length);
        await expectUserPage(page, found, 1);
      }
      await search(page, 'no such person');
      await page.getByText('No users found.', { exact: true }).waitFor();
      expect(await page.locator('table').count()).toBe(0);
      await search(page, '');
      await expectUserPage(page, everyone, 1);
      expect(unexpected()).toEqual([]);
      expect(await a11y(page)).toEqual([]);
      await context.close();
    },
    FLOW_TIMEOUT,
  );
});

type PersonValues = {
  picture: string;
  name: string;
  email: string;
  phone: string;
  state: string;
  city: string;
  street_address: string;
  suburb: string;
  post_code: string;
  restaurant: string;
  role: string;
  status: string;
};

const TEXT_LABELS = {
  picture: 'Picture URL',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  city: 'City',
  street_address: 'Street address',
  suburb: 'Suburb',
  post_code: 'Post code',
} as const;
const SELECT_LABELS = { state: 'State', restaurant: 'Restaurant', role: 'Role', status: 'Status' } as const;

/** A new person per viewport, and the seeded person that viewport deletes. */
const PLAN = {
  desktop: {
    values: {
      picture: 'https://pictures.example.com/noor-desk.png',
      name: 'Noor Desk',
      email: 'noor.desk@harbour.example.com',
      phone: '0400 111 222',
      state: 'VIC',
      city: 'Geelong',
      street_address: '5 Moorabool Street',
      suburb: 'Geelong West',
      post_code: '3218',
      restaurant: 'Harbour Eats Fitzroy',
      role: 'Waiter',
      status: 'Inactive',
    },
    renamed: 'Noor Desk-Renamed',
    victim: 'Zoe Harris',
  },
  phone: {
    values: {
      picture: 'https://pictures.example.com/pia-phone.png',
      name: 'Pia Phone',
      email: 'pia.phone@harbour.example.com',
      phone: '(02) 9555 0101',
      state: 'NSW',
      city: 'Newcastle',
      street_address: '77 Hunter Street',
      suburb: 'Newcastle East',
      post_code: '2300',
      restaurant: 'Harbour Eats Parramatta',
      role: 'Manager',
      status: 'Active',
    },
    renamed: 'Pia Phone-Renamed',
    victim: 'Lucas White',
  },
} satisfies Record<Viewport['name'], { values: PersonValues; renamed: string; victim: string }>;

/** The stored person, field by field as the form shows them. */
const stored = (p: Person): PersonValues => ({
  picture: p.picture ?? '',
  name: p.name,
  email: p.email,
  phone: p.phone ?? '',
  state: p.state ?? '',
  city: p.city ?? '',
  street_address: p.street_address ?? '',
  suburb: p.suburb ?? '',
  post_code: p.post_code ?? '',
  restaurant: p.restaurant ?? '',
  role: p.role,
  status: p.status,
});

async function formValues(page: Page): Promise<PersonValues> {
  const values = {} as Record<string, string>;
  for (const [field, label] of Object.entries(TEXT_LABELS)) values[field] = await textbox(page, label).inputValue();
  for (const [field, label] of Object.entries(SELECT_LABELS))
    values[field] = await page.getByRole('combobox', { name: label, exact: true }).inputValue();
  return values as PersonValues;
}

describe('Create, Edit and delete users', () => {
  it.each(VIEWPORTS)(
    'at $name: creates with every field (a taken e-mail refused on its field), edits with a confirm, deletes from the list only on Yes',
    async (viewport) => {
      const plan = PLAN[viewport.name];
      const { context, page, unexpected } = await own.open(viewport);
      await signIn(page);
      const token = await tokenOf(page);
      const before = await api<Person[]>(token, '/people');
      const taken = before[0]!.email;

      await navigate(page, viewport, 'User Management');
      await h1(page, 'User Dashboard').waitFor();
      await page.getByRole('link', { name: 'Create User', exact: true }).click();
      await page.waitForURL('**/user/create');
      await h1(page, 'Create User').waitFor();
      const create = page.getByRole('button', { name: 'Create User', exact: true });
      expect(await create.isDisabled()).toBe(true);
      for (const [field, label] of Object.entries(TEXT_LABELS))
        await textbox(page, label).fill(plan.values[field as keyof typeof TEXT_LABELS]);
      for (const [field, label] of Object.entries(SELECT_LABELS))
        await choose(page, label, plan.values[field as keyof typeof SELECT_LABELS]);
      await textbox(page, 'Password').fill('staff-secret-1');
      await textbox(page, 'Confirm password').fill('staff-secret-1');
      expect(await formValues(page)).toEqual(plan.values);
      await shot(page, `user-create-${viewport.name}`);
      expect(await a11y(page)).toEqual([]);
      await expectNoSidewaysScroll(page, viewport);

      // Someone else's e-mail: the server's message on the Email field, nothing created.
      await textbox(page, 'Email').fill(taken.toUpperCase());
      await create.click();
      await answer(page, 'Add user?', 'Add user', `${plan.values.name} will be added to your users.`);
      await expect.poll(() => describedBy(textbox(page, 'Email'))).toContain('This email address is already in use');
      expect(await textbox(page, 'Email').getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/user/create');
      expect((await api<Person[]>(token, '/people')).length).toBe(before.length);

      await textbox(page, 'Email').fill(plan.values.email);
      await create.click();
      await answer(page, 'Add user?', 'Add user', `${plan.values.name} will be added to your users.`);
      await toast(page, `${plan.values.name}'s profile created successfully!`);
      await page.waitForURL((url) => url.pathname === '/user');
      await search(page, plan.values.name);
      await expect.poll(() => rowNames(page)).toEqual([plan.values.name]);
      const row = page.locator('table tbody tr');
      for (const text of [plan.values.email, plan.values.role, plan.values.restaurant, plan.values.status])
        await row.getByText(text, { exact: true }).waitFor();
      const created = (await api<Person[]>(token, '/people')).find((p) => p.email === plan.values.email);
      expect(created && stored(created)).toEqual(plan.values);

      // Edit: the pencil opens the person's address; Cancel in the confirm saves nothing, Yes saves.
      await row.getByRole('link', { name: `Edit ${plan.values.name}` }).click();
      await page.waitForURL((url) => url.pathname === '/user/edit' && url.searchParams.get('id') === String(created!.id));
      await h1(page, 'Edit User').waitFor();
      await expect.poll(() => formValues(page)).toEqual(plan.values);
      await textbox(page, 'Name').fill(plan.renamed);
      await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await answer(page, `Save changes to ${plan.renamed}?`, 'Cancel', `${plan.renamed}'s profile will be updated as shown.`);
      expect(await textbox(page, 'Name').inputValue()).toBe(plan.renamed);
      expect(await page.getByRole('button', { name: 'Save Changes', exact: true }).isEnabled()).toBe(true);
      expect((await api<Person>(token, `/people/${created!.id}`)).name).toBe(plan.values.name);
      await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await answer(page, `Save changes to ${plan.renamed}?`, 'Save', `${plan.renamed}'s profile will be updated as shown.`);
      await toast(page, `${plan.renamed}'s profile updated successfully!`);
      await expect.poll(async () => (await api<Person>(token, `/people/${created!.id}`)).name).toBe(plan.renamed);

      // Delete User asks by name; Cancel keeps the person.
      await page.getByRole('button', { name: 'Delete User', exact: true }).click();
      await confirmDialog(page, `Delete ${plan.renamed}'s Profile?`);
      await shot(page, `user-edit-delete-confirm-${viewport.name}`);
      await answer(page, `Delete ${plan.renamed}'s Profile?`, 'Cancel');
      expect(new URL(page.url()).pathname).toBe('/user/edit');
      await page.reload();
      await h1(page, 'Edit User').waitFor();
      await expect.poll(() => formValues(page)).toEqual({ ...plan.values, name: plan.renamed });
      await expectNoSidewaysScroll(page, viewport);
      expect(await a11y(page)).toEqual([]);
      changed.people.push({
        email: plan.values.email,
        name: plan.renamed,
        restaurantId: created!.restaurant_id!,
        values: { ...plan.values, name: plan.renamed },
      });

      // The list's trash: Cancel keeps, Yes removes with its toast.
      await navigate(page, viewport, 'User Management');
      await h1(page, 'User Dashboard').waitFor();
      await search(page, plan.victim);
      await expect.poll(() => rowNames(page)).toEqual([plan.victim]);
      await page.getByRole('button', { name: `Delete ${plan.victim}`, exact: true }).click();
      await answer(page, `Delete ${plan.victim}'s Profile?`, 'Cancel');
      expect(await rowNames(page)).toEqual([plan.victim]);
      expect((await api<Person[]>(token, '/people')).map((p) => p.name)).toContain(plan.victim);
      await page.getByRole('button', { name: `Delete ${plan.victim}`, exact: true }).click();
      await answer(page, `Delete ${plan.victim}'s Profile?`, 'Yes');
      await toast(page, `${plan.victim}'s profile deleted!`);
      await page.getByText('No users found.', { exact: true }).waitFor();
      expect((await api<Person[]>(token, '/people')).map((p) => p.name)).not.toContain(plan.victim);
      changed.deleted.push(plan.victim);

      // A reload reads it all back from the server.
      await page.reload();
      await h1(page, 'User Dashboard').waitFor();
      await page.getByText('No users found.', { exact: true }).waitFor();
      await search(page, plan.renamed);
      await expect.poll(() => rowNames(page)).toEqual([plan.renamed]);
      expect(unexpected()).toEqual([]);
      await context.close();
    },
    FLOW_TIMEOUT,
  );
});

describe('the selects of a form', () => {
  it("show the server's message before the user has touched them", async () => {
    const { context, page, unexpected } = await own.open(VIEWPORTS[0]);
    await signIn(page);
    await page.goto('/user/create');
    await h1(page, 'Create User').waitFor();
    await textbox(page, 'Name').fill('Nobody Chosen');
    await textbox(page, 'Email').fill('nobody.chosen@harbour.example.com');
    await textbox(page, 'Password').fill('staff-secret-1');
    await textbox(page, 'Confirm password').fill('staff-secret-1');
    await page.getByRole('button', { name: 'Create User', exact: true }).click();
    await answer(page, 'Add user?', 'Add user', 'Nobody Chosen will be added to your users.');
    const restaurant = page.getByRole('combobox', { name: 'Restaurant', exact: true });
    await expect.poll(() => describedBy(restaurant)).toContain('Restaurant is required');
    expect(await restaurant.getAttribute('aria-invalid')).toBe('true');
    expect(unexpected()).toEqual([]);
    await context.close();
  });

  it('open on the first tap at 375 px, also when its code arrived after the form was drawn', async () => {
    const context = await own.browser.newContext({ baseURL: own.server.url, viewport: VIEWPORTS[1].size, hasTouch: true });
    const { page, problems } = await openPage(context);
    await signIn(page);
    await page.goto('/user/create');
    await h1(page, 'Create User').waitFor();
    await page.getByRole('combobox', { name: 'State', exact: true }).tap();
    await page.getByRole('option', { name: 'VIC', exact: true }).tap();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.getByRole('combobox', { name: 'Role', exact: true }).tap();
    await page.getByRole('option', { name: 'Chef', exact: true }).tap({ timeout: 5000 });
    await expect.poll(() => page.getByRole('combobox', { name: 'Role', exact: true }).inputValue()).toBe('Chef');
    expect(problems).toEqual([]);
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Restaurants

const RESTAURANT_PLAN = {
  desktop: { from: 'Harbour Eats Bondi', stored: 'Harbour Eats Bondi Beach', picked: 'Harbour Eats Bondi Beachfront' },
  phone: { from: 'Harbour Eats Fitzroy', stored: 'Harbour Eats Fitzroy North', picked: 'Harbour Eats Fitzroy Gardens' },
} satisfies Record<Viewport['name'], { from: string; stored: string; picked: string }>;

/** From the restaurant list, the pencil of `from`, the name changed to `to` and saved with Yes. */
async function renameRestaurant(page: Page, viewport: Viewport, from: string, to: string): Promise<number> {
  if (new URL(page.url()).pathname !== '/restaurant') await navigate(page, viewport, 'Restaurant Management');
  await h1(page, 'Restaurant Management').waitFor();
  await restaurantRow(page, from)
    .getByRole('link', { name: `Edit ${from}`, exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === '/restaurant/edit');
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await h1(page, 'Edit Restaurant').waitFor();
  await expect.poll(() => textbox(page, 'Name').inputValue()).toBe(from);
  await textbox(page, 'Name').fill(to);
  await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
  await answer(page, `Save changes to ${to}?`, 'Save', "The restaurant's details will be updated as shown.");
  await toast(page, `${to}'s info updated successfully!`);
  return id;
}

describe('Restaurant Management and Edit Restaurant', () => {
  it.each(VIEWPORTS)(
    'at $name: MENUPLUS links to the franchise sign-in in a new tab; a renamed restaurant is stored',
    async (viewport) => {
      const plan = RESTAURANT_PLAN[viewport.name];
      const { context, page, unexpected } = await own.open(viewport);
      await signIn(page);
      const token = await tokenOf(page);
      const restaurants = await api<Restaurant[]>(token, '/restaurants');
      const { user } = await api<{ user: Profile }>(token, '/profile');

      await navigate(page, viewport, 'Restaurant Management');
      await h1(page, 'Restaurant Management').waitFor();
      await expect.poll(() => page.locator('table tbody tr').count()).toBe(Math.min(5, restaurants.length));
      let menuplus = 0;
      for (const r of restaurants.slice(0, 5)) {
        const row = restaurantRow(page, r.name);
        // Its id, readable at 375 px too, with its copy button.
        await row.getByText(`Id ${r.id}`, { exact: true }).first().waitFor();
        expect(await row.getByRole('button', { name: `Copy id ${r.id} of ${r.name}`, exact: true }).isVisible()).toBe(true);
        for (const s of r.subscriptions) {
          const link = row.getByRole('link', { name: `${s.product_name} (${s.plan_name}) (opens in a new tab)`, exact: true });
          if (s.product_name !== 'MENUPLUS') {
            expect(await link.count(), `${r.name} ${s.product_name}`).toBe(0);
            await row.getByText(`${s.product_name} (${s.plan_name})`, { exact: true }).waitFor();
            continue;
          }
          menuplus++;
          expect(await link.getAttribute('href')).toBe(`${s.web_link}/franchise-login/${user.id}/${r.restaurant_user?.id}`);
          expect(await link.getAttribute('target')).toBe('_blank');
          expect((await link.getAttribute('rel'))?.split(/\s+/)).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
        }
      }
      expect(menuplus).toBeGreaterThanOrEqual(2);
      await expectNoSidewaysScroll(page, viewport);
      expect(await a11y(page)).toEqual([]);

      const id = await renameRestaurant(page, viewport, plan.from, plan.stored);
      await expect.poll(async () => (await api<Restaurant>(token, `/restaurants/${id}`)).name).toBe(plan.stored);
      await page.reload();
      await h1(page, 'Edit Restaurant').waitFor();
      await expect.poll(() => textbox(page, 'Name').inputValue()).toBe(plan.stored);
      expect(await textbox(page, 'ABN').getAttribute('readonly')).not.toBeNull();
      await shot(page, `restaurant-edit-${viewport.name}`);
      await expectNoSidewaysScroll(page, viewport);
      expect(await a11y(page)).toEqual([]);
      changed.restaurants.push({ id, name: plan.stored });
      expect(unexpected()).toEqual([]);
      await context.close();
    },
    FLOW_TIMEOUT,
  );

  it.each(VIEWPORTS)(
    "at $name: after a save the dashboard's branch picker shows the new name without a reload",
    async (viewport) => {
      const plan = RESTAURANT_PLAN[viewport.name];
      const { context, page, unexpected } = await own.open(viewport);
      await signIn(page);
      const id = await renameRestaurant(page, viewport, plan.stored, plan.picked);
      const cached = await page.evaluate(
        () => sessionStorage.getItem('franchise_restaurants') ?? localStorage.getItem('franchise_restaurants'),
      );
      expect((JSON.parse(cached ?? '[]') as Restaurant[]).find((r) => r.id === id)?.name).toBe(plan.picked);

      await navigate(page, viewport, 'Dashboard');
      await page.waitForURL('**/dashboard');
      const branch = page.getByRole('combobox', { name: 'Branch', exact: true });
      await branch.focus();
      await branch.press('ArrowDown');
      await page.getByRole('option', { name: 'All Branches', exact: true }).waitFor();
      const options = await page.getByRole('option').allInnerTexts();
      expect(options).toContain(plan.picked);
      expect(options).not.toContain(plan.stored);
      changed.restaurants = changed.restaurants.map((r) => (r.id === id ? { id, name: plan.picked } : r));
      expect(unexpected()).toEqual([]);
      await context.close();
    },
    FLOW_TIMEOUT,
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Profile

const PROFILE_PLAN = {
  desktop: { name: 'Olivia Owner-Desk', password: 'desk-secret-2026' },
  phone: { name: 'Olivia Phone', password: 'phone-secret-2026' },
} satisfies Record<Viewport['name'], { name: string; password: string }>;

async function saveProfile(page: Page) {
  await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
  await answer(page, 'Save your profile?', 'Save', 'Your profile will be updated as shown.');
}

describe('Profile', () => {
  it.each(VIEWPORTS)(
    'at $name: a new name is stored and the shell shows it at once',
    async (viewport) => {
      const plan = PROFILE_PLAN[viewport.name];
      const { context, page, unexpected } = await own.open(viewport);
      await signIn(page, { email: DEMO.email, password: changed.password });
      const token = await tokenOf(page);
      const before = (await api<{ user: Profile }>(token, '/profile')).user;

      await navigate(page, viewport, 'Profile');
      await h1(page, 'Profile').waitFor();
      await expect.poll(() => textbox(page, 'Name').inputValue()).toBe(before.name);
      await textbox(page, 'Name').fill(plan.name);
      await shot(page, `profile-${viewport.name}`);
      await expectNoSidewaysScroll(page, viewport);
      expect(await a11y(page)).toEqual([]);
      await saveProfile(page);
      await toast(page, 'Profile updated successfully!');
      await expect.poll(async () => (await api<{ user: Profile }>(token, '/profile')).user.name).toBe(plan.name);
      changed.profileName = plan.name;

      // The shell's account (the sidebar; the drawer at 375 px), without a reload.
      if (viewport.name === 'phone') await page.getByRole('button', { name: 'Open navigation' }).click();
      const shell = page.getByRole('navigation', { name: 'Main' });
      await shell.getByText(plan.name, { exact: true }).waitFor({ timeout: 5000 });
      expect(await shell.getByText(before.name, { exact: true }).count()).toBe(0);
      expect(unexpected()).toEqual([]);
      await context.close();
    },
    FLOW_TIMEOUT,
  );

  it.each(VIEWPORTS)(
    'at $name: a password change keeps this tab signed in, signs other sessions out, and only the new password signs in',
    async (viewport) => {
      const plan = PROFILE_PLAN[viewport.name];
      const old = changed.password;
      const other = await own.open(viewport);
      await signIn(other.page, { email: DEMO.email, password: old });
      const otherToken = await tokenOf(other.page);
      const { context, page, unexpected } = await own.open(viewport);
      await signIn(page, { email: DEMO.email, password: old });
      const token = await tokenOf(page);

      await navigate(page, viewport, 'Profile');
      await h1(page, 'Profile').waitFor();
      await expect.poll(() => textbox(page, 'Email').inputValue()).toBe(DEMO.email);
      await textbox(page, 'Current password').fill('not-my-password');
      await textbox(page, 'New password').fill(plan.password);
      await textbox(page, 'Confirm new password').fill(plan.password);
      await saveProfile(page);
      await expect.poll(() => describedBy(textbox(page, 'Current password'))).toContain('Current password is incorrect');
      expect(await apiStatus(token, '/profile')).toBe(200);

      await textbox(page, 'Current password').fill(old);
      await saveProfile(page);
      await toast(page, 'Profile updated successfully!');
      changed.password = plan.password;
      await expect.poll(() => tokenOf(page)).not.toBe(token);
      expect(await apiStatus(await tokenOf(page), '/profile')).toBe(200);
      expect(await apiStatus(otherToken, '/profile')).toBe(401);

      // Still signed in: another page loads its data, also after a reload.
      await navigate(page, viewport, 'User Management');
      await h1(page, 'User Dashboard').waitFor();
      await expect.poll(async () => (await rowNames(page)).length).toBe(5);
      await page.reload();
      await h1(page, 'User Dashboard').waitFor();
      await expect.poll(async () => (await rowNames(page)).length).toBe(5);

      await logout(page, viewport);
      await page.getByLabel('Email').fill(DEMO.email);
      await page.getByLabel('Password', { exact: true }).fill(old);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await toast(page, 'Invalid email or password');
      expect(new URL(page.url()).pathname).toBe('/');
      await signIn(page, { email: DEMO.email, password: plan.password });
      expect(unexpected()).toEqual([]);
      await context.close();
      await other.context.close();
    },
    FLOW_TIMEOUT,
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Restart

describe('after a restart on the same DATA_DIR', () => {
  it('every change is still there: people created, edited and deleted, restaurant names, the profile name and password', async () => {
    expect(changed.people.length + changed.deleted.length + changed.restaurants.length).toBeGreaterThan(0);
    expect(await own.restart()).toBe(0);
    const viewport = VIEWPORTS[0];
    const { context, page, unexpected } = await own.open(viewport);
    if (changed.password !== DEMO.password) {
      await page.goto('/');
      await page.getByLabel('Email').fill(DEMO.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await toast(page, 'Invalid email or password');
    }
    await signIn(page, { email: DEMO.email, password: changed.password });
    const token = await tokenOf(page);

    const people = await api<Person[]>(token, '/people');
    // A person's restaurant is read by id: a renamed restaurant shows its new name.
    for (const person of changed.people) {
      const restaurant = changed.restaurants.find((r) => r.id === person.restaurantId)?.name ?? person.values.restaurant;
      expect(stored(people.find((p) => p.email === person.email)!)).toEqual({ ...person.values, restaurant });
    }
    for (const name of changed.deleted) expect(people.map((p) => p.name)).not.toContain(name);
    await navigate(page, viewport, 'User Management');
    await h1(page, 'User Dashboard').waitFor();
    for (const person of changed.people) {
      await search(page, person.name);
      await expect.poll(() => rowNames(page)).toEqual([person.name]);
    }
    for (const name of changed.deleted) {
      await search(page, name);
      await page.getByText('No users found.', { exact: true }).waitFor();
    }

    for (const r of changed.restaurants) expect((await api<Restaurant>(token, `/restaurants/${r.id}`)).name).toBe(r.name);
    await navigate(page, viewport, 'Restaurant Management');
    await h1(page, 'Restaurant Management').waitFor();
    for (const r of changed.restaurants) await restaurantRow(page, r.name).waitFor();

    if (changed.profileName) {
      await navigate(page, viewport, 'Profile');
      await h1(page, 'Profile').waitFor();
      await expect.poll(() => textbox(page, 'Name').inputValue()).toBe(changed.profileName);
    }
    expect(unexpected()).toEqual([]);
    await context.close();
  }, 300_000);
});
