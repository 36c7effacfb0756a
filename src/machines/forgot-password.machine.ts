import { assign, fromPromise, setup } from 'xstate';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import type { Notice } from '../shared/effects';
import { authService } from '../services/auth.service';
import { notProvided } from './support/machine-effects';

export type ForgotPasswordContext = { email: string; error: ErrorInfo | null };

export type ForgotPasswordEvent = { type: 'forgot.change'; value: string } | { type: 'forgot.submit' };

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    tags: {} as 'busy',
  },
  actors: {
    requestReset: fromPromise<void, { email: string }>(({ input }) => authService.requestPasswordReset(input.email)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
  },
  guards: {
    missingEmail: ({ context }) => context.email.trim() === '',
  },
}).createMachine({
  id: 'forgotPassword',
  initial: 'idle',
  context: { email: '', error: null },
  states: {
    idle: {
      on: {
        'forgot.change': { actions: assign({ email: ({ event }) => event.value }) },
        'forgot.submit': [
          {
            guard: 'missingEmail',
            actions: { type: 'notify', params: { message: 'Please enter your email address', type: 'error' } },
          },
          { target: 'sending' },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ email: '', error: null }),
            { type: 'notify', params: { message: 'Password reset link sent to your email!', type: 'success' } },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => toErrorInfo(event.error) }),
            { type: 'notify', params: { message: 'Failed to send reset link. Please try again.', type: 'error' } },
          ],
        },
      },
    },
  },
});
