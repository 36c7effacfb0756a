import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Headcounts, Revenues } from '@contract/analytics.contract';
import { formatCurrency, formatDay, formatNumber, formatPercent } from '@contract/presentation/format';
import type { PageReport } from '@contract/page-reports.contract';
import type { Person } from '@contract/people.contract';
import { VIEWPORTS, launchBrowser, signIn } from './support/browser';
import { answer, apiData, choose, h1, navigate, openConsole, restaurantRow, shot, textbox, toast, tokenOf } from './support/console-ui';
import { ownerCreate } from './support/owner-create';
import { startServer, stopServer, type RunningServer } from './support/server-process';

// The whole path of a real owner on the embedded database, without the demo: the operator creates the owner with
// `npm run owner:create`, starts `npm start` with SEED_DEMO=0, and the owner adds a restaurant, an API key and a staff
// member in the console; the POS sends its menu and orders as the curl commands of docs/integrations.md do, the roster comes as a CSV
// through Data Import. Every figure the screens show is worked out here from what was sent, and a retry changes none.

const ZONE = 'Australia/Sydney';
const OWNER = { email: 'grace@realeats.example.org', password: 'first-real-owner-1', name: 'Grace Hopper' };
const FRANCHISE = 'Real Eats Group';
const RESTAURANT = {
  name: 'Real Eats Surry Hills',
  abn: '51 824 753 556',
  address: '12 Crown Street',
  suburb: 'Surry Hills',
  city: 'Sydney',
  state: 'NSW',
  post_code: '2010',
  phone: '(02) 9360 1234',
  email: 'hello@realeats.example.org',
  business_type: 'Casual dining',
  capacity: '48',
};
const STAFF = { name: 'Mia Chen', email: 'mia.chen@realeats.example.org', role: 'Chef' };
const [DESKTOP] = VIEWPORTS;
const DAY = 86_400_000;

const dataDir = mkdtempSync(join(tmpdir(), 'fc-real-owner-'));
const files = mkdtempSync(join(tmpdir(), 'fc-real-owner-files-'));
let server: RunningServer | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let unexpected: () => string[];

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  if (server) await stopServer(server.process);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// The trade: days of the dashboard's default window (the 7 full days before today in Sydney, on the real clock).

const sydneyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const TODAY = sydneyToday();
const WINDOW = { start: addDays(TODAY, -7), end: addDays(TODAY, -1) };
const [D1, D2, D3] = [addDays(TODAY, -6), addDays(TODAY, -4), addDays(TODAY, -2)] as [string, string, string];

