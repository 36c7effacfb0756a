import { assign, fromPromise, setup } from 'xstate';
import type { LoginInput } from '@contract/auth.contract';
import type { ErrorInfo } from '../services/api-error';
import { authService, type SignedIn } from '../services/auth.service';
import type { NewSession } from '../services/session-storage';
import type { Navigation, Notice } from '../shared/effects';
import { pathOf } from '../shared/routing';
import { prefetchDashboard } from './support/dashboard-calls';
import { notProvided } from './support/machine-effects';
import { keepAndToastError } from './support/notices';

export type LoginField = 'email' | 'password';

export type LoginContext = {
  email: string;
  password: string;
  remember: boolean;
  error: ErrorInfo | null;
  /** The session the server granted, reported once the console's code is loaded. */
  session: NewSession | null;
};

export type LoginEvent =
  { type: 'login.change'; field: LoginField; value: string } | { type: 'login.remember'; value: boolean } | { type: 'login.submit' };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    tags: {} as 'busy',
  },
  actors: {
    login: fromPromise<SignedIn, LoginInput>(({ input }) => authService.login(input)),
    /** Resolves when the code of the console's first view is loaded (`preloadConsole` started it). */
    consoleLoaded: fromPromise<void>(async () => notProvided('consoleLoaded')),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    /** Starts fetching the code of the console's first view (the dashboard), so it is there when the sign-in is. */
    preloadConsole: () => notProvided('preloadConsole'),
    /** Starts the first view's analytics calls with the new token, so that their answers arrive while it renders. */
    prefetchDashboard: (_, token: string) => prefetchDashboard(token),
    /** Hands the new session to the session actor, which stores it. */
    reportSignedIn: (_, _session: NewSession) => notProvided('reportSignedIn'),
  },
  guards: {
    missingCredentials: ({ context }) => context.email.trim() === '' || context.password === '',
  },
}).createMachine({
  id: 'login',
  initial: 'idle',
  context: { email: '', password: '', remember: false, error: null, session: null },
  states: {
    idle: {
      on: {
        'login.change': { actions: assign(({ event }) => ({ [event.field]: event.value })) },
        'login.remember': { actions: assign({ remember: ({ event }) => event.value }) },
        'login.submit': [
          {
            guard: 'missingCredentials',
            actions: { type: 'notify', params: { message: 'Please enter both email and password', type: 'error' } },
          },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      // The console's code loads while the server checks the password.
      entry: 'preloadConsole',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: {
          target: 'opening',
          actions: [
            assign({ session: ({ context, event }) => ({ ...event.output, remember: context.remember }) }),
            { type: 'prefetchDashboard', params: ({ event }) => event.output.token },
          ],
        },
        onError: { target: 'idle', actions: keepAndToastError<LoginContext, LoginEvent>() },
      },
    },
    // Signed in once that code is there: the dashboard then renders at once, with no loading screen in between (React
    // holds a page back about 300 ms after showing one). Failed to load: the console shows its loader and tries again.
    opening: {
      tags: ['busy'],
      invoke: { id: 'consoleLoaded', src: 'consoleLoaded', onDone: 'success', onError: 'success' },
    },
    success: {
      type: 'final',
      entry: [
        { type: 'reportSignedIn', params: ({ context }) => context.session! },
        { type: 'notify', params: { message: 'Logged In!', type: 'success' } },
        { type: 'navigate', params: { to: pathOf('dashboard'), replace: true } },
      ],
    },
  },
});
