import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, installFakeServer, ok, OWNER, RESTAURANTS } from './support/fake-server';
import { renderApp } from './support/render-app';

// The first page of a run is compiled on first use: longer than LAZY on a busy machine.
const FIRST = { timeout: 15_000 };

// User Management and Team each say what their list is for, and point to the other: staff work shifts and do not
// sign in; team members sign in (docs/team.md).
beforeEach(() => {
  installFakeServer((call) => (call.path === '/people' || call.path === '/team' ? ok([]) : failure(404, 'Not found')));
});
afterEach(() => vi.unstubAllGlobals());

describe('staff and team', { timeout: 30_000 }, () => {
  it('User Management says its people work the shifts and do not sign in, and links to Team', async () => {
    renderApp('/user', { user: OWNER, restaurants: RESTAURANTS });
    await screen.findByRole('heading', { level: 1, name: 'User Dashboard' }, FIRST);
    const text = await screen.findByText(/^Your staff: the people who work the branches' shifts/, {}, FIRST);
    expect(text).toHaveTextContent('They do not sign in to this console; who signs in is your Team.');
    expect(within(text).getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team');
  });

  it('the staff form says its password is not a sign-in, and points to Team', async () => {
    renderApp('/user/create', { user: OWNER, restaurants: RESTAURANTS });
    await screen.findByRole('heading', { level: 1, name: 'Create User' }, FIRST);
    expect(
      await screen.findByText(
        'Staff do not sign in, so this password is not used anywhere: it is only kept with the record. To let someone sign in to this console, invite them on the Team page.',
        {},
        FIRST,
      ),
    ).toBeInTheDocument();
  });

  it('Team says its members sign in, and that the staff are in User Management', async () => {
    renderApp('/team', { user: OWNER, restaurants: RESTAURANTS });
    await screen.findByRole('heading', { level: 1, name: 'Team' }, FIRST);
    const text = await screen.findByText(/^Who signs in to this console\./, {}, FIRST);
    expect(text).toHaveTextContent(
      'The staff who work the shifts are in User Management; a member who works shifts joins it with their first shift.',
    );
    expect(within(text).getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/user');
  });
});
