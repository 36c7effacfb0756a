import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@contract/api/api-keys.calls';
import { VIEWPORTS, seriousA11yViolations, signIn } from './support/browser';
import { apiData, choose, expectNoSidewaysScroll, h1, navigate, shot, textbox, toast, tokenOf, type Viewport } from './support/console-ui';
import { ownServer } from './support/own-server';

// The Integrations page in real Chromium, at desktop and 375 px, on a server of this file's own (its own DATA_DIR): a key
// is created (a read key on desktop, an ingest key on the phone), its secret read from the page (and from the clipboard
// after Copy), let through by its own kind's calls and refused by the others, and revoked.

const own = ownServer();

const FLOW_TIMEOUT = 180_000;
const SECRET = /^fck_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;

/** Per viewport: the key's name, scope (the phone's is one branch) and access (the desktop's reads the analytics). */
const PLAN = {
  desktop: { name: 'Power BI (desktop)', scope: 'All branches', access: 'read', choice: 'Read (BI tools: analytics only)', shown: 'Read' },
  phone: { name: 'Bondi POS (phone)', scope: 'Harbour Eats Bondi', access: 'ingest', choice: null, shown: 'Ingest' },
} as const;

/** As tests/e2e/accessibility.e2e.ts checks: serious and critical violations, and the landmark rules at any impact. */
const LANDMARK_RULES = ['landmark-no-duplicate-banner', 'landmark-unique', 'landmark-no-duplicate-contentinfo', 'landmark-one-main'];
async function a11y(page: Page) {
  // At rest: a hovered control has other colours.
  await page.mouse.move(0, 0);
  return seriousA11yViolations(page, LANDMARK_RULES);
}

const keyRow = (page: Page, name: string) => page.locator('table tbody tr').filter({ has: page.getByText(name, { exact: true }) });

/** Closes the toasts, so a screenshot shows what they would cover on a phone. */
async function closeToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) await close.first().click();
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' });
}

async function cellTexts(page: Page, name: string): Promise<string[]> {
  return keyRow(page, name).locator('td').allInnerTexts();
}

describe('Integrations (/integrations)', () => {
  it.each(VIEWPORTS)(
    'at $name: creates a key shown once, copies it, its own kind’s calls take it and the others refuse it, and revokes it after asking',
    async (viewport: Viewport) => {
      const plan = PLAN[viewport.name];
      const { context, page, unexpected } = await own.open(viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: own.server.url });
      await signIn(page);
      const token = await tokenOf(page);

      await navigate(page, viewport, 'Integrations');
      await page.waitForURL('**/integrations');
      await h1(page, 'Integrations').waitFor();
      await page.getByText(/ingest API/).waitFor();
      const before = await apiData<ApiKey[]>(own.server.url, token, '/api-keys');
      if (before.length === 0) await page.getByText('No API keys yet.', { exact: true }).waitFor();
      else await keyRow(page, before[0]!.name).waitFor();

      // An empty name is refused on the page.
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText('Name is required', { exact: true }).waitFor();

      await textbox(page, 'Name').fill(plan.name);
      await choose(page, 'Scope', plan.scope);
      if (plan.choice) await choose(page, 'Access', plan.choice);
      await page.getByRole('button', { name: 'Create key' }).click();
      await toast(page, `API key "${plan.name}" created`);
      const box = page.getByRole('alert').filter({ hasText: `Your new API key "${plan.name}"` });
      await box.getByText(/shown only this once and cannot be shown again/).waitFor();
      const secret = (await box.locator('pre').innerText()).trim();
      expect(secret).toMatch(SECRET);

      await box.getByRole('button', { name: 'Copy', exact: true }).click();
      await box.getByRole('button', { name: 'Copied', exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expectNoSidewaysScroll(page, viewport);
      await closeToasts(page);
      await shot(page, `integrations-secret-${viewport.name}`);
      expect(await a11y(page)).toEqual([]);

      // A read key reads the analytics and an ingest key sends trade; each is refused by the other's calls (403), and the
      // console's other calls take console tokens only.
      const status = async (path: string) =>
        (await fetch(`${own.server.url}/api/v1${path}`, { headers: { Authorization: `Bearer ${secret}` } })).status;
      const reads = plan.access === 'read';
      expect(await status('/franchise/analytics/revenues?period=7days')).toBe(reads ? 200 : 403);
      expect(await status('/ingest/restaurants')).toBe(reads ? 403 : 200);
      for (const path of ['/franchise/profile', '/franchise/restaurants', '/franchise/api-keys'])
        expect(await status(path), path).toBe(401);

      // The list shows it by its prefix; the secret never again.
      await keyRow(page, plan.name).waitFor();
      const prefix = secret.slice(0, 12);
      expect((await cellTexts(page, plan.name)).slice(0, 6)).toEqual([
        plan.name,
        plan.scope,
        plan.shown,
        `${prefix}…`,
        expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/),
        'Never',
      ]);
      await box.getByRole('button', { name: 'Done', exact: true }).click();
      await box.waitFor({ state: 'detached' });
      expect(await page.locator('body').innerText()).not.toContain(secret.slice(13));
      await page.reload();
      await keyRow(page, plan.name).waitFor();
      expect(await page.content()).not.toContain(secret.slice(13));
      const listed = await apiData<ApiKey[]>(own.server.url, token, '/api-keys');
      expect(listed.map((k) => k.name)).toContain(plan.name);
      expect(JSON.stringify(listed)).not.toContain(secret.slice(13));
      await expectNoSidewaysScroll(page, viewport);
      await shot(page, `integrations-${viewport.name}`);
      expect(await a11y(page)).toEqual([]);

      // Revoke asks first: Cancel keeps the key, Revoke removes it.
      const question = `Revoke "${plan.name}"?`;
      await keyRow(page, plan.name)
        .getByRole('button', { name: `Revoke ${plan.name}` })
        .click();
      let dialog = page.getByRole('dialog', { name: question, exact: true });
      await dialog.getByText(/This cannot be undone!/).waitFor();
      await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await shot(page, `integrations-revoke-${viewport.name}`);
      expect(await a11y(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await apiData<ApiKey[]>(own.server.url, token, '/api-keys')).map((k) => k.name)).toContain(plan.name);

      await keyRow(page, plan.name)
        .getByRole('button', { name: `Revoke ${plan.name}` })
        .click();
      dialog = page.getByRole('dialog', { name: question, exact: true });
      await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
      await toast(page, `API key "${plan.name}" revoked`);
      await keyRow(page, plan.name).waitFor({ state: 'detached' });
      expect((await apiData<ApiKey[]>(own.server.url, token, '/api-keys')).map((k) => k.name)).not.toContain(plan.name);

      expect(unexpected()).toEqual([]);
      await context.close();
    },
    FLOW_TIMEOUT,
  );
});
