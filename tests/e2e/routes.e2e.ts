import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from '../../src/routes';
import { VIEWPORTS, launchBrowser, newContext, openPage, screenshot, seriousA11yViolations, signIn } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The console shell: the sidebar on a desktop, the top bar's menu button on a phone. */
const shell = (page: Page, phone: boolean) =>
  phone ? page.getByRole('button', { name: 'Open navigation' }) : page.getByRole('navigation', { name: 'Main' });

/** A page of its own has loaded: its heading is up and it is not a 404. */
async function expectPage(page: Page, path: string) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.getByText('Page Not Found').count(), path).toBe(0);
}

describe.each(VIEWPORTS)('every registry route, loaded by its address, at $name size', ({ name, size }) => {
  const phone = name === 'phone';

  it('serves each public route without the console shell', async () => {
    const context = await newContext(browser, size);
    const { page, problems } = await openPage(context);
    for (const { path } of PUBLIC_ROUTES) {
      await page.goto(path);
      await expectPage(page, path);
      expect(await shell(page, phone).count(), path).toBe(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('serves each protected route inside the console shell', async () => {
    const context = await newContext(browser, size);
    const { page, problems } = await openPage(context);
    await signIn(page);
    for (const { path } of PROTECTED_ROUTES) {
      await page.goto(path);
      await expectPage(page, path);
      await shell(page, phone).waitFor();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the 404 inside the shell below a protected route and outside it elsewhere, both accessible', async () => {
    const context = await newContext(browser, size);
    const { page, problems } = await openPage(context);
    await signIn(page);
    await page.goto('/restaurant/no-such-page');
    await page.getByText('Page Not Found').waitFor();
    await shell(page, phone).waitFor();
    await screenshot(page, `routes-404-protected-${name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/no-such-page');
    await page.getByText('Page Not Found').waitFor();
    expect(await shell(page, phone).count()).toBe(0);
    await screenshot(page, `routes-404-public-${name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
