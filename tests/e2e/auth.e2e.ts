import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, RIVAL, launchBrowser, newContext, openPage, screenshot, seriousA11yViolations, signIn } from './support/browser';
import { waitForResetLink } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in', () => {
  it('shows the sign-in page with its texts and no serious accessibility violations', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Franchise Console' }).isVisible()).resolves.toBe(true);
    await page.getByText('Sign in to access analytics').waitFor();
    await page.getByText(/© 2025 .*Pty Ltd/).waitFor();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    await screenshot(page, 'login-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks for both fields before sending anything', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter both email and password').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a wrong password with the server message and stays on the sign-in page', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    await page.goto('/');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'login-wrong-password');

    // Toasts sit bottom-end, are coloured by type and close after 2 seconds.
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Invalid email or password' });
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
    const colour = await toast.evaluate((el) => getComputedStyle(el).getPropertyValue('--notification-color').trim());
    expect(colour).toBe('#c92a2a'); // Mantine red.9, the error colour
    const shownAt = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 4000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('without Remember me keeps the session to this tab only', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    await signIn(page, DEMO, false);
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Logged In!' });
    await toast.waitFor();
    expect(await toast.evaluate((el) => getComputedStyle(el).getPropertyValue('--notification-color').trim())).toBe('#2f9e44'); // green.8: success
    const stored = await page.evaluate(() => ({
      session: sessionStorage.getItem('authToken'),
      local: localStorage.getItem('authToken'),
    }));
    expect(stored.session).toBeTruthy();
    expect(stored.local).toBeNull();
    await page.reload();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Logout' }).first().waitFor();

    const other = await openPage(context);
    await other.page.goto('/dashboard');
    await other.page.waitForURL((url) => url.pathname === '/');
    await other.page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect([...problems, ...other.problems]).toEqual([]);
    await context.close();
  });

  it('with Remember me survives a new tab, shows the group name, and an already signed-in user skips the sign-in page', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    await signIn(page, DEMO, true);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('franchise_user'))) ?? '{}');
    await page.getByRole('heading', { name: user.franchise.name }).waitFor();
    await screenshot(page, 'dashboard-shell-desktop');

    const other = await openPage(context);
    await other.page.goto('/dashboard');
    await other.page.getByRole('heading', { name: user.franchise.name }).waitFor();
    await other.page.goto('/');
    await other.page.waitForURL('**/dashboard');
    expect(await seriousA11yViolations(other.page)).toEqual([]);
    expect([...problems, ...other.problems]).toEqual([]);
    await context.close();
  });
});

describe('guard, navigation and 404s', () => {
  it('sends a signed-out visitor of a protected route to the sign-in page', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    for (const path of ['/dashboard', '/user/edit', '/roster']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the public 404 page with a way home', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(200);
    await page.getByText('Page Not Found').waitFor();
    await page.getByText(/does not exist or has been moved/).waitFor();
    await screenshot(page, 'not-found-public');
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the protected 404 inside the shell and navigates by the sidebar in spec order', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    await signIn(page);
    await page.goto('/dashboard/unknown');
    await page.getByText('Page Not Found').waitFor();
    await page.getByRole('button', { name: 'Logout' }).first().waitFor();
    await screenshot(page, 'not-found-protected');

    const nav = page.getByRole('navigation').first();
    const labels = (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(labels).toEqual([
      'Dashboard',
      'User Management',
      'Restaurant Management',
      'Headcount',
      'Order',
      'Procurement',
      'Revenue',
      'Productivity',
      'Loss',
      'Food & Prime Cost',
      'Menu Engineering',
      'Menu',
      'Targets',
      'Integrations',
      'Data Import',
      'Team',
      'Activity',
      'Alerts',
      'Profile',
    ]);
    await nav.getByRole('link', { name: 'Productivity' }).click();
    await page.waitForURL('**/roster');
    await page.getByRole('heading', { level: 1, name: 'Roster & Productivity' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('logs out: clears the session, says so, and Back does not return to the console', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    await signIn(page, DEMO, true);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    await page.getByRole('navigation').first().getByRole('link', { name: 'Order' }).click();
    await page.waitForURL('**/order');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByText('Logged Out!').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    const left = await page.evaluate(() =>
      ['authToken', 'franchise_token', 'franchise_user', 'franchise_restaurants'].map(
        (k) => localStorage.getItem(k) ?? sessionStorage.getItem(k),
      ),
    );
    expect(left).toEqual([null, null, null, null]);
    // Back leads to /dashboard, whose guard sends a signed-out user to the sign-in page again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // The old token was revoked on the server, not only forgotten by the browser.
    const status = await page.evaluate(async (t) => {
      const res = await fetch('/api/v1/franchise/profile', { headers: { Authorization: `Bearer ${t}` } });
      return res.status;
    }, token);
    expect(status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('password reset', () => {
  it('sends a real link by mail and the link sets a new password', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Please enter your email address').waitFor();
    const email = page.getByLabel('Email');
    await email.fill(RIVAL.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Password reset link sent to your email!').waitFor();
    expect(await email.inputValue()).toBe('');
    await screenshot(page, 'forgot-password');

    const link = await waitForResetLink(inject('dataDir'));
    expect(link).toMatch(new RegExp(`^${inject('baseURL')}/change-password\\?token=`));

    await page.goto(link.replace(inject('baseURL'), ''));
    await page.getByLabel('New Password').fill('a-new-secret-1');
    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm Password').fill('a-new-secret-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password successfully changed!').waitFor();
    await screenshot(page, 'change-password');

    await signIn(page, { email: RIVAL.email, password: 'a-new-secret-1' });
    // The link is single use.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(link.replace(inject('baseURL'), ''));
    await page.getByText('This link cannot be used').waitFor();
    expect(await page.getByLabel('New Password').count()).toBe(0);
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });
});

describe('phone layout (375 px)', () => {
  it('uses a top bar with a drawer that closes on navigation', async () => {
    const context = await newContext(browser, { width: 375, height: 740 });
    const { page, problems } = await openPage(context);
    await page.goto('/');
    await screenshot(page, 'login-phone');
    await signIn(page);
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await burger.waitFor();
    await screenshot(page, 'dashboard-phone');
    await burger.click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Order' }).waitFor();
    // Wait for the slide-in to finish so the screenshot shows the drawer in place.
    await page.waitForFunction(() => document.querySelector('[role="dialog"]')?.getBoundingClientRect().left === 0);
    await screenshot(page, 'drawer-phone');
    await drawer.getByRole('link', { name: 'Order' }).click();
    await page.waitForURL('**/order');
    await drawer.waitFor({ state: 'hidden' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
