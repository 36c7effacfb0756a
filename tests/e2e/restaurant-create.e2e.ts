import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Restaurant } from '@contract/auth.contract';
import { sameAbnNotice, type RestaurantDetail } from '@contract/restaurants.contract';
import { VIEWPORTS, signIn } from './support/browser';
import {
  a11y,
  answer,
  apiData,
  choose,
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

// Add Restaurant in real Chromium, at desktop and 375 px, on a server of this file's own (its own DATA_DIR),
// so the restaurants it adds never reach the lists the other e2e files count.

const own = ownServer();

const FLOW_TIMEOUT = 180_000;
/** The owner's first seeded restaurant's ABN: each new restaurant shares it, as branches of one company do. */
const SHARED_ABN = '51 824 753 556';

const PLAN = {
  desktop: { name: 'Harbour Eats Manly', suburb: 'Manly', state: 'NSW', post_code: '2095' },
  phone: { name: 'Harbour Eats Newtown', suburb: 'Newtown', state: 'NSW', post_code: '2042' },
} satisfies Record<Viewport['name'], { name: string; suburb: string; state: string; post_code: string }>;

const DASHBOARD_EMPTY_TEXTS = [
  'No sales in this window.',
  'No orders in this window.',
  'No guests in this window.',
  'No shifts rostered in this window.',
  'No menu items sold in this window.',
  'No purchases in this window.',
];

async function fillIn(page: Page, plan: (typeof PLAN)[Viewport['name']], abn: string) {
  await textbox(page, 'Logo URL').fill('https://images.example.com/new-branch.png');
  await textbox(page, 'Name').fill(plan.name);
  await textbox(page, 'ABN').fill(abn);
  await textbox(page, 'Address').fill('1 Ocean Parade');
  await textbox(page, 'Suburb').fill(plan.suburb);
  await textbox(page, 'City').fill('Sydney');
  await choose(page, 'State', plan.state);
  await textbox(page, 'Post code').fill(plan.post_code);
  await textbox(page, 'Phone').fill('(02) 9977 1234');
  await textbox(page, 'Email').fill(`hello@${plan.suburb.toLowerCase()}.example.com`);
  await textbox(page, 'Business type').fill('Casual dining');
  await textbox(page, 'Capacity').fill('64');
}

async function addRestaurant(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Restaurant', exact: true }).click();
  await answer(page, 'Add restaurant?', 'Add restaurant', `${name} will be added to your restaurants.`);
}

/** Every dashboard card has settled: no skeleton, and Apply is back. */
async function settled(page: Page) {
  await page.getByRole('button', { name: 'Apply', exact: true }).waitFor();
  await expect.poll(() => page.getByRole('status', { name: /^Loading / }).count(), { timeout: 30_000 }).toBe(0);
  expect(await page.getByText(/could not be loaded/).count()).toBe(0);
}

describe('Add Restaurant', () => {
  it.each(VIEWPORTS)(
    'at $name: adds a restaurant that the list, the branch picker (without a reload) and its analytics (saying no data yet) show at once',
    async (viewport) => {
      const plan = PLAN[viewport.name];
      const { context, page, unexpected } = await own.open(viewport);
      await signIn(page);
      const token = await tokenOf(page);
      // Set once: were the page reloaded, it would be gone.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

      await navigate(page, viewport, 'Restaurant Management');
      await h1(page, 'Restaurant Management').waitFor();
      await page.getByRole('link', { name: 'Add Restaurant', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/restaurant/create');
      await h1(page, 'Add Restaurant').waitFor();
      expect(await textbox(page, 'ABN').getAttribute('readonly')).toBeNull();
      expect(await page.getByRole('button', { name: 'Add Restaurant', exact: true }).isDisabled()).toBe(true);
      await shot(page, `restaurant-create-${viewport.name}`);
      await expectNoSidewaysScroll(page, viewport);
      expect(await a11y(page)).toEqual([]);

      // An ABN failing the checksum: the server's message on the field; nothing stored.
      await fillIn(page, plan, '51824753557');
      await addRestaurant(page, plan.name);
      await expect.poll(() => describedBy(textbox(page, 'ABN'))).toContain('This is not a valid ABN');
      expect(await textbox(page, 'ABN').getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/restaurant/create');
      await shot(page, `restaurant-create-invalid-abn-${viewport.name}`);
      expect(await a11y(page)).toEqual([]);

      // An ABN other restaurants of the franchise have: stored, and the toast names them.
      const sharing = (await apiData<Restaurant[]>(own.server.url, token, '/restaurants')).filter((r) => r.abn_no === SHARED_ABN);
      expect(sharing.length).toBeGreaterThan(0);
      await textbox(page, 'ABN').fill(SHARED_ABN.replace(/ /g, ''));
      await addRestaurant(page, plan.name);
      await toast(page, `${plan.name} created successfully! ${sameAbnNotice(sharing.map((r) => r.name))}`);
      await page.waitForURL((url) => url.pathname === '/restaurant');
      await h1(page, 'Restaurant Management').waitFor();
      const restaurants = await apiData<Restaurant[]>(own.server.url, token, '/restaurants');
      const created = restaurants.find((r) => r.name === plan.name)!;
      expect(created).toMatchObject({
        abn_no: SHARED_ABN,
        location: `${plan.suburb}, ${plan.state}`,
        subscriptions: [],
        restaurant_user: null,
      });
      expect(await apiData<RestaurantDetail>(own.server.url, token, `/restaurants/${created.id}`)).toMatchObject({
        capacity: 64,
        version: 1,
      });

      // The list: found by its name, with its location and no subscriptions.
      await page.getByRole('searchbox', { name: 'Search by name or location' }).fill(plan.suburb);
      const row = restaurantRow(page, plan.name);
      await row.waitFor();
      await row.getByText(`${plan.suburb}, ${plan.state}`, { exact: true }).waitFor();
      await row.getByText('None', { exact: true }).waitFor();
      await shot(page, `restaurant-created-list-${viewport.name}`);
      await expectNoSidewaysScroll(page, viewport);

      // The dashboard, reached without a reload: its branch picker and its restaurant table have the new one.
      await navigate(page, viewport, 'Dashboard');
      await page.waitForURL('**/dashboard');
      await settled(page);
      await restaurantRow(page, plan.name).waitFor();
      const branch = page.getByRole('combobox', { name: 'Branch', exact: true });
      await branch.focus();
      await branch.press('ArrowDown');
      await page.getByRole('option', { name: plan.name, exact: true }).click();
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('restaurant') === String(created.id));
      await settled(page);
      await page.getByText(new RegExp(`^${plan.name} · `)).waitFor();
      for (const text of DASHBOARD_EMPTY_TEXTS) expect(await page.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
      expect(await sameDocument()).toBe(true);
      await shot(page, `restaurant-created-dashboard-${viewport.name}`);
      await expectNoSidewaysScroll(page, viewport);

      // Its analytics page: what it covers, then the dashboard's text, not cards, chart and tables of zeros.
      await page.goto(`/revenue?restaurant=${created.id}`);
      await h1(page, 'Revenue').waitFor();
      await settled(page);
      expect(await page.getByRole('combobox', { name: 'Branch', exact: true }).inputValue()).toBe(plan.name);
      await page.getByText(new RegExp(`^Last 7 Days · ${plan.name} · `)).waitFor();
      await page.getByText('No sales in this window.', { exact: true }).waitFor();
      expect(await page.getByText('$0.00', { exact: true }).count()).toBe(0);
      expect(await page.locator('main [role="img"]').count()).toBe(0);
      expect(await page.locator('main table').count()).toBe(0);
      await shot(page, `restaurant-created-revenue-${viewport.name}`);
      await expectNoSidewaysScroll(page, viewport);
      expect(unexpected()).toEqual([]);
      await context.close();
    },
    FLOW_TIMEOUT,
  );
});
