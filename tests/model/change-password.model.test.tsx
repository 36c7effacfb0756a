import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect } from 'vitest';
import type { ResetPasswordInput } from '@contract/auth.contract';
import { changePasswordMachine } from '../../src/machines/change-password.machine';
import { ApiError } from '../../src/services/api-error';
import { ChangePasswordContext, ChangePasswordView } from '../../src/views/auth/change-password.view';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';
import { type ModelEvent, TOKEN, SECRET, paths } from './models/change-password.model';

describe('change-password machine × view (model-based)', () => {
  runModel(changePasswordMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const resetPassword = controllableActor<void, ResetPasswordInput>();
    renderView(
      (effects) => (
        <ChangePasswordContext.Provider
          logic={changePasswordMachine.provide({ actors: { resetPassword: resetPassword.logic }, actions: { notify: effects.notify } })}
          options={{ input: { token: TOKEN }, inspect }}
        >
          <ChangePasswordView />
        </ChangePasswordContext.Provider>
      ),
      { path: '/change-password' },
    );
    const password = () => screen.getByLabelText('New Password');
    const confirmation = () => screen.getByLabelText('Confirm Password');

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'password.change') await user.type(e.field === 'password' ? password() : confirmation(), e.value);
        else if (e.type === 'password.submit') await user.click(screen.getByRole('button', { name: 'Change Password' }));
        else if (e.type === 'xstate.done.actor.resetPassword') await act(async () => resetPassword.resolve());
        else await act(async () => resetPassword.reject(e.error));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/');
        if (state.matches('updating')) {
          expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
          expect(password()).toBeDisabled();
          expect(confirmation()).toBeDisabled();
          expect(resetPassword.inputs.at(-1)).toEqual({ token: TOKEN, password: SECRET, password_confirmation: SECRET });
          return;
        }
        if (state.matches('changed')) {
          expect(await screen.findByText('Password successfully changed!')).toBeInTheDocument();
          expect(screen.getByText(/Your password has been changed/)).toBeInTheDocument();
          expect(password()).toHaveValue('');
          expect(confirmation()).toHaveValue('');
          return;
        }
        await waitFor(() => expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled());
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
