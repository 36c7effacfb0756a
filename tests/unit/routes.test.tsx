import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FranchiseUser } from '../../server/contract/auth.contract';
import { App } from '../../src/app';
import { PROTECTED_PATH, PROTECTED_ROUTES, PUBLIC_ROUTES, ROUTES } from '../../src/routes';
import { sessionStore } from '../../src/services/session-storage';
import { fakeJwt } from './support/jwt';

const user = { id: 1, name: 'Olivia', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser;

/** The whole app at `path`, signed in from storage (a cached user: no request at start-up) or signed out. */
function renderApp(path: string, { signedIn }: { signedIn: boolean }) {
  if (signedIn) sessionStore.save({ token: fakeJwt(Math.floor(Date.now() / 1000) + 3600), user, restaurants: [], remember: true });
  window.history.replaceState(null, '', path);
  render(<App />);
}

// Lazy pages are compiled on first use, which can outlast findBy's default second on a busy machine.
const LAZY = { timeout: 5000 };
const mainNavigation = () => screen.queryAllByRole('navigation', { name: 'Main', hidden: true });

describe('route registry', () => {
  it('is what the sidebar lists: the registry nav entries, in spec §2 order', async () => {
    renderApp('/order', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order' }, LAZY)).toBeInTheDocument();
    const links = within(mainNavigation()[0]!)
      .getAllByRole('link', { hidden: true })
      .map((l) => [l.textContent, l.getAttribute('href')]);
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
      ['Integrations', '/integrations'],
      ['Data Import', '/import'],
      ['Profile', '/profile'],
    ]);
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
