import { render, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { FranchiseUser, MemberRole, Restaurant } from '@contract/auth.contract';
import { App } from '../../../src/app';
import { sessionStore } from '../../../src/services/session-storage';
import { serveMember } from './fake-server';
import { fakeJwt } from './jwt';

// Lazy pages are compiled on first use, which can outlast findBy's default second on a busy machine.
export const LAZY = { timeout: 5000 };

/**
 * The whole app at `path`: signed in from storage as `user` (with `role`, when given) of `restaurants`, whose access
 * the fake server confirms (see installFakeServer); without a session, signed out.
 */
export function renderApp(path: string, session?: { user: FranchiseUser; restaurants: Restaurant[]; role?: MemberRole }): void {
  if (session) {
    const user = session.role ? { ...session.user, role: session.role } : session.user;
    sessionStore.save({ token: fakeJwt(Math.floor(Date.now() / 1000) + 3600), user, restaurants: session.restaurants, remember: true });
    serveMember({ user, restaurants: session.restaurants });
  }
  window.history.replaceState(null, '', path);
  render(<App />);
}

/** Picks an option of a deferred select in the app (its options are in a transition, hence `hidden`). */
export async function choose(user: UserEvent, field: string | RegExp, option: string): Promise<void> {
  const combobox = () => screen.getByRole('combobox', { name: field });
  await user.hover(combobox());
  await waitFor(() => expect(combobox()).toHaveClass('mantine-Select-input'));
  await user.click(combobox());
  await user.click(await screen.findByRole('option', { name: option, hidden: true }, LAZY));
}

/** Presses a form's save button, and in its question (docs/product.md#dialogs: `title`, when given) the button that says what it does. */
export async function saveConfirmed(user: UserEvent, button: string, confirm: string, title?: string): Promise<void> {
  await user.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', title === undefined ? {} : { name: title });
  expect(dialog).not.toHaveTextContent('This cannot be undone!');
  await user.click(within(dialog).getByRole('button', { name: confirm }));
}
