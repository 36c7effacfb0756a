import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, launchBrowser, newContext, openPage, screenshot, seriousA11yViolations, signIn } from './support/browser';

/** Landmark rules are "moderate" in axe, but a screen-reader user navigates by landmarks: none may fail. */
const LANDMARK_RULES = ['landmark-no-duplicate-banner', 'landmark-unique', 'landmark-no-duplicate-contentinfo', 'landmark-one-main'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** After sign-in: the toast has shown and gone (waiting only for "detached" would pass before it appears). */
async function settled(page: Page) {
  await page.getByText('Logged In!').waitFor();
  await page.getByText('Logged In!').waitFor({ state: 'detached' });
  await page.getByRole('main').waitFor();
}

async function expectAccessible(page: Page, shot: string) {
  await screenshot(page, shot);
  expect(await seriousA11yViolations(page, LANDMARK_RULES)).toEqual([]);
}

describe.each(VIEWPORTS)('accessibility at $name size, in the states axe missed before', ({ name, size }) => {
  it('while an error toast shows on the sign-in page', async () => {
    const context = await newContext(browser, size);
    const { page } = await openPage(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter both email and password').waitFor();
    await expectAccessible(page, `a11y-toast-login-${name}`);
    await context.close();
  });

  it('while the "Logged In!" toast shows over the console', async () => {
    const context = await newContext(browser, size);
    const { page } = await openPage(context);
    await signIn(page);
    await page.getByText('Logged In!').waitFor();
    await expectAccessible(page, `a11y-toast-console-${name}`);
    await context.close();
  });

  it('with the console settled (no toast, drawer closed)', async () => {
    const context = await newContext(browser, size);
    const { page, problems } = await openPage(context);
    await signIn(page);
    await settled(page);
    expect(problems).toEqual([]);
    await expectAccessible(page, `a11y-console-${name}`);
    await context.close();
  });
});

describe('accessibility of the phone drawer', () => {
  it('has one banner and uniquely named landmarks while the drawer is open', async () => {
    const context = await newContext(browser, { width: 375, height: 740 });
    const { page } = await openPage(context);
    await signIn(page);
    await settled(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Order' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[role="dialog"]')?.getBoundingClientRect().left === 0);
    await expectAccessible(page, 'a11y-drawer-phone');
    await context.close();
  });
});

describe('the axe check itself', () => {
  // A label whose colour fades from too pale to dark, started just before the check: mid-fade it fails contrast.
  const FADING = `<!doctype html><html lang="en"><title>Fade</title><main><p id="label" style="color: #eeeeee; background: #ffffff; transition: color 800ms linear">Unread</p></main></html>`;
  const startFade = (page: Page) =>
    page.evaluate(() => {
      const label = document.getElementById('label')!;
      label.getBoundingClientRect();
      label.style.color = '#111111';
    });

  it('reads colours once transitions have ended, not mid-fade', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(FADING);
    await startFade(page);
    // Mid-fade the label is still too pale: what the check would have read without waiting.
    expect(await page.evaluate(() => getComputedStyle(document.getElementById('label')!).color)).not.toBe('rgb(17, 17, 17)');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.getElementById('label')!).color)).toBe('rgb(17, 17, 17)');
    await context.close();
  });
});
