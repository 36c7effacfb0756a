import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, signIn } from './support/browser';
import { a11y, answer, apiStatus, choose, expectNoSidewaysScroll, h1, navigate, shot, textbox, toast, tokenOf } from './support/console-ui';
import { waitForResetLink } from './support/outbox';
import { ownServer } from './support/own-server';

// Team access in real Chromium, on a server of this file's own (its own DATA_DIR and outbox): the owner invites a
// manager of two branches at desktop size, the manager is welcomed by the mailed link, sets a password there and is
// signed in on the dashboard at 375 px,
// sees those two branches only, and is narrowed at once when the owner takes one away.

const own = ownServer();

const [DESKTOP, PHONE] = VIEWPORTS;
const MANAGER = { email: 'nadia.manager@example.com', name: 'Nadia Manager', password: 'nadia-first-password' };
const KEPT = 'Harbour Eats Parramatta';
const TAKEN = 'Harbour Eats Bondi';
const OWNER_ONLY = ['Team', 'Integrations', 'Data Import', 'Activity'];

const memberRow = (page: Page, name: string) => page.locator('table tbody tr').filter({ has: page.getByText(name, { exact: true }) });

/** The dashboard's Branch picker's options, closed again afterwards. */
async function branchOptions(page: Page): Promise<string[]> {
  const picker = page.getByRole('combobox', { name: 'Branch' });
  await picker.click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  const names = (await options.allInnerTexts()).map((t) => t.trim());
  await picker.press('Escape');
  return names;
}

