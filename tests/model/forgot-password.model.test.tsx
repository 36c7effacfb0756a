import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect } from 'vitest';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';
import { ForgotPasswordContext, ForgotPasswordView } from '../../src/views/auth/forgot-password.view';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';
import { type ModelEvent, EMAIL, paths } from './models/forgot-password.model';

describe('forgot-password machine × view (model-based)', () => {
  runModel(forgotPasswordMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const requestReset = controllableActor<void, { email: string }>();
    renderView((effects) => (
      <ForgotPasswordContext.Provider
        options={{ inspect }}
        logic={forgotPasswordMachine.provide({ actors: { requestReset: requestReset.logic }, actions: { notify: effects.notify } })}
      >
        <ForgotPasswordView />
      </ForgotPasswordContext.Provider>
    ));
    const email = () => screen.getByLabelText('Email');

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'forgot.change') await user.type(email(), e.value);
        else if (e.type === 'forgot.submit') await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
        else if (e.type === 'xstate.done.actor.requestReset') await act(async () => requestReset.resolve());
        else await act(async () => requestReset.reject(e.error));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        if (state.matches('sending')) {
          expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
          expect(email()).toBeDisabled();
          expect(requestReset.inputs.at(-1)).toEqual({ email: EMAIL });
          return;
        }
        await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled());
        expect(email()).toHaveAttribute('type', 'email');
        expect(email()).toHaveValue(state.context.email);
        expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/');
        if (e.type === 'forgot.submit') expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
        if (e.type === 'xstate.done.actor.requestReset') {
          expect(await screen.findByText('Password reset link sent to your email!')).toBeInTheDocument();
          expect(email()).toHaveValue('');
        }
        if (e.type === 'xstate.error.actor.requestReset') {
          expect(await screen.findByText('Failed to send reset link. Please try again.')).toBeInTheDocument();
          expect(email()).toHaveValue(EMAIL);
        }
      },
    };
  });
});