/** A Sydney wall-clock time of `day` as RFC 3339 with that day's offset (+10:00 or +11:00 in summer). */
function sydneyTime(day: string, time: string): string {
  // 02:00 UTC is midday or 1 pm in Sydney: the offset of the middle of that day.
  const zone = new Intl.DateTimeFormat('en-AU', { timeZone: ZONE, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T02:00:00Z`))
    .find((part) => part.type === 'timeZoneName')!.value;
  return `${day}T${time}:00${zone.replace('GMT', '')}`;
}

const MENU = [
  { sku: 'BURGER-CL', name: 'Classic Burger', price_cents: 1650, menu: 'All Day', is_combo: false },
  { sku: 'COMBO-1', name: 'Burger, Fries and Drink', price_cents: 2250, menu: 'Lunch', is_combo: true },
  { sku: 'FRIES-LG', name: 'Large Fries', price_cents: 550, menu: 'All Day', is_combo: false },
] as const;

type Order = {
  external_id: string;
  restaurant_id: number;
  placed_at: string;
  channel: 'dine_in' | 'takeaway';
  source: 'pos' | 'app';
  guests: number;
  customer_ref: string | null;
  status: 'completed' | 'voided';
  lines: { sku: string; quantity: number; amount_cents: number }[];
  payments: { method: 'card' | 'cash' | 'app'; amount_cents: number }[];
};

/** Six orders on three days: split bills, an app order, a returning loyalty customer and app account, one void. */
function ordersOf(restaurantId: number): Order[] {
  const order = (o: Omit<Order, 'restaurant_id'>): Order => ({ ...o, restaurant_id: restaurantId });
  return [
    order({
      external_id: 'POS-1001',
      placed_at: sydneyTime(D1, '12:00'),
      channel: 'dine_in',
      source: 'pos',
      guests: 2,
      customer_ref: 'LOYALTY-42',
      status: 'completed',
      lines: [
        { sku: 'BURGER-CL', quantity: 2, amount_cents: 3300 },
        { sku: 'FRIES-LG', quantity: 1, amount_cents: 550 },
      ],
      payments: [
        { method: 'card', amount_cents: 2000 },
        { method: 'cash', amount_cents: 1850 },
      ],
    }),
    order({
      external_id: 'APP-2001',
      placed_at: sydneyTime(D1, '12:20'),
      channel: 'takeaway',
      source: 'app',
      guests: 1,
      customer_ref: null,
      status: 'completed',
      lines: [{ sku: 'COMBO-1', quantity: 1, amount_cents: 2250 }],
      payments: [{ method: 'app', amount_cents: 2250 }],
    }),
    order({
      external_id: 'POS-1002',
      placed_at: sydneyTime(D2, '12:00'),
      channel: 'dine_in',
      source: 'pos',
      guests: 4,
      customer_ref: 'LOYALTY-42',
      status: 'completed',
      lines: [
        { sku: 'BURGER-CL', quantity: 3, amount_cents: 4950 },
        { sku: 'COMBO-1', quantity: 1, amount_cents: 2250 },
      ],
      payments: [{ method: 'card', amount_cents: 7200 }],
    }),
    order({
      external_id: 'POS-1003',
      placed_at: sydneyTime(D2, '12:40'),
      channel: 'takeaway',
      source: 'pos',
      guests: 1,
      customer_ref: 'APP-USER-7',
      status: 'completed',
      lines: [{ sku: 'FRIES-LG', quantity: 2, amount_cents: 1100 }],
      payments: [{ method: 'cash', amount_cents: 1100 }],
    }),
    order({
      external_id: 'POS-1004',
      placed_at: sydneyTime(D3, '12:00'),
      channel: 'dine_in',
      source: 'pos',
      guests: 3,
      customer_ref: 'APP-USER-7',
      status: 'completed',
      lines: [
        { sku: 'BURGER-CL', quantity: 1, amount_cents: 1650 },
        { sku: 'COMBO-1', quantity: 1, amount_cents: 2250 },
      ],
      payments: [
        { method: 'card', amount_cents: 2900 },
        { method: 'cash', amount_cents: 1000 },
      ],
    }),
    order({
      external_id: 'POS-1005',
      placed_at: sydneyTime(D3, '12:30'),
      channel: 'dine_in',
      source: 'pos',
      guests: 2,
      customer_ref: 'LOYALTY-99',
      status: 'voided',
      lines: [{ sku: 'BURGER-CL', quantity: 1, amount_cents: 1650 }],
      payments: [],
    }),
  ];
}

type Shift = {
  external_id: string;
  day: string;
  assigned_minutes: number;
  actual_minutes: number;
  hourly_rate_cents: number;
  attended: boolean;
};
/** A split shift (lunch and dinner of one day) and a shift at another rate on another day. */
const SHIFTS: Shift[] = [
  { external_id: 'ROSTER-1', day: D2, assigned_minutes: 240, actual_minutes: 235, hourly_rate_cents: 3250, attended: true },
  { external_id: 'ROSTER-2', day: D2, assigned_minutes: 180, actual_minutes: 190, hourly_rate_cents: 3250, attended: true },
  { external_id: 'ROSTER-3', day: D3, assigned_minutes: 300, actual_minutes: 287, hourly_rate_cents: 2875, attended: true },
];

const sum = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((s, item) => s + pick(item), 0);
const totalOf = (o: Order) => sum(o.lines, (l) => l.amount_cents);
const percent = (part: number, whole: number) => Math.round((part * 1000) / whole) / 10;

/** What the screens must show, from the orders and shifts sent. */
function expectedFigures(orders: Order[]) {
  const completed = orders.filter((o) => o.status === 'completed');
  const revenue = sum(completed, totalOf);
  const channel = (c: Order['channel']) => completed.filter((o) => o.channel === c);
  const transactions = sum(completed, (o) => o.payments.length);
  // Recurrent: the customer has a completed order placed strictly before this one; an anonymous guest is new.
  const recurrent = (o: Order) =>
    o.customer_ref !== null &&
    completed.some((p) => p.customer_ref === o.customer_ref && Date.parse(p.placed_at) < Date.parse(o.placed_at));
  const labour = sum(SHIFTS, (s) => Math.round((s.actual_minutes * s.hourly_rate_cents) / 60));
  const assigned = sum(SHIFTS, (s) => s.assigned_minutes);
  const actual = sum(SHIFTS, (s) => s.actual_minutes);
  const perDay = (day: string) => {
    const of = (c: Order['channel']) =>
      sum(
        channel(c).filter((o) => o.placed_at.startsWith(day)),
        totalOf,
      );
    return { dine_in: of('dine_in'), takeaway: of('takeaway') };
  };
  return {
    revenueCents: revenue,
    orders: completed.length,
    dineInOrders: channel('dine_in').length,
    takeawayOrders: channel('takeaway').length,
    dineInCents: sum(channel('dine_in'), totalOf),
    takeawayCents: sum(channel('takeaway'), totalOf),
    transactions,
    aovCents: Math.round(revenue / completed.length),
    atvCents: Math.round(revenue / transactions),
    recurrentGuests: sum(completed.filter(recurrent), (o) => o.guests),
    newGuests: sum(
      completed.filter((o) => !recurrent(o)),
      (o) => o.guests,
    ),
    labourCents: labour,
    attendance: percent(SHIFTS.filter((s) => s.attended).length, SHIFTS.length),
    productivityCents: Math.round((revenue * 60) / actual),
    labourShare: percent(labour, revenue),
    assignedHours: Math.round((assigned * 100) / 60) / 100,
    actualHours: Math.round((actual * 100) / 60) / 100,
    staffPercent: percent(actual, assigned),
    days: Array.from({ length: 7 }, (_, i) => perDay(addDays(WINDOW.start, i))),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the screens by their labels

const money = (cents: number) => formatCurrency(cents / 100);

/** Every card has settled: no skeleton, no error, Apply is back. */
async function settled() {
  await page.getByRole('button', { name: 'Apply', exact: true }).waitFor();
  await expect.poll(() => page.getByRole('status', { name: /^Loading / }).count(), { timeout: 30_000 }).toBe(0);
  expect(await page.getByText(/could not be loaded/).count()).toBe(0);
}

/** The figure under a stat card's label (the card is the label's nearest Paper; a table's column may have the same words). */
async function stat(label: string): Promise<string> {
  const card = page
    .getByRole('main')
    .locator('p')
    .getByText(label, { exact: true })
    .locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
  return (await card.locator('p').nth(1).innerText()).trim();
}

/** A chart's figures in words (its accessible description). */
async function chartWords(name: string): Promise<string> {
  return page
    .getByRole('img', { name, exact: true })
    .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
}

/** A report table's rows and its Total row, each as { column label: cell text }. */
async function reportTable(title: string) {
  const region = page.getByRole('region', { name: title, exact: true });
  const labels = (await region.locator('thead th').allInnerTexts()).map((t) => t.trim());
  const rows = async (selector: string) =>
    (
      await region
        .locator(selector)
        .evaluateAll((trs) => trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => c.innerText.trim())))
    ).map((cells) => Object.fromEntries(cells.map((cell, i) => [labels[i]!, cell])));
  return { rows: await rows('tbody tr'), total: (await rows('tfoot tr'))[0]! };
}

/** The sign-in and other toasts close by themselves; a screenshot shows the page without them. */
async function picture(name: string) {
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(1200); // the charts animate in; the picture shows them drawn
  await shot(page, name);
}

async function ingest<T>(secret: string, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<T> {
  // What curl -fsS -H "$AUTH" [-H 'Content-Type: application/json' -d …] sends.
  const res = await fetch(`${server!.url}/api/v1/ingest/${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { status: string; data: T };
  expect(res.status, `${method} ${path}: ${JSON.stringify(envelope)}`).toBe(200);
  expect(envelope.status).toBe('success');
  return envelope.data;
}

function shiftsCsv(restaurantId: number): string {
  const header = 'external_id,restaurant_id,person_email,day,assigned_minutes,actual_minutes,hourly_rate_cents,attended';
  const rows = SHIFTS.map((s) =>
    [s.external_id, restaurantId, STAFF.email, s.day, s.assigned_minutes, s.actual_minutes, s.hourly_rate_cents, s.attended].join(','),
  );
  const path = join(files, 'roster-export.csv');
  writeFileSync(path, [header, ...rows].join('\r\n') + '\r\n');
  return path;
}

async function importSummary() {
  const text = await page.getByRole('group', { name: 'Summary' }).innerText();
  const figure = (label: string) => Number(new RegExp(`${label}\\s*([\\d,]+)`).exec(text)![1]!.replace(/,/g, ''));
  return { Created: figure('Created'), Updated: figure('Updated'), Unchanged: figure('Unchanged'), Rejected: figure('Rejected') };
}

async function importShifts(file: string) {
  await page.getByRole('radio', { name: 'Shifts' }).check();
  await page.getByLabel('Choose a CSV file').setInputFiles(file);
  await page.getByText('Every row is valid').waitFor();
  const read = page.getByText(/ rows read: /);
  await read.waitFor();
  expect(await read.innerText()).toBe(`${SHIFTS.length} rows read: ${SHIFTS.length} shifts are ready to import.`);
  await page.getByRole('button', { name: `Import ${SHIFTS.length} shifts` }).click();
  await page.getByRole('heading', { level: 2, name: 'Import complete' }).waitFor();
  return importSummary();
}

// ---------------------------------------------------------------------------------------------------------------

let restaurantId: number;
let secret: string;
let orders: Order[];
let expected: ReturnType<typeof expectedFigures>;
let token: string;
let figuresBefore: Awaited<ReturnType<typeof figuresOnScreen>>;

describe('a real owner, from owner:create to the figures of their own trade (embedded database, no demo)', () => {
  it('the operator creates the owner, starts the console with SEED_DEMO=0; the owner signs in to an empty console', async () => {
    const created = await ownerCreate(
      dataDir,
      ['--email', OWNER.email, '--name', OWNER.name, '--franchise', FRANCHISE, '--time-zone', ZONE],
      OWNER.password,
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Created ${FRANCHISE} (${ZONE}) and its owner ${OWNER.email}`);

    server = await startServer({ dataDir, env: { SEED_DEMO: '0', DATABASE_URL: '' } });
    ({ context, page, unexpected } = await openConsole(browser, server.url, DESKTOP));
    // Remember me: the console token is kept in localStorage, where the API cross-checks below read it.
    await signIn(page, OWNER, true);
    token = (await page.evaluate(() => localStorage.getItem('franchise_token')))!;
    expect(token).toBe(await tokenOf(page));
    await h1(page, FRANCHISE).waitFor();
    await page.getByRole('heading', { name: 'Data Analytics of Past 7 Days' }).waitFor();
    await settled();
    await page.getByText(/^All Branches · /).waitFor();
    for (const text of [
      'No sales in this window.',
      'No orders in this window.',
      'No guests in this window.',
      'No shifts rostered in this window.',
      'No menu items sold in this window.',
      'No purchases in this window.',
      'No restaurants found.',
    ])
      expect(await page.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    // The first steps lead the empty dashboard, none done yet.
    await firstSteps().getByText('0 of 4 done. Your figures appear here once trade arrives.').waitFor();
    expect(await firstSteps().getByText('(to do)').count()).toBe(4);
    expect(await apiData<unknown[]>(server.url, token, '/restaurants')).toEqual([]);
    expect(await apiData<Person[]>(server.url, token, '/people')).toEqual([]);
    await picture('real-owner-empty-dashboard-desktop');
    expect(unexpected()).toEqual([]);
  }, 120_000);

  it('adds the restaurant in Restaurant Management, and creates an API key for all branches on Integrations', async () => {
    await navigate(page, DESKTOP, 'Restaurant Management');
    await h1(page, 'Restaurant Management').waitFor();
    await page.getByRole('link', { name: 'Add Restaurant', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/restaurant/create');
    await h1(page, 'Add Restaurant').waitFor();
    await textbox(page, 'Logo URL').fill('https://images.example.org/real-eats.png');
    await textbox(page, 'Name').fill(RESTAURANT.name);
    await textbox(page, 'ABN').fill(RESTAURANT.abn);
    await textbox(page, 'Address').fill(RESTAURANT.address);
    await textbox(page, 'Suburb').fill(RESTAURANT.suburb);
    await textbox(page, 'City').fill(RESTAURANT.city);
    await choose(page, 'State', RESTAURANT.state);
    await textbox(page, 'Post code').fill(RESTAURANT.post_code);
    await textbox(page, 'Phone').fill(RESTAURANT.phone);
    await textbox(page, 'Email').fill(RESTAURANT.email);
    await textbox(page, 'Business type').fill(RESTAURANT.business_type);
    await textbox(page, 'Capacity').fill(RESTAURANT.capacity);
    await choose(page, 'Status', 'Active');
    await page.getByRole('button', { name: 'Add Restaurant', exact: true }).click();
    await answer(page, 'Add restaurant?', 'Add restaurant', `${RESTAURANT.name} will be added to your restaurants.`);
    await toast(page, `${RESTAURANT.name} created successfully!`);
    await page.waitForURL((url) => url.pathname === '/restaurant');
    await restaurantRow(page, RESTAURANT.name).getByText(`${RESTAURANT.suburb}, ${RESTAURANT.state}`, { exact: true }).waitFor();

    await navigate(page, DESKTOP, 'Integrations');
    await h1(page, 'Integrations').waitFor();
    await page.getByText('No API keys yet.', { exact: true }).waitFor();
    await textbox(page, 'Name').fill('Till in the shop');
    await choose(page, 'Scope', 'All branches');
    await page.getByRole('button', { name: 'Create key' }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Your new API key "Till in the shop"' });
    await box.getByText(/shown only this once/).waitFor();
    secret = (await box.locator('pre').innerText()).trim();
    expect(secret).toMatch(/^fck_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    await box.getByRole('button', { name: 'Done', exact: true }).click();

    // Back on the dashboard, the restaurant and the key tick the first two steps.
    await navigate(page, DESKTOP, 'Dashboard');
    await firstSteps().getByText('2 of 4 done. Your figures appear here once trade arrives.').waitFor();
    expect(await firstSteps().getByText('(done)').count()).toBe(2);
    await picture('real-owner-first-steps-desktop');
    expect(unexpected()).toEqual([]);
  }, 60_000);

  it('the POS sends its menu and orders as docs/integrations.md does', async () => {
    const restaurants = await ingest<{ id: number; name: string }[]>(secret, 'GET', 'restaurants');
    expect(restaurants.map((r) => r.name)).toEqual([RESTAURANT.name]);
    restaurantId = restaurants[0]!.id;
    orders = ordersOf(restaurantId);
    expected = expectedFigures(orders);

    expect(await ingest(secret, 'PUT', 'menu-items', { items: MENU })).toEqual({ created: MENU.length, updated: 0, unchanged: 0 });
    expect(await ingest(secret, 'POST', 'orders', { orders })).toEqual({ created: orders.length, updated: 0, unchanged: 0 });
  });

  it('a staff member is created in User Management, and the roster imported as a CSV on Data Import', async () => {
    await navigate(page, DESKTOP, 'User Management');
    await h1(page, 'User Dashboard').waitFor();
    await page.getByRole('link', { name: 'Create User', exact: true }).click();
    await page.waitForURL('**/user/create');
    await h1(page, 'Create User').waitFor();
    await textbox(page, 'Name').fill(STAFF.name);
    await textbox(page, 'Email').fill(STAFF.email);
    await textbox(page, 'Phone').fill('0400 123 456');
    await choose(page, 'State', 'NSW');
    await textbox(page, 'City').fill('Sydney');
    await textbox(page, 'Street address').fill('3 Bourke Street');
    await textbox(page, 'Suburb').fill('Surry Hills');
    await textbox(page, 'Post code').fill('2010');
    await choose(page, 'Restaurant', RESTAURANT.name);
    await choose(page, 'Role', STAFF.role);
    await choose(page, 'Status', 'Active');
    await textbox(page, 'Password').fill('staff-secret-1');
    await textbox(page, 'Confirm password').fill('staff-secret-1');
    await page.getByRole('button', { name: 'Create User', exact: true }).click();
    await answer(page, 'Add user?', 'Add user', `${STAFF.name} will be added to your users.`);
    await toast(page, `${STAFF.name}'s profile created successfully!`);
    await page.waitForURL((url) => url.pathname === '/user');
    const people = await apiData<Person[]>(server!.url, token, '/people');
    expect(people.map((p) => [p.name, p.email, p.restaurant_id, p.role])).toEqual([[STAFF.name, STAFF.email, restaurantId, STAFF.role]]);

    await navigate(page, DESKTOP, 'Data Import');
    await h1(page, 'Data Import').waitFor();
    expect(await importShifts(shiftsCsv(restaurantId))).toEqual({ Created: SHIFTS.length, Updated: 0, Unchanged: 0, Rejected: 0 });
    expect(unexpected()).toEqual([]);
  }, 60_000);

  it('the dashboard, Revenue, Headcount and Roster show exactly the trade sent', async () => {
    const e = expected;
    const screen = await figuresOnScreen();
    figuresBefore = screen;
    expect(screen.dashboard).toEqual({
      window: `All Branches · ${formatDay(WINDOW.start)} – ${formatDay(WINDOW.end)} (${ZONE} time), compared with ${formatDay(addDays(WINDOW.start, -7))} – ${formatDay(addDays(WINDOW.start, -1))}, the previous 7 days`,
      'Total Revenue': money(e.revenueCents),
      'Total Orders': formatNumber(e.orders),
      'Average Revenue per Restaurant': money(e.revenueCents),
      'Dine-In Revenue': money(e.dineInCents),
      'Takeaway Revenue': money(e.takeawayCents),
      orders: `Dine-In ${formatNumber(e.dineInOrders)}, Takeaway ${formatNumber(e.takeawayOrders)}, Delivery 0`,
      guests: `Recurrent ${formatNumber(e.recurrentGuests)}, New ${formatNumber(e.newGuests)}`,
      staff: `${STAFF.name}: ${formatPercent(e.staffPercent)} of assigned hours worked`,
    });
    expect(screen.revenue.cards).toEqual({
      'Total Revenue': money(e.revenueCents),
      'Avg Order Value (AOV)': money(e.aovCents),
      'Avg Transaction Value (ATV)': money(e.atvCents),
    });
    expect(screen.revenue.total).toEqual({
      Date: 'Total',
      'Dine-In': money(e.dineInCents),
      Takeaway: money(e.takeawayCents),
      Delivery: money(0),
      Total: money(e.revenueCents),
    });
    // Each order on its own Sydney day.
    expect(screen.revenue.days).toEqual(e.days.map((d) => [money(d.dine_in), money(d.takeaway), money(d.dine_in + d.takeaway)]));
    expect(screen.revenue.branch).toMatchObject({
      Restaurant: RESTAURANT.name,
      Revenue: money(e.revenueCents),
      Orders: formatNumber(e.orders),
      AOV: money(e.aovCents),
    });
    expect(screen.headcount).toEqual({
      'Total Headcount': formatNumber(e.recurrentGuests + e.newGuests),
      'Recurrent Patrons': formatNumber(e.recurrentGuests),
      'New Patrons': formatNumber(e.newGuests),
    });
    expect(screen.roster.cards).toEqual({
      'Labour Cost': money(e.labourCents),
      'Attendance (all shifts)': formatPercent(e.attendance),
      Productivity: `${money(e.productivityCents)}/h`,
      'Labour Cost % of Revenue': formatPercent(e.labourShare),
    });
    expect(screen.roster.staff).toEqual({
      Staff: STAFF.name,
      Restaurant: RESTAURANT.name,
      'Assigned Hours': formatNumber(e.assignedHours, 2),
      'Actual Hours': formatNumber(e.actualHours, 2),
      'Actual / Assigned (%)': formatPercent(e.staffPercent),
    });

    // The API's answers for the same window, with the owner's token.
    const revenues = await apiData<Revenues>(server!.url, token, '/analytics/revenues?period=7days');
    expect(revenues.window).toMatchObject({ start_date: WINDOW.start, end_date: WINDOW.end, time_zone: ZONE });
    expect(revenues.totals).toEqual({
      revenue: e.revenueCents / 100,
      dine_in: e.dineInCents / 100,
      takeaway: e.takeawayCents / 100,
      delivery: 0,
      orders: e.orders,
      transactions: e.transactions,
      aov: e.aovCents / 100,
      atv: e.atvCents / 100,
    });
    const headcounts = await apiData<Headcounts>(server!.url, token, '/analytics/headcounts?period=7days');
    expect(headcounts.totals).toEqual({
      recurrent: e.recurrentGuests,
      new: e.newGuests,
      total: e.recurrentGuests + e.newGuests,
    });
    const roster = await apiData<PageReport>(server!.url, token, '/analytics/pages/roster?period=7days');
    expect(Object.fromEntries(roster.cards.map((c) => [c.id, c.value]))).toEqual({
      labour_cost: e.labourCents / 100,
      attendance: e.attendance,
      revenue_per_hour: e.productivityCents / 100,
      labour_share: e.labourShare,
    });
    expect(unexpected()).toEqual([]);
  }, 90_000);

  it('a retry changes nothing: the same orders again are unchanged, the same file again too, and every figure stays', async () => {
    expect(await ingest(secret, 'POST', 'orders', { orders })).toEqual({ created: 0, updated: 0, unchanged: orders.length });
    await navigate(page, DESKTOP, 'Data Import');
    await h1(page, 'Data Import').waitFor();
    expect(await importShifts(shiftsCsv(restaurantId))).toEqual({ Created: 0, Updated: 0, Unchanged: SHIFTS.length, Rejected: 0 });
    expect(await figuresOnScreen()).toEqual(figuresBefore);
    expect(unexpected()).toEqual([]);
    await context.close();
  }, 90_000);
});

/** The dashboard's first steps for an owner of a franchise without trade. */
const firstSteps = () => page.getByRole('region', { name: 'Get started' });

/** Every figure of the four screens, each opened anew (the dashboard reloaded), with pictures of the dashboard and Revenue. */
async function figuresOnScreen() {
  await page.goto('/dashboard');
  await page.reload();
  await h1(page, FRANCHISE).waitFor();
  await settled();
  // Trade has arrived: the first steps are gone for good.
  expect(await firstSteps().count()).toBe(0);
  const labels = ['Total Revenue', 'Total Orders', 'Average Revenue per Restaurant', 'Dine-In Revenue', 'Takeaway Revenue'];
  const dashboard: Record<string, string> = {
    window: (await page.getByText(/^All Branches · /).innerText()).trim(),
  };
  for (const label of labels) dashboard[label] = await stat(label);
  dashboard.orders = await chartWords('Orders: Dine-In vs Takeaway vs Delivery');
  dashboard.guests = await chartWords('Guests: Recurrent vs New');
  dashboard.staff = (await page.getByLabel(/of assigned hours worked$/).getAttribute('aria-label')) ?? '';
  await picture('real-owner-dashboard-desktop');

  await page.goto('/revenue');
  await h1(page, 'Revenue').waitFor();
  await settled();
  const revenueCards: Record<string, string> = {};
  for (const label of ['Total Revenue', 'Avg Order Value (AOV)', 'Avg Transaction Value (ATV)']) revenueCards[label] = await stat(label);
  const breakdown = await reportTable('Revenue Breakdown');
  const branches = await reportTable('Branch Comparison (Last 7 Days)');
  await picture('real-owner-revenue-desktop');

  await page.goto('/headcount');
  await h1(page, 'Headcount').waitFor();
  await settled();
  const headcount: Record<string, string> = {};
  for (const label of ['Total Headcount', 'Recurrent Patrons', 'New Patrons']) headcount[label] = await stat(label);

  await page.goto('/roster');
  await h1(page, 'Roster & Productivity').waitFor();
  await settled();
  const rosterCards: Record<string, string> = {};
  for (const label of ['Labour Cost', 'Attendance (all shifts)', 'Productivity', 'Labour Cost % of Revenue'])
    rosterCards[label] = await stat(label);
  const staff = await reportTable('Staff Productivity (Last 7 Days)');
  expect(staff.rows).toHaveLength(1);

  return {
    dashboard,
    revenue: {
      cards: revenueCards,
      total: breakdown.total,
      days: breakdown.rows.map((r) => [r['Dine-In'], r.Takeaway, r.Total]),
      branch: branches.rows[0],
    },
    headcount,
    roster: { cards: rosterCards, staff: staff.rows[0] },
  };
}
