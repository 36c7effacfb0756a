import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, VIEWPORTS, screenshot, signIn } from './support/browser';
import { apiData, choose, tokenOf } from './support/console-ui';
import { ownServer } from './support/own-server';

// A Perth branch's late order lands on its own trading day, and the dashboard's comparison control
// changes what every change and chart line is measured against (docs/product.md#time, #comparisons).
// On a server of its own: the order it sends must not move another file's figures.

const own = ownServer();
const FREMANTLE = 'Harbour Eats Fremantle';

/** The calendar day of an instant in a zone, 'YYYY-MM-DD'. */
const dayIn = (zone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);

/** A table's body rows as the screen shows them, by its first cell. */
async function rowsByLabel(page: Page, title: string): Promise<Map<string, string[]>> {
  const region = page.getByRole('region', { name: title, exact: true });
  await region.locator('tbody tr').first().waitFor();
  const rows = await region
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => c.innerText.trim())));
  return new Map(rows.map((cells) => [cells[0]!, cells.slice(1)]));
}

async function post(path: string, secret: string, body: unknown, method = 'POST') {
  const res = await fetch(`${own.server.url}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: any }).data;
}

/** The dashboard's window line under its heading. */
const windowLine = (page: Page) => page.getByText(/ time\), compared with /);

describe("a branch's own clock and the comparison control", () => {
  it("files a 9:30 pm Perth order on Perth's day, not Sydney's next day", async () => {
    const { page, context, unexpected } = await own.open(VIEWPORTS[0]);
    await signIn(page, DEMO);
    const token = await tokenOf(page);
    const branches = await apiData<{ id: number; name: string; time_zone: string }[]>(own.server.url, token, '/restaurants');
    const fremantle = branches.find((b) => b.name === FREMANTLE)!;
    expect(fremantle.time_zone).toBe('Australia/Perth');

    // Three days ago in Perth, at 21:30 there: 00:30 the next day in Sydney, the franchise's zone.
    const day = dayIn('Australia/Perth', new Date(Date.now() - 3 * 86_400_000));
    const nextDay = dayIn('UTC', new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));
    const address = `/order?restaurant=${fremantle.id}&from=${day}&to=${nextDay}`;
    const orders = async () => {
      await page.goto(address);
      const rows = await rowsByLabel(page, 'Order Breakdown');
      expect(rows.size).toBe(2);
      return [...rows.values()].map((cells) => Number(cells.at(-1)!.replace(/,/g, '')));
    };
    const before = await orders();

    const { secret } = await post('/franchise/api-keys', token, { name: 'Late POS', restaurant_id: null, access: 'ingest' });
    await post(
      '/ingest/menu-items',
      secret,
      { items: [{ sku: 'LATE-1', name: 'Late Pie', price_cents: 1200, menu: 'Dinner', is_combo: false }] },
      'PUT',
    );
    const placedAt = `${day}T21:30:00+08:00`;
    expect(dayIn('Australia/Sydney', new Date(placedAt))).toBe(nextDay);
    await post('/ingest/orders', secret, {
      orders: [
        {
          external_id: 'LATE-PERTH-1',
          restaurant_id: fremantle.id,
          placed_at: placedAt,
          channel: 'dine_in',
          source: 'pos',
          guests: 2,
          customer_ref: null,
          status: 'completed',
          lines: [{ sku: 'LATE-1', quantity: 1, amount_cents: 1200 }],
          payments: [{ method: 'card', amount_cents: 1200 }],
        },
      ],
    });

    expect(await orders()).toEqual([before[0]! + 1, before[1]!]);
    await screenshot(page, 'branch-clock-late-order');
    expect(unexpected()).toEqual([]);
    await context.close();
  });

  it('compares with the same days last year, then like for like, in the URL, the window line and the chart legends', async () => {
    const { page, context, unexpected } = await own.open(VIEWPORTS[0]);
    await signIn(page, DEMO);
    await windowLine(page).waitFor();
    expect(await windowLine(page).innerText()).toContain('the previous 7 days');

    await choose(page, 'Compare with', 'Same days last year');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('last_year');
    await expect.poll(() => windowLine(page).innerText()).toContain('the same 7 days last year');
    const line = await windowLine(page).innerText();
    // "compared with 23 Nov 2025 – 29 Nov 2025": the legend names the same days.
    const [, from, to] = /compared with (\d+ \w+) \d{4} – (\d+ \w+ \d{4})/.exec(line)!;
    const chart = page
      .getByRole('region', { name: 'Revenue Trends' })
      .getByRole('img', { name: 'Dine-in, takeaway and delivery revenue per period' });
    await expect.poll(() => chart.locator('svg').textContent()).toContain(`${from} – ${to}`);

    await page.getByRole('switch', { name: 'Like for like' }).check();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('like_for_like')).toBe('true');
    await expect.poll(() => windowLine(page).innerText()).toMatch(/the same 7 days last year, like for like \(\d+ branch(es)?\)$/);
    await screenshot(page, 'dashboard-last-year-like-for-like');

    // The address alone restores both: a reload shows the same comparison.
    await page.reload();
    await expect.poll(() => windowLine(page).innerText()).toMatch(/like for like/);
    expect(unexpected()).toEqual([]);
    await context.close();
  });
});
