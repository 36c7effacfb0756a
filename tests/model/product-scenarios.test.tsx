import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { LoginInput, ResetPasswordInput } from '@contract/auth.contract';
import { changePasswordMachine } from '../../src/machines/change-password.machine';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';
import { loginMachine } from '../../src/machines/login.machine';
import type { SignedIn } from '../../src/services/auth.service';
import { ChangePasswordContext, ChangePasswordView } from '../../src/views/auth/change-password.view';
import { ForgotPasswordContext, ForgotPasswordView } from '../../src/views/auth/forgot-password.view';
import { LoginContext, LoginView } from '../../src/views/auth/login.view';
import { controllableActor } from './support/deferred';
import { RESET_LINK } from './models/change-password.model';
import { clearToasts, renderView } from './support/render-view';

// Written from the product rules (docs/product.md#sign-in, #validation), not from the machines' graphs: a requirement
// deleted from a machine (a guard, a message) still has a test that names it.

// Toasts are global: without this, earlier tests' toasts fill Mantine's limit and queue the next one.
beforeEach(() => clearToasts());

describe('sign-in needs both fields', () => {
  it.each([
    ['both empty', '', ''],
    ['password missing', 'owner@example.com', ''],
    ['e-mail missing', '', 'demo-password'],
    ['e-mail only blanks', '   ', 'demo-password'],
  ])('%s: toast "Please enter both email and password", still on the form, nothing sent', async (_, email, password) => {
    const user = userEvent.setup();
    const login = controllableActor<SignedIn, LoginInput>();
    renderView((effects) => (
      <LoginContext.Provider
        logic={loginMachine.provide({ actors: { login: login.logic }, actions: { ...effects, reportSignedIn: () => {} } })}
      >
        <LoginView />
      </LoginContext.Provider>
    ));
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter both email and password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(login.inputs).toEqual([]);
  });
});

describe('forgot password needs an e-mail', () => {
  it('toast "Please enter your email address", nothing sent', async () => {
    const user = userEvent.setup();
    const requestReset = controllableActor<void, { email: string }>();
    renderView((effects) => (
      <ForgotPasswordContext.Provider
        logic={forgotPasswordMachine.provide({ actors: { requestReset: requestReset.logic }, actions: { notify: effects.notify } })}
      >
        <ForgotPasswordView />
      </ForgotPasswordContext.Provider>
    ));
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    expect(requestReset.inputs).toEqual([]);
  });
});

describe('change password needs both fields, equal', () => {
  it.each([
    ['both empty', 'Please fill in all fields', '', ''],
    ['confirmation missing', 'Please fill in all fields', 'new-password-1', ''],
    ['different', 'Passwords do not match', 'new-password-1', 'new-password-2'],
  ])('%s: toast "%s", nothing sent', async (_, message, password, confirmation) => {
    const user = userEvent.setup();
    const resetPassword = controllableActor<SignedIn | null, ResetPasswordInput>();
    renderView(
      (effects) => (
        <ChangePasswordContext.Provider
          logic={changePasswordMachine.provide({
            actors: { describeLink: fromPromise(async () => RESET_LINK), resetPassword: resetPassword.logic },
            actions: { notify: effects.notify },
          })}
          options={{ input: { token: 'reset-token' } }}
        >
          <ChangePasswordView />
        </ChangePasswordContext.Provider>
      ),
      { path: '/change-password' },
    );
    if (password) await user.type(await screen.findByLabelText('New Password'), password);
    if (confirmation) await user.type(screen.getByLabelText('Confirm Password'), confirmation);
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(resetPassword.inputs).toEqual([]);
  });
});
