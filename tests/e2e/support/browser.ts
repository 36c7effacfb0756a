import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

export { launchBrowser } from './browser-launch';

export const baseURL = () => inject('baseURL');
export const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots');

/** The two sizes every screen is checked at: a desktop and a 375 px phone. */
export const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 375, height: 740 } },
] as const;

export const DEMO = { email: 'owner@example.com', password: 'demo-password' };
export const RIVAL = { email: 'rival@example.com', password: 'demo-password' };

/**
 * A page that records every uncaught error and every console error (CSP violations among them),
 * so each test can assert that none happened.
 */
export async function openPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  // The stack's top frames say which code threw: the message alone rarely does, least of all in a CI log.
  page.on('pageerror', (err) => problems.push(`pageerror: ${(err.stack ?? err.message).split('\n').slice(0, 6).join('\n')}`));
  page.on('console', (msg) => {
    // A 401/429 the test provokes on purpose is logged by the browser as a failed resource.
    if (msg.type() === 'error' && !/status of (401|422|429)/.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  return { page, problems };
}

export async function newContext(browser: Browser, viewport = { width: 1280, height: 800 }) {
  return browser.newContext({ baseURL: baseURL(), viewport });
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export async function signIn(page: Page, account = DEMO, remember = false) {
  await page.goto('/');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string; help: string; nodes: { target: unknown[] }[] };

/** Runs axe-core in the page; returns the serious and critical violations, and with `alsoRules` those rules at any impact. */
export async function seriousA11yViolations(page: Page, alsoRules: readonly string[] = []): Promise<string[]> {
  // A colour caught mid-transition (a segment's label fading in, a hover fading out) is neither state's: the page's
  // finite animations and transitions end first. Endless ones (a skeleton's pulse) never would, so they are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    return axe.run(document);
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || alsoRules.includes(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
