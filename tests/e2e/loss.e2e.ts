import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, VIEWPORTS, screenshot, seriousA11yViolations, signIn } from './support/browser';
import { tokenOf } from './support/console-ui';
import { ownServer } from './support/own-server';

// A day of orders sent through the API (a discount, a tip, a refund, a void and a delivery) to a branch of its own,
// read back to the cent on the Loss, Revenue and Order pages (docs/product.md#loss, #hours). On a server of its own: its orders
// must not move another file's figures.

const own = ownServer();

/** Yesterday in Sydney: in every range that ends yesterday. */
const yesterday = () => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
};

async function call(path: string, secret: string, body: unknown, method = 'POST') {
  const res = await fetch(`${own.server.url}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: any }).data;
}

/** A table's Total row as the screen shows it. */
async function totalRow(page: Page, title: string): Promise<string[]> {
  const region = page.getByRole('region', { name: title, exact: true });
  await region.locator('tfoot tr').first().waitFor();
  return region
    .locator('tfoot tr')
    .first()
    .evaluate((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => c.innerText.trim()));
}

describe('the Loss page', () => {
  it.each(VIEWPORTS)(
    'shows a day of voids, discounts, refunds and tips sent through the API to the cent, at $name size',
    async (viewport) => {
      const { name } = viewport;
      const { page, context, unexpected } = await own.open(viewport);
      await signIn(page, DEMO);
      const token = await tokenOf(page);
      const branch = await call('/franchise/restaurants', token, {
        logo: null,
        name: `Loss Lane ${name}`,
        abn_no: null,
        address: '1 Loss Lane',
        suburb: 'Tickton',
        post_code: '2000',
        city: 'Sydney',
        state: 'NSW',
        phone_no: '(02) 9977 1234',
        email: 'loss@example.com',
        business_type: 'Cafe',
        capacity: 40,
        status: 'Active',
      });
      const { secret } = await call('/franchise/api-keys', token, { name: `Till ${name}`, restaurant_id: null, access: 'ingest' });
      await call(
        '/ingest/menu-items',
        secret,
        {
          items: [
            { sku: 'LOSS-PIE', name: 'Loss Pie', price_cents: 1000, menu: 'All Day', is_combo: false, cost_cents: 300 },
            { sku: 'LOSS-TEA', name: 'Loss Tea', price_cents: 450, menu: 'All Day', is_combo: false },
          ],
        },
        'PUT',
      );
      const day = yesterday();
      const order = (id: string, hour: number, extra: Record<string, unknown>) => ({
        external_id: id,
        restaurant_id: branch.id,
        placed_at: `${day}T${hour}:00:00+11:00`,
        channel: 'dine_in',
        source: 'pos',
        guests: 1,
        customer_ref: null,
        status: 'completed',
        lines: [{ sku: 'LOSS-PIE', quantity: 4, amount_cents: 4000 }],
        payments: [{ method: 'card', amount_cents: 4000 }],
        ...extra,
      });
      await call('/ingest/orders', secret, {
        orders: [
          order('L-1', 12, { discount_cents: 1000, tip_cents: 500, payments: [{ method: 'card', amount_cents: 3500 }] }),
          order('L-2', 13, {
            channel: 'delivery',
            platform: 'Uber Eats',
            source: 'app',
            payments: [{ method: 'app', amount_cents: 4000 }],
          }),
          order('L-3', 14, { status: 'refunded', discount_cents: 400, tip_cents: 100, payments: [{ method: 'card', amount_cents: 3700 }] }),
          order('L-4', 15, { status: 'voided', payments: [] }),
        ],
      });

      await page.goto(`/loss?restaurant=${branch.id}`);
      await page.getByRole('heading', { level: 1, name: 'Loss' }).waitFor();
      // Gross sales $120: voids $40, discounts $10, refunds $36 (the refunded order's total), tips $5; loss 71.7 %.
      expect(await totalRow(page, 'Loss Breakdown')).toEqual(['Total', '$120.00', '$40.00', '$10.00', '$36.00', '$5.00', '71.7%']);
      expect(await totalRow(page, 'Branches by Loss')).toEqual(['Total', '$120.00', '$40.00', '$10.00', '$36.00', '$5.00', '71.7%']);
      const cards = page.getByRole('main');
      for (const label of ['Gross Sales', 'Voids', 'Discounts', 'Refunds', 'Tips', 'Loss % of Gross Sales']) {
        await cards.getByText(label, { exact: true }).first().waitFor();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.waitForTimeout(1200); // the chart animates in; the picture shows it drawn
      await screenshot(page, `loss-page-${name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The delivery order is revenue on its channel; the refunded and voided ones are not revenue.
      await page.goto(`/revenue?restaurant=${branch.id}`);
      await page.getByRole('heading', { level: 1, name: 'Revenue' }).waitFor();
      expect(await totalRow(page, 'Revenue Breakdown')).toEqual(['Total', '$30.00', '$0.00', '$40.00', '$70.00']);
      expect(await totalRow(page, 'Delivery by Platform')).toEqual(['Total', '1', '$40.00', '100.0%']);
      await page.goto(`/order?restaurant=${branch.id}`);
      expect(await totalRow(page, 'Order Breakdown')).toEqual(['Total', '1', '0', '1', '2']);
      const uberEats = await page
        .getByRole('region', { name: 'Delivery by Platform', exact: true })
        .getByRole('row', { name: /^Uber Eats/ })
        .evaluate((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => c.innerText.trim()));
      expect(uberEats).toEqual(['Uber Eats', '1', '$40.00', '100.0%']);
      // The hours (docs/product.md#hours): the two completed orders at 12:00 and 13:00 on the branch's clock are lunch.
      expect(await totalRow(page, 'Hours of the Day')).toEqual(['Total', '–', '2', '$70.00', '100.0%']);
      const hours = page.getByRole('region', { name: 'Hours of the Day', exact: true });
      const lunch = await hours
        .getByRole('row', { name: /^Lunch/ })
        .evaluate((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => c.innerText.trim()));
      expect(lunch).toEqual(['Lunch', '11:00–14:00', '2', '$70.00', '100.0%']);
      const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-AU', { weekday: 'short', timeZone: 'UTC' });
      const heatmapText = async (measure: string) => {
        const chart = hours.getByRole('img', { name: `${measure} by weekday and hour` });
        const described = await chart.getAttribute('aria-describedby');
        return page.locator(`[id="${described}"]`).innerText();
      };
      expect(await heatmapText('Orders')).toContain(`${weekday}: 2 orders, busiest 12:00 (1 order)`);
      await hours
        .locator('label')
        .filter({ hasText: /^Revenue$/ })
        .click();
      expect(await heatmapText('Revenue')).toContain(`${weekday}: $70.00, busiest 13:00 ($40.00)`);
      await page.waitForTimeout(800);
      await hours.screenshot({ path: `test-results/screenshots/order-hours-${name}.png` });
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The dashboard's Total Revenue says what it leaves out: the discount and the refund.
      await page.goto(`/dashboard?restaurant=${branch.id}`);
      const summary = page.getByRole('region', { name: 'Revenue Summary' });
      await summary.getByText('Discounts $10.00 · Refunds $36.00').waitFor();

      // Food cost (docs/product.md#costs): the 8 pies of the two completed orders at $3.00 each, against $70.00 of revenue.
      await page.goto(`/costs?restaurant=${branch.id}`);
      await page.getByRole('heading', { level: 1, name: 'Food & Prime Cost' }).waitFor();
      const costs = ['Total', '$70.00', '$24.00', '34.3%', '$0.00', '0.0%', '$24.00', '34.3%', '$0.00', '0.0%'];
      expect(await totalRow(page, 'Cost Breakdown')).toEqual(costs);
      await screenshot(page, `costs-page-${name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Menu engineering (docs/product.md#menu-engineering): the pie alone is costed and sold, so it is a star.
      await page.goto(`/menu-engineering?restaurant=${branch.id}`);
      await page.getByRole('heading', { level: 1, name: 'Menu Engineering' }).waitFor();
      const dishes = page.getByRole('region', { name: 'Dishes by Popularity and Margin', exact: true });
      const pieRow = () =>
        dishes
          .getByRole('row', { name: /^Loss Pie/ })
          .evaluate((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => c.innerText.trim()));
      expect(await pieRow()).toEqual(['Loss Pie', 'Star', '8', '100.0%', '$80.00', '$24.00', '$56.00', '$7.00']);
      expect(await totalRow(page, 'Dishes by Popularity and Margin')).toEqual([
        'Total',
        '–',
        '8',
        '100.0%',
        '$80.00',
        '$24.00',
        '$56.00',
        '$7.00',
      ]);
      await dishes.getByRole('img', { name: 'Menu Engineering' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.waitForTimeout(1200);
      await screenshot(page, `menu-engineering-page-${name}`);

      // The Menu page: the tea has no cost; the pie's cost edited in place applies from today, and being its first
      // day's cost it is the cost of the days before too, so yesterday's pies now cost $3.50 each.
      await page.goto('/menu');
      await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
      await page.getByText('1 dish has no cost: food cost and menu engineering leave it out.').waitFor();
      const pieCost = page.getByRole('textbox', { name: 'Cost of Loss Pie' });
      expect(await pieCost.inputValue()).toBe('3.00');
      await pieCost.fill('3.50');
      await page.getByRole('button', { name: 'Save costs' }).click();
      await page.getByText('1 cost saved: they apply from today.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `menu-page-${name}`);
      await page.goto(`/menu-engineering?restaurant=${branch.id}`);
      await dishes.waitFor();
      expect(await pieRow()).toEqual(['Loss Pie', 'Star', '8', '100.0%', '$80.00', '$28.00', '$52.00', '$6.50']);
      expect(unexpected()).toEqual([]);
      await context.close();
    },
  );
});
