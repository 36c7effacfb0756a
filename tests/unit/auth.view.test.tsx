import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { changePasswordMachine } from '../../src/machines/change-password.machine';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';
import { loginMachine } from '../../src/machines/login.machine';
import { UiProvider } from '../../src/ui/ui-provider';
import { ChangePasswordContext, ChangePasswordView } from '../../src/views/auth/change-password.view';
import { ForgotPasswordContext, ForgotPasswordView } from '../../src/views/auth/forgot-password.view';
import { LoginContext, LoginView } from '../../src/views/auth/login.view';
import type { PasswordLink } from '@contract/api/auth.calls';

// The public forms on their real machines; each call is a fake that stays pending, so the busy state shows.

function renderPage(children: ReactNode) {
  const location = memoryLocation({ path: '/', record: true });
  render(
    <UiProvider env="test">
      <Router hook={location.hook}>{children}</Router>
    </UiProvider>,
  );
}

const pending = () => vi.fn((_input: unknown) => new Promise<never>(() => {}));
const field = (name: string) => screen.getByLabelText(name);

/** A reset link, as the server describes it. */
const RESET_LINK: PasswordLink = {
  kind: 'reset',
  email: 'olivia@example.com',
  franchise: 'Harbour Eats',
  inviter: null,
  role: 'owner',
  restaurants: [],
};

describe('public forms', () => {
  it('sign-in sends the typed e-mail and password, starts fetching the console, then says it is signing in', async () => {
    const login = pending();
    const preloadConsole = vi.fn();
    renderPage(
      <LoginContext.Provider
        logic={loginMachine.provide({ actors: { login: fromPromise(({ input }) => login(input)) }, actions: { preloadConsole } })}
      >
        <LoginView />
      </LoginContext.Provider>,
    );
    const user = userEvent.setup();
    await user.type(field('Email'), 'ava@example.com');
    await user.type(field('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(login).toHaveBeenCalledWith({ email: 'ava@example.com', password: 'secret' });
    expect(preloadConsole).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(field('Email')).toBeDisabled();
  });

  it('forgot password sends the typed e-mail, then says it is sending', async () => {
    const requestReset = pending();
    renderPage(
      <ForgotPasswordContext.Provider
        logic={forgotPasswordMachine.provide({ actors: { requestReset: fromPromise(({ input }) => requestReset(input)) } })}
      >
        <ForgotPasswordView />
      </ForgotPasswordContext.Provider>,
    );
    const user = userEvent.setup();
    await user.type(field('Email'), 'ava@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(requestReset).toHaveBeenCalledWith({ email: 'ava@example.com' });
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(field('Email')).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('change password sends the new password with the link’s token, then says it is updating', async () => {
    const resetPassword = pending();
    renderPage(
      <ChangePasswordContext.Provider
        logic={changePasswordMachine.provide({
          actors: {
            describeLink: fromPromise<PasswordLink, string>(async () => RESET_LINK),
            resetPassword: fromPromise(({ input }) => resetPassword(input)),
          },
        })}
        options={{ input: { token: 'abc' } }}
      >
        <ChangePasswordView />
      </ChangePasswordContext.Provider>,
    );
    const user = userEvent.setup();
    await screen.findByLabelText('New Password');
    await user.type(field('New Password'), 'Secret-123');
    await user.type(field('Confirm Password'), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(resetPassword).toHaveBeenCalledWith(expect.objectContaining({ token: 'abc' }));
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(field('New Password')).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeInTheDocument();
  });
});
