import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { forgotPasswordMachine, type ForgotPasswordEvent } from '../../src/machines/forgot-password.machine';
import { ApiError } from '../../src/services/api-error';
import { ForgotPasswordContext, ForgotPasswordView } from '../../src/views/auth/forgot-password.view';
import { coverageRecorder, modelSuiteChecks, selectPaths } from './support/coverage';
import { controllableActor } from './support/deferred';
import { eventKey, runPath } from './support/model-runner';
import { renderView } from './support/render-view';

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;
type ModelEvent =
  | ForgotPasswordEvent
  | { type: 'xstate.done.actor.requestReset'; output: undefined }
  | { type: 'xstate.error.actor.requestReset'; error: unknown };

const EMAIL = 'owner@example.com';
const EVENTS: ModelEvent[] = [
  { type: 'forgot.change', value: EMAIL },
  { type: 'forgot.submit' },
  { type: 'xstate.done.actor.requestReset', output: undefined },
  { type: 'xstate.error.actor.requestReset', error: new ApiError('Too many requests', 429) },
];

const model = new TestModel(forgotPasswordMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => s.can(e as ForgotPasswordEvent)) as ForgotPasswordEvent[],
  serializeState: (s: Snapshot, event) => JSON.stringify([s.value, s.context.email !== '', eventKey(event)]),
});
const paths = selectPaths(forgotPasswordMachine, model.getShortestPaths(), eventKey);
const recorder = coverageRecorder(forgotPasswordMachine);

describe('forgot-password machine × view (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    recorder.startPath(path.description);
    const user = userEvent.setup();
    const requestReset = controllableActor<void, { email: string }>();
    renderView((effects) => (
      <ForgotPasswordContext.Provider
        options={{ inspect: recorder.inspect }}
        logic={forgotPasswordMachine.provide({ actors: { requestReset: requestReset.logic }, actions: { notify: effects.notify } })}
      >
        <ForgotPasswordView />
      </ForgotPasswordContext.Provider>
    ));
    const email = () => screen.getByLabelText('Email');

    await runPath(path, recorder, {
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
    });
  });

  modelSuiteChecks(forgotPasswordMachine, recorder, paths.length);
});