/** The sidebar's entries: the drawer's at 375 px. */
async function sidebar(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog');
  // The drawer's links render as it opens: read them once the first is there.
  await drawer.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
  const labels = (await drawer.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  return labels;
}

/** Every dashboard card has settled: Apply is back and no skeleton shows. */
async function settled(page: Page) {
  await page.getByRole('button', { name: 'Apply', exact: true }).waitFor();
  await expect.poll(() => page.locator('.mantine-Skeleton-root').count(), { timeout: 30_000 }).toBe(0);
}

describe('Team (/team)', () => {
  it('invites a manager from the outbox link; they see their two branches only and are narrowed at once when one is taken away', async () => {
    const owner = await own.open(DESKTOP);
    await signIn(owner.page);
    await navigate(owner.page, DESKTOP, 'Team');
    await owner.page.waitForURL('**/team');
    await h1(owner.page, 'Team').waitFor();
    await memberRow(owner.page, 'Mason Manager').waitFor();

    await owner.page.getByRole('link', { name: 'Invite member' }).click();
    await h1(owner.page, 'Invite Member').waitFor();
    await textbox(owner.page, 'Email').fill(MANAGER.email);
    await textbox(owner.page, 'Name').fill(MANAGER.name);
    await choose(owner.page, 'Role', 'Manager');
    for (const branch of [KEPT, TAKEN]) await owner.page.getByRole('checkbox', { name: branch }).check();
    await shot(owner.page, 'team-invite');
    expect(await a11y(owner.page)).toEqual([]);
    await owner.page.getByRole('button', { name: 'Send invitation' }).click();
    await answer(
      owner.page,
      'Send the invitation?',
      'Send invitation',
      `${MANAGER.email} will get an e-mail with a link to set a password and join your team.`,
    );
    await toast(owner.page, `${MANAGER.name} invited`);
    await owner.page.waitForURL('**/team');
    await expect
      .poll(() => memberRow(owner.page, MANAGER.name).innerText())
      .toMatch(/Manager[\s\S]*Parramatta, Harbour Eats Bondi[\s\S]*invited/i);
    await shot(owner.page, 'team-list');
    expect(await a11y(owner.page)).toEqual([]);

    // The manager, on a phone: the mailed link sets the first password.
    const link = await waitForResetLink(own.server.dataDir);
    expect(new URL(link).origin).toBe(own.server.url);
    const manager = await own.open(PHONE);
    await manager.page.goto(link);
    // The link welcomes them by the inviter's and the franchise's names, and setting the password signs them in.
    await h1(manager.page, 'Olivia Owner invited you to Harbour Eats Group').waitFor();
    await manager.page.getByText(`as a manager of ${TAKEN}, ${KEPT}`).waitFor();
    await shot(manager.page, 'team-welcome');
    expect(await a11y(manager.page)).toEqual([]);
    await manager.page.getByLabel('New Password').fill(MANAGER.password);
    await manager.page.getByLabel('Confirm Password').fill(MANAGER.password);
    await manager.page.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await manager.page.waitForURL('**/dashboard');
    await toast(manager.page, 'Welcome to Harbour Eats Group!');
    await settled(manager.page);

    const labels = await sidebar(manager.page);
    expect(labels).toContain('Dashboard');
    for (const hidden of OWNER_ONLY) expect(labels).not.toContain(hidden);
    expect(await branchOptions(manager.page)).toEqual(['All Branches', TAKEN, KEPT]);
    await expectNoSidewaysScroll(manager.page, PHONE);
    await shot(manager.page, 'team-manager-dashboard');

    // Owners' pages are not there for a manager, and their calls answer as unknown ones.
    const token = await tokenOf(manager.page);
    expect(await apiStatus(own.server.url, token, '/team')).toBe(404);
    expect(await apiStatus(own.server.url, token, '/restaurants/3/analytics/revenues')).toBe(404);
    await manager.page.goto('/team');
    await manager.page.getByText('Page Not Found').waitFor();

    // The manager looks at the branch that is about to be taken away.
    await manager.page.goto('/dashboard');
    await settled(manager.page);
    await manager.page.getByRole('combobox', { name: 'Branch' }).click();
    await manager.page.getByRole('option', { name: TAKEN, exact: true }).click();
    await manager.page.getByRole('button', { name: 'Apply', exact: true }).click();
    await settled(manager.page);
    expect(await manager.page.getByRole('combobox', { name: 'Branch' }).inputValue()).toBe(TAKEN);

    // The owner takes Bondi away.
    await memberRow(owner.page, MANAGER.name)
      .getByRole('link', { name: `Edit ${MANAGER.name}` })
      .click();
    await h1(owner.page, 'Edit Member').waitFor();
    await owner.page.getByRole('checkbox', { name: TAKEN }).uncheck();
    await owner.page.getByRole('button', { name: 'Save Changes' }).click();
    await answer(owner.page, `Save changes to ${MANAGER.name}?`, 'Save', `${MANAGER.name}'s role and branches will be updated as shown.`);
    await toast(owner.page, `${MANAGER.name}'s access updated successfully!`);

    // The manager's next request for Bondi is refused; the console re-reads their access and the picker narrows.
    expect(await apiStatus(own.server.url, token, '/restaurants/2/analytics/revenues')).toBe(404);
    await manager.page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => manager.page.getByRole('combobox', { name: 'Branch' }).inputValue(), { timeout: 15_000 }).toBe('All Branches');
    await settled(manager.page);
    expect(await branchOptions(manager.page)).toEqual(['All Branches', KEPT]);
    const stored = await manager.page.evaluate(
      () => localStorage.getItem('franchise_restaurants') ?? sessionStorage.getItem('franchise_restaurants'),
    );
    expect((JSON.parse(stored!) as { name: string }[]).map((r) => r.name)).toEqual([KEPT]);
    await shot(manager.page, 'team-manager-narrowed');

    // The owner reads what happened in the activity log.
    await navigate(owner.page, DESKTOP, 'Activity');
    await h1(owner.page, 'Activity').waitFor();
    const log = owner.page.locator('table tbody');
    await log.getByText(`branches: ${KEPT}, ${TAKEN} → ${KEPT}`).waitFor();
    expect(await log.innerText()).toContain(MANAGER.name);
    await shot(owner.page, 'activity');
    expect(await a11y(owner.page)).toEqual([]);

    expect(owner.unexpected()).toEqual([]);
    // The refused calls for the branch taken away (the Apply that revealed it) are the manager's only console errors.
    expect(manager.unexpected().filter((p) => !p.includes('status of 404 (Not Found)'))).toEqual([]);
    await Promise.all([owner.context.close(), manager.context.close()]);
  }, 240_000);
});
