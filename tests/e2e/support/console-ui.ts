import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { VIEWPORTS, openPage, screenshot, seriousA11yViolations } from './browser';

/** What the e2e files of the management screens do in the console, on a server of their own (`baseURL`). */

export type Viewport = (typeof VIEWPORTS)[number];

/** A page of a new browser context at the viewport; `unexpected()` lists its errors but failed image loads. */
export async function openConsole(browser: Browser, baseURL: string, viewport: Viewport) {
  const context = await browser.newContext({ baseURL, viewport: viewport.size });
  const { page, problems } = await openPage(context);
  // The closed network cannot fetch an https picture; Chromium reports the failed image as a console error.
  const unexpected = () => problems.filter((p) => !/Failed to load resource: net::ERR_/.test(p));
  return { context, page, unexpected };
}

export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('authToken') ?? localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  return token!;
}

/** A call of the franchise API with a bearer token; the status is checked, the envelope's data returned. */
export async function apiData<T>(baseURL: string, token: string, path: string, expected = 200): Promise<T> {
  const res = await fetch(`${baseURL}/api/v1/franchise${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  expect(res.status, path).toBe(expected);
  return ((await res.json()) as { data: T }).data;
}

export async function apiStatus(baseURL: string, token: string, path: string): Promise<number> {
  const res = await fetch(`${baseURL}/api/v1/franchise${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return res.status;
}

/** axe on the page as it rests: no pointer over a link or button (a hovered control has other colours). */
export async function a11y(page: Page) {
  await page.mouse.move(0, 0);
  return seriousA11yViolations(page);
}

export const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
export const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
export const restaurantRow = (page: Page, name: string) =>
  page.locator('table tbody tr').filter({ has: page.getByText(name, { exact: true }) });

/** A Mantine toast with exactly this text. */
export async function toast(page: Page, text: string) {
  await page.locator('.mantine-Notification-root').getByText(text, { exact: true }).first().waitFor();
}

/**
 * Picks an option of a (deferred) select by its label, opening it from the keyboard: a tap on a select whose
 * code has loaded after it was drawn opens and at once closes it (the 'first tap' test of management.e2e.ts).
 */
export async function choose(page: Page, label: string, option: string) {
  const field = page.getByRole('combobox', { name: label, exact: true });
  if ((await field.inputValue()) === option) return;
  await field.focus();
  await field.press('ArrowDown');
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => field.inputValue()).toBe(option);
}

/** The confirm dialog asking `title` and saying `text` (a delete's, unless given), fully shown (so a screenshot does not catch it fading in). */
export async function confirmDialog(page: Page, title: string, text = 'This cannot be undone!') {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  await dialog.getByText(text, { exact: true }).waitFor();
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  return dialog;
}

/** Answers the question `title` (saying `text`: docs/product.md#dialogs) with its `button`: Cancel, or the one that does it. */
export async function answer(page: Page, title: string, button: string, text?: string) {
  const dialog = await confirmDialog(page, title, text);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Follows a sidebar entry (in the drawer at 375 px, which closes on the way) without reloading the page. */
export async function navigate(page: Page, viewport: Viewport, label: string) {
  if (viewport.name === 'phone') {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: label, exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  }
}

/** The whole page from its top (a full-page shot of a scrolled page draws the fixed top bar where the view was). */
export async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

export async function expectNoSidewaysScroll(page: Page, viewport: Viewport) {
  if (viewport.name !== 'phone') return;
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    'sideways scroll at 375 px',
  ).toBeLessThanOrEqual(0);
}

/** The texts that describe a field (its error among them). */
export async function describedBy(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}
