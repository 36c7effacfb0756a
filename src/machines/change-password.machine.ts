import { assign, fromPromise, setup } from 'xstate';
import type { ResetPasswordInput } from '@contract/auth.contract';
import type { ErrorInfo } from '../services/api-error';
import type { Notice } from '../shared/effects';
import { authService } from '../services/auth.service';
import { notProvided } from './support/machine-effects';
import { keepAndToastError } from './support/notices';

export type PasswordField = 'password' | 'confirmation';

export type ChangePasswordContext = {
  /** The single-use reset token from the mailed link. */
  token: string;
  password: string;
  confirmation: string;
  error: ErrorInfo | null;
};

export type ChangePasswordEvent = { type: 'password.change'; field: PasswordField; value: string } | { type: 'password.submit' };

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as { token: string },
    tags: {} as 'busy',
  },
  actors: {
    resetPassword: fromPromise<void, ResetPasswordInput>(({ input }) => authService.resetPassword(input)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
  },
  guards: {
    incomplete: ({ context }) => context.password === '' || context.confirmation === '',
    mismatch: ({ context }) => context.password !== context.confirmation,
  },
}).createMachine({
  id: 'changePassword',
  initial: 'editing',
  context: ({ input }) => ({ token: input.token, password: '', confirmation: '', error: null }),
  states: {
    editing: {
      on: {
        'password.change': { actions: assign(({ event }) => ({ [event.field]: event.value })) },
        'password.submit': [
          { guard: 'incomplete', actions: { type: 'notify', params: { message: 'Please fill in all fields', type: 'error' } } },
          { guard: 'mismatch', actions: { type: 'notify', params: { message: 'Passwords do not match', type: 'error' } } },
          { target: 'updating' },
        ],
      },
    },
    updating: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          token: context.token,
          password: context.password,
          password_confirmation: context.confirmation,
        }),
        onDone: {
          target: 'changed',
          actions: [
            assign({ password: '', confirmation: '', error: null }),
            { type: 'notify', params: { message: 'Password successfully changed!', type: 'success' } },
          ],
        },
        onError: { target: 'editing', actions: keepAndToastError<ChangePasswordContext, ChangePasswordEvent>() },
      },
    },
    // The token is spent: the view offers the way back to sign-in.
    changed: { type: 'final' },
  },
});
