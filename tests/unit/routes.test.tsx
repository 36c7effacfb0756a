import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberRole } from '@contract/auth.contract';
import { navItemsFor, PROTECTED_PATH, PROTECTED_ROUTES, PUBLIC_ROUTES, ROUTES } from '../../src/routes';
import { PATHS, pathOf } from '../../src/shared/routing';
import { installFakeServer, OWNER } from './support/fake-server';
import { LAZY, renderApp as renderAppAt } from './support/render-app';

afterEach(() => vi.unstubAllGlobals());

/**
 * The whole app at `path`, signed in from storage (a cached user, whose access the server confirms) or signed out.
 * Any other call stays unanswered: these tests are about what the routes show.
 */
function renderApp(path: string, { signedIn, role = 'owner' }: { signedIn: boolean; role?: MemberRole }) {
  installFakeServer(() => new Promise<Response>(() => undefined));
  renderAppAt(path, signedIn ? { user: OWNER, restaurants: [], role } : undefined);
}

const sidebarLinks = () =>
  within(mainNavigation()[0]!)
    .getAllByRole('link', { hidden: true })
    .map((l) => [l.textContent, l.getAttribute('href')]);

const mainNavigation = () => screen.queryAllByRole('navigation', { name: 'Main', hidden: true });

// Its first render compiles the lazy pages, which outlasts the default 5 s on a cold, busy machine.
describe('route registry', { timeout: 20_000 }, () => {
  it('is what the sidebar lists: the registry nav entries, in the order the product gives', async () => {
    renderApp('/order', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order' }, LAZY)).toBeInTheDocument();
    const links = sidebarLinks();
    expect(links).toEqual(ROUTES.flatMap(({ path, nav }) => (nav ? [[nav.label, path]] : [])));
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['User Management', '/user'],
      ['Restaurant Management', '/restaurant'],
      ['Headcount', '/headcount'],
      ['Order', '/order'],
      ['Procurement', '/procurement'],
      ['Revenue', '/revenue'],
      ['Productivity', '/roster'],
      ['Loss', '/loss'],
      ['Food & Prime Cost', '/costs'],
      ['Menu Engineering', '/menu-engineering'],
      ['Menu', '/menu'],
      ['Targets', '/targets'],
      ['Integrations', '/integrations'],
      ['Data Import', '/import'],
      ['Team', '/team'],
      ['Activity', '/activity'],
      ['Alerts', '/alerts'],
      ['Profile', '/profile'],
    ]);
  });

  it("gives a manager the sidebar without the owners' pages", async () => {
    renderApp('/order', { signedIn: true, role: 'manager' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order' }, LAZY)).toBeInTheDocument();
    expect(sidebarLinks().map(([label]) => label)).toEqual([
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
      'Targets',
      'Alerts',
      'Profile',
    ]);
    const ownerHrefs = navItemsFor('owner').map((item) => item.href);
    expect(navItemsFor('manager').every((item) => ownerHrefs.includes(item.href))).toBe(true);
  });

  it.each([
    '/team',
    '/team/invite',
    '/team/edit?id=2',
    '/activity',
    '/integrations',
    '/import',
    '/menu',
    '/restaurant/create',
    '/alerts/rules',
    '/alerts/rules/create',
    '/alerts/rules/edit?id=2',
  ])('shows a manager the in-shell 404 at %s, as at an unknown path', async (path) => {
    renderApp(path, { signedIn: true, role: 'manager' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, LAZY)).toBeInTheDocument();
    expect(mainNavigation().length).toBeGreaterThan(0);
  });

  it.each([
    ['/team', 'Team'],
    ['/team/invite', 'Invite Member'],
    ['/activity', 'Activity'],
    ['/restaurant/create', 'Add Restaurant'],
    ['/alerts/rules', 'Alert Rules'],
    ['/alerts/rules/create', 'Add Alert Rule'],
  ])('serves an owner %s', async (path, title) => {
    renderApp(path, { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: title }, LAZY)).toBeInTheDocument();
  });

  it('serves a manager the Alerts page: every member gets the alerts addressed to them', async () => {
    renderApp('/alerts', { signedIn: true, role: 'manager' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alerts' }, LAZY)).toBeInTheDocument();
  });

  it('matches every protected path and its sub-paths as the protected area, and no public path', () => {
    for (const { path } of PROTECTED_ROUTES) {
      expect(PROTECTED_PATH.test(path), path).toBe(true);
      expect(PROTECTED_PATH.test(`${path}/nope/deeper`), `${path}/…`).toBe(true);
    }
    for (const path of [...PUBLIC_ROUTES.map((r) => r.path), '/', '/nope', '/users', '/dashboardx']) {
      expect(PROTECTED_PATH.test(path), path).toBe(false);
    }
  });

  it.each([
    ['/user/nope', 'inside the shell', true],
    ['/nope', 'as the public page', false],
  ])('shows the 404 for %s %s', async (path, _, inShell) => {
    renderApp(path, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, LAZY)).toBeInTheDocument();
    expect(mainNavigation().length > 0).toBe(inShell);
  });

  it('sends a signed-out visitor of a protected path to sign-in', async () => {
    renderApp('/restaurant/edit', { signedIn: false });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('serves a public registry page without a session', async () => {
    renderApp('/forgot-password', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' }, LAZY)).toBeInTheDocument();
  });
});

describe('route paths', () => {
  it('routes every address the app links to, once, and sign-in itself', () => {
    const routed = ROUTES.map((r) => r.path);
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed, '/'].sort()).toEqual(Object.values(PATHS).sort());
  });

  it('builds an address with its query, leaving out what is unset', () => {
    expect(pathOf('users')).toBe('/user');
    expect(pathOf('userEdit', { id: 7 })).toBe('/user/edit?id=7');
    expect(pathOf('alerts', { status: 'all', page: null })).toBe('/alerts?status=all');
    expect(pathOf('activity', { user_id: 3, entity: undefined, page: 2 })).toBe('/activity?user_id=3&page=2');
    expect(pathOf('dashboard', new URLSearchParams('range=1month&restaurant=7'))).toBe('/dashboard?range=1month&restaurant=7');
    expect(pathOf('dashboard', {})).toBe('/dashboard');
  });
});
