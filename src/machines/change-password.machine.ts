import { assign, fromPromise, setup } from 'xstate';
import type { PasswordLink } from '@contract/api/auth.calls';
import type { ResetPasswordInput } from '@contract/auth.contract';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import { authService, type SignedIn } from '../services/auth.service';
import type { NewSession } from '../services/session-storage';
import type { Navigation, Notice } from '../shared/effects';
import { pathOf } from '../shared/routing';
import { prefetchDashboard } from './support/dashboard-calls';
import { notProvided } from './support/machine-effects';
import { keepAndToastError } from './support/notices';

export type PasswordField = 'password' | 'confirmation';

export type ChangePasswordContext = {
  /** The single-use token from the mailed link (a reset or an invitation). */
  token: string;
  /** What the link is for, once the server said. */
  link: PasswordLink | null;
  password: string;
  confirmation: string;
  error: ErrorInfo | null;
  /** The session an invitation's link granted, reported once the console's code is loaded. */
  session: NewSession | null;
};

export type ChangePasswordEvent =
  { type: 'password.change'; field: PasswordField; value: string } | { type: 'password.submit' } | { type: 'link.retry' };

/**
 * The `/change-password?token=…` page of a mailed link (docs/team.md): it asks the server what the link is for (a
 * reset, or an invitation it welcomes the member to), then sets the password with it. A reset ends on the way back to
 * sign-in; an invitation signs the member in and opens the dashboard. A link the server does not know (unknown, used,
 * expired) ends the page; another failure to read it offers to try again.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as { token: string },
    tags: {} as 'busy',
  },
  actors: {
    describeLink: fromPromise<PasswordLink, string>(({ input }) => authService.describePasswordLink(input)),
    resetPassword: fromPromise<SignedIn | null, ResetPasswordInput>(({ input }) => authService.resetPassword(input)),
    /** Resolves when the code of the console's first view is loaded. */
    consoleLoaded: fromPromise<void>(async () => notProvided('consoleLoaded')),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    /** Starts the first view's analytics calls with the new token, so that their answers arrive while it renders. */
    prefetchDashboard: (_, token: string) => prefetchDashboard(token),
    /** Hands the new session to the session actor, which stores it. */
    reportSignedIn: (_, _session: NewSession) => notProvided('reportSignedIn'),
  },
  guards: {
    /** 404: unknown, used or expired; 422: not a link's token at all. */
    linkRefused: (_, error: unknown) => [404, 422].includes(toErrorInfo(error).status ?? 0),
    incomplete: ({ context }) => context.password === '' || context.confirmation === '',
    mismatch: ({ context }) => context.password !== context.confirmation,
    signedIn: (_, output: SignedIn | null) => output !== null,
  },
}).createMachine({
  id: 'changePassword',
  initial: 'reading',
  context: ({ input }) => ({ token: input.token, link: null, password: '', confirmation: '', error: null, session: null }),
  states: {
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'describeLink',
        src: 'describeLink',
        input: ({ context }) => context.token,
        onDone: { target: 'editing', actions: assign({ link: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'linkRefused', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'unknown',
            actions: assign({ error: ({ event }) => toErrorInfo(event.error) }),
          },
          { target: 'readFailed', actions: assign({ error: ({ event }) => toErrorInfo(event.error) }) },
        ],
      },
    },
    readFailed: {
      on: { 'link.retry': { target: 'reading', actions: assign({ error: null }) } },
    },
    // Nothing to do with this link: the view offers a new reset link and the way back to sign-in.
    unknown: { type: 'final' },
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
        onDone: [
          {
            guard: { type: 'signedIn', params: ({ event }) => event.output },
            target: 'opening',
            actions: [
              assign({ password: '', confirmation: '', error: null, session: ({ event }) => ({ ...event.output!, remember: false }) }),
              { type: 'prefetchDashboard', params: ({ event }) => event.output!.token },
            ],
          },
          {
            target: 'changed',
            actions: [
              assign({ password: '', confirmation: '', error: null }),
              { type: 'notify', params: { message: 'Password successfully changed!', type: 'success' } },
            ],
          },
        ],
        onError: { target: 'editing', actions: keepAndToastError<ChangePasswordContext, ChangePasswordEvent>() },
      },
    },
    // An invitation's member is signed in once the console's code is there, as a sign-in is (login.machine.ts).
    opening: {
      tags: ['busy'],
      invoke: { id: 'consoleLoaded', src: 'consoleLoaded', onDone: 'joined', onError: 'joined' },
    },
    joined: {
      type: 'final',
      entry: [
        { type: 'reportSignedIn', params: ({ context }) => context.session! },
        { type: 'notify', params: ({ context }) => ({ message: `Welcome to ${context.link!.franchise}!`, type: 'success' }) },
        { type: 'navigate', params: { to: pathOf('dashboard'), replace: true } },
      ],
    },
    // The token is spent: the view offers the way back to sign-in.
    changed: { type: 'final' },
  },
});
