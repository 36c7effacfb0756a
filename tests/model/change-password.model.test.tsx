import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, vi } from 'vitest';
import type { PasswordLink } from '@contract/api/auth.calls';
import type { ResetPasswordInput } from '@contract/auth.contract';
import { changePasswordMachine } from '../../src/machines/change-password.machine';
import { ApiError } from '../../src/services/api-error';
import type { SignedIn } from '../../src/services/auth.service';
import { ChangePasswordContext, ChangePasswordView } from '../../src/views/auth/change-password.view';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';
import { type ModelEvent, JOINED, TOKEN, SECRET, paths } from './models/change-password.model';

describe('change-password machine × view (model-based)', () => {
  runModel(changePasswordMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const describeLink = controllableActor<PasswordLink, string>();
    const resetPassword = controllableActor<SignedIn | null, ResetPasswordInput>();
    const consoleLoaded = controllableActor<void>();
    const reportSignedIn = vi.fn();
    const prefetchDashboard = vi.fn();
    const { location } = renderView(
      (effects) => (
        <ChangePasswordContext.Provider
          logic={changePasswordMachine.provide({
            actors: { describeLink: describeLink.logic, resetPassword: resetPassword.logic, consoleLoaded: consoleLoaded.logic },
            actions: {
              ...effects,
              prefetchDashboard: (_, token) => prefetchDashboard(token),
              reportSignedIn: (_, session) => reportSignedIn(session),
            },
          })}
          options={{ input: { token: TOKEN }, inspect }}
        >
          <ChangePasswordView />
        </ChangePasswordContext.Provider>
      ),
      { path: '/change-password' },
    );
    const password = () => screen.getByLabelText('New Password');
    const confirmation = () => screen.getByLabelText('Confirm Password');
    const submitName = (invitation: boolean) => (invitation ? 'Set Password and Sign In' : 'Change Password');

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        const invitation = screen.queryByText(/invited you/) !== null;
        if (e.type === 'password.change') await user.type(e.field === 'password' ? password() : confirmation(), e.value);
        else if (e.type === 'password.submit') await user.click(screen.getByRole('button', { name: submitName(invitation) }));
        else if (e.type === 'link.retry') await user.click(screen.getByRole('button', { name: 'Try again' }));
        else if (e.type === 'xstate.done.actor.describeLink') await act(async () => describeLink.resolve(e.output));
        else if (e.type === 'xstate.error.actor.describeLink') await act(async () => describeLink.reject(e.error));
        else if (e.type === 'xstate.done.actor.resetPassword') await act(async () => resetPassword.resolve(e.output));
        else if (e.type === 'xstate.error.actor.resetPassword') await act(async () => resetPassword.reject(e.error));
        else await act(async () => consoleLoaded.settle(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/');
        // The link is read once per try, with the mailed token.
        expect(describeLink.inputs.every((token) => token === TOKEN)).toBe(true);
        const link = state.context.link;
        const invitation = link?.kind === 'invitation';
        if (state.matches('reading')) {
          expect(await screen.findByRole('status', { name: 'Reading your link' })).toBeInTheDocument();
          expect(screen.queryByLabelText('New Password')).toBeNull();
          return;
        }
        if (state.matches('readFailed')) {
          expect(await screen.findByText('Could not read this link. Please try again.')).toBeInTheDocument();
          expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
          return;
        }
        if (state.matches('unknown')) {
          expect(await screen.findByText('This link cannot be used')).toBeInTheDocument();
          expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
          expect(screen.queryByLabelText('New Password')).toBeNull();
          return;
        }
        // The link is read: an invitation welcomes the member by the inviter's and the franchise's names.
        if (invitation) {
          expect(await screen.findByRole('heading', { name: 'Olivia Owner invited you to Harbour Eats Group' })).toBeInTheDocument();
          expect(screen.getByText(/as a manager of Harbour Eats Bondi, Harbour Eats Parramatta/)).toBeInTheDocument();
          expect(screen.getByText('You will sign in with nadia.manager@example.com.')).toBeInTheDocument();
        } else {
          expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
          expect(screen.queryByText(/invited you/)).toBeNull();
        }
        expect(prefetchDashboard.mock.calls).toEqual(state.matches('opening') || state.matches('joined') ? [[JOINED.token]] : []);
        if (state.matches('updating') || state.matches('opening')) {
          expect(await screen.findByRole('button', { name: invitation ? 'Signing in...' : 'Updating...' })).toBeDisabled();
          expect(password()).toBeDisabled();
          expect(confirmation()).toBeDisabled();
          expect(resetPassword.inputs.at(-1)).toEqual({ token: TOKEN, password: SECRET, password_confirmation: SECRET });
          // Signed in only once the console's code is there.
          expect(consoleLoaded.pending()).toBe(state.matches('opening') ? 1 : 0);
          expect(reportSignedIn).not.toHaveBeenCalled();
          expect(location.history).toEqual(['/change-password']);
          return;
        }
        if (state.matches('joined')) {
          expect(await screen.findByText('Welcome to Harbour Eats Group!')).toBeInTheDocument();
          await waitFor(() => expect(location.history).toEqual(['/dashboard']));
          expect(reportSignedIn).toHaveBeenCalledWith({ ...JOINED, remember: false });
          return;
        }
        if (state.matches('changed')) {
          expect(await screen.findByText('Password successfully changed!')).toBeInTheDocument();
          expect(screen.getByText(/Your password has been changed/)).toBeInTheDocument();
          expect(password()).toHaveValue('');
          expect(confirmation()).toHaveValue('');
          expect(reportSignedIn).not.toHaveBeenCalled();
          expect(location.history).toEqual(['/change-password']);
          return;
        }
        await waitFor(() => expect(screen.getByRole('button', { name: submitName(invitation) })).toBeEnabled());
        expect(password()).toHaveValue(state.context.password);
        expect(confirmation()).toHaveValue(state.context.confirmation);
        if (e.type === 'password.submit') {
          const { password: p, confirmation: c } = state.context;
          const message = p === '' || c === '' ? 'Please fill in all fields' : 'Passwords do not match';
          expect(await screen.findByText(message)).toBeInTheDocument();
        }
        if (e.type === 'xstate.error.actor.resetPassword') {
          const message = e.error instanceof ApiError ? e.error.message : 'An unexpected error occurred. Please try again.';
          expect(await screen.findByText(message)).toBeInTheDocument();
        }
      },
    };
  });
});
