import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, baseURL, launchBrowser, openPage, signIn } from './support/browser';

// The shell's colour scheme: system by default, chosen in the header, remembered, applied before the first paint.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** Mantine's body colours: white in the light scheme, dark 7 in the dark one. */
const LIGHT_BODY = 'rgb(255, 255, 255)';
const DARK_BODY = 'rgb(36, 36, 36)';

async function choose(page: Page, label: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: /^Colour scheme: / }).click();
  await page.getByRole('menuitem', { name: label }).click();
  await page.getByRole('button', { name: `Colour scheme: ${label}` }).waitFor();
}

describe.each(VIEWPORTS)('colour scheme at $name size', ({ size }) => {
  it("follows the system's scheme until one is chosen, on the sign-in page too", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: size, colorScheme: 'dark' });
    const { page, problems } = await openPage(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await scheme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK_BODY);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => scheme(page)).toBe('light');
    expect(await bodyBackground(page)).toBe(LIGHT_BODY);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is chosen in the header, remembered across reloads, and applied before the app starts', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: size, colorScheme: 'light' });
    const { page, problems } = await openPage(context);
    await signIn(page);
    await page.getByRole('button', { name: 'Colour scheme: System' }).waitFor();
    expect(await scheme(page)).toBe('light');

    await choose(page, 'Dark');
    expect(await scheme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK_BODY);

    await page.reload();
    await page.getByRole('button', { name: 'Colour scheme: Dark' }).waitFor();
    expect(await scheme(page)).toBe('dark');

    // No flash of the light page: with the app's JavaScript held back, the page is already dark.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'load' });
    expect(await page.evaluate(() => document.getElementById('root')!.childElementCount)).toBe(0);
    expect(await scheme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK_BODY);
    await page.unroute('**/assets/*.js');

    await page.reload();
    await choose(page, 'Light');
    expect(await scheme(page)).toBe('light');
    await page.reload();
    await page.getByRole('button', { name: 'Colour scheme: Light' }).waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await scheme(page)).toBe('light');

    await choose(page, 'System');
    await expect.poll(() => scheme(page)).toBe('dark');
    // The held-back scripts above are refused loads, not page errors; nothing else may have failed (CSP included).
    expect(problems.filter((p) => !/net::ERR_FAILED/.test(p))).toEqual([]);
    await context.close();
  });
});
