import { assign, fromPromise, setup } from 'xstate';
import type { FranchiseUser, Restaurant, TokenResponse } from '../../server/contract/auth.contract';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import type { NewSession, StoredSession } from '../services/session-storage';
import { isTokenExpired } from '../services/token';
import type { Navigation, Notice } from '../shared/effects';
import { notProvided } from './machine-effects';

export type SessionContext = {
  user: FranchiseUser | null;
  restaurants: Restaurant[];
  error: ErrorInfo | null;
};

export type SessionEvent =
  | { type: 'session.signedIn'; session: NewSession }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.refresh' }
  | { type: 'session.retry' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    restore: fromPromise<StoredSession>(async () => notProvided('restore')),
    fetchProfile: fromPromise<FranchiseUser>(async () => notProvided('fetchProfile')),
    refresh: fromPromise<TokenResponse>(async () => notProvided('refresh')),
    logout: fromPromise<void>(async () => notProvided('logout')),
  },
  actions: {
    saveSession: (_, _session: NewSession) => notProvided('saveSession'),
    saveUser: (_, _user: FranchiseUser) => notProvided('saveUser'),
    clearSession: () => notProvided('clearSession'),
    notify: (_, _notice: Notice) => notProvided('notify'),
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    forget: assign({ user: null, restaurants: [] }),
  },
}).createMachine({
  id: 'session',
  initial: 'checking',
  context: { user: null, restaurants: [], error: null },
  // A completed sign-in wins whatever the session was doing (e.g. the sign-in page shown after a failed restore).
  on: {
    'session.signedIn': {
      target: '.signedIn',
      actions: [
        { type: 'saveSession', params: ({ event }) => event.session },
        assign(({ event }) => ({ user: event.session.user, restaurants: event.session.restaurants, error: null })),
      ],
    },
  },
  states: {
    // Spec §4 start-up: stored token + cached user → signed in; token only → profile; none → signed out.
    checking: {
      tags: ['loading'],
      initial: 'restoring',
      states: {
        restoring: {
          invoke: {
            id: 'restore',
            src: 'restore',
            onDone: [
              { guard: ({ event }) => event.output.token === null, target: '#session.signedOut' },
              // Expired but maybe still within the server's refresh window.
              {
                guard: ({ event }) => isTokenExpired(event.output.token ?? '', Date.now()),
                target: '#session.refreshing',
              },
              {
                guard: ({ event }) => event.output.user !== null,
                target: '#session.signedIn',
                actions: assign(({ event }) => ({ user: event.output.user, restaurants: event.output.restaurants })),
              },
              {
                target: 'fetchingProfile',
                actions: assign(({ event }) => ({ restaurants: event.output.restaurants })),
              },
            ],
            onError: {
              target: '#session.signedOut',
              actions: ['clearSession', 'forget', assign({ error: ({ event }) => toErrorInfo(event.error) })],
            },
          },
        },
        fetchingProfile: {
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            onDone: {
              target: '#session.signedIn',
              actions: [assign({ user: ({ event }) => event.output }), { type: 'saveUser', params: ({ event }) => event.output }],
            },
            onError: [
              {
                guard: ({ event }) => toErrorInfo(event.error).status === 401,
                target: '#session.signedOut',
                actions: ['clearSession', 'forget'],
              },
              // Network or server trouble is not a reason to forget the user: offer a retry.
              { target: '#session.error', actions: assign({ error: ({ event }) => toErrorInfo(event.error) }) },
            ],
          },
        },
      },
    },
    refreshing: {
      tags: ['loading'],
      invoke: {
        id: 'refresh',
        src: 'refresh',
        onDone: {
          target: 'signedIn',
          actions: [assign({ user: ({ event }) => event.output.user }), { type: 'saveUser', params: ({ event }) => event.output.user }],
        },
        onError: {
          target: 'signedOut',
          actions: ['clearSession', 'forget', assign({ error: ({ event }) => toErrorInfo(event.error) })],
        },
      },
    },
    signedIn: {
      on: {
        'session.logout': 'loggingOut',
        'session.refresh': 'refreshing',
        'session.expired': {
          target: 'signedOut',
          actions: ['clearSession', 'forget', { type: 'navigate', params: { to: '/', replace: true } }],
        },
      },
    },
    // The server revokes the token; whatever it answers, the browser forgets the session (spec §4).
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: 'signedOut',
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => toErrorInfo(event.error) }) },
      },
      exit: [
        'clearSession',
        'forget',
        { type: 'notify', params: { message: 'Logged Out!', type: 'success' } },
        { type: 'navigate', params: { to: '/', replace: true } },
      ],
    },
    signedOut: {},
    error: {
      on: { 'session.retry': { target: 'checking', actions: assign({ error: null }) } },
    },
  },
});
