import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate';
import type { FranchiseUser, MemberRole, Restaurant, TokenResponse } from '@contract/auth.contract';
import { toErrorInfo, type ErrorInfo } from '../services/api-error';
import { authService } from '../services/auth.service';
import { sessionStore, type NewSession, type StoredSession } from '../services/session-storage';
import { isTokenExpired } from '../services/token';
import type { Navigation, Notice } from '../shared/effects';
import { notProvided } from './support/machine-effects';
import { expiryOf, renewDelay } from './support/session-token';

export type SessionContext = {
  user: FranchiseUser | null;
  restaurants: Restaurant[];
  error: ErrorInfo | null;
  /** When the stored access token expires (ms since the epoch); null when unknown or signed out. */
  expiresAt: number | null;
};

const reportedSession = ({ event }: { event: SessionEvent }): NewSession => {
  assertEvent(event, 'session.signedIn');
  return event.session;
};

/** A refreshed token (start-up refresh and background renewal alike): its user and expiry adopted, the user stored. */
const adoptRefreshed = [
  { type: 'adoptToken', params: ({ event }: { event: DoneActorEvent<TokenResponse> }) => event.output },
  { type: 'saveUser', params: ({ event }: { event: DoneActorEvent<TokenResponse> }) => event.output.user },
] as const;
/** The session is over (expired, refused, cleared elsewhere): nothing stays stored or shown, and the sign-in page shows. */
const forgetAndLeave = ['clearSession', 'forget', { type: 'navigate', params: { to: '/', replace: true } }] as const;
/** The sign-in page (the login machine) reports a completed sign-in: it is stored and adopted. */
const signIn = { target: 'signedIn', actions: [{ type: 'saveSession', params: reportedSession }, 'startSession'] } as const;

/** What the member may reach, as the server says now: their role (in the user) and their restaurants. */
export type Access = { user: FranchiseUser; restaurants: Restaurant[] };

export type SessionEvent =
  | { type: 'session.signedIn'; session: NewSession }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.retry' }
  /** A save stored a new user, token or restaurant (profile, restaurant edit): the shell and branch pickers follow. */
  | { type: 'session.storageChanged' }
  /** The window has the focus again: an owner may have changed this member's access meanwhile. */
  | { type: 'session.focused' }
  /** A call about this restaurant answered 404: if it is one of the stored ones, the member has lost it. */
  | { type: 'session.restaurantMissing'; restaurantId: number };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    restore: fromPromise<StoredSession>(async () => sessionStore.read()),
    fetchProfile: fromPromise<FranchiseUser>(() => authService.fetchProfile()),
    refresh: fromPromise<TokenResponse>(() => authService.refreshToken()),
    logout: fromPromise<void>(() => authService.logout()),
    /** The member's role and restaurants as the server has them now (an owner may have changed them). */
    checkAccess: fromPromise<Access>(async () => {
      const [user, restaurants] = await Promise.all([authService.fetchProfile(), authService.fetchRestaurants()]);
      return { user, restaurants };
    }),
  },
  actions: {
    saveSession: (_, session: NewSession) => sessionStore.save(session),
    saveUser: (_, user: FranchiseUser) => sessionStore.saveUser(user),
    saveAccess: (_, { user, restaurants }: Access) => {
      sessionStore.saveUser(user);
      sessionStore.saveRestaurants(restaurants);
    },
    clearSession: () => sessionStore.clear(),
    notify: (_, _notice: Notice) => notProvided('notify'),
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    forget: assign({ user: null, restaurants: [], expiresAt: null }),
    /** Adopts a refreshed token's user and expiry (start-up refresh and background renewal alike). */
    adoptToken: assign((_, token: TokenResponse) => ({ user: token.user, expiresAt: expiryOf(token.access_token) })),
    /** Adopts what a save stored; a missing user (never written by a save) keeps the one on screen. */
    adoptStored: assign(({ context }, stored: StoredSession) => ({
      user: stored.user ?? context.user,
      restaurants: stored.restaurants,
      expiresAt: expiryOf(stored.token),
    })),
    /** The shell's links and every branch picker follow the member's access at once. */
    adoptAccess: assign((_, { user, restaurants }: Access) => ({ user, restaurants })),
    /** Adopts the session the login machine reports (saveSession stores it). */
    startSession: assign(({ event }) => {
      assertEvent(event, 'session.signedIn');
      return { user: event.session.user, restaurants: event.session.restaurants, error: null, expiresAt: expiryOf(event.session.token) };
    }),
  },
  // Named so the inventory and the QA documents say which rule chose a transition.
  guards: {
    noStoredToken: (_, stored: StoredSession) => stored.token === null,
    /** Expired, but maybe still within the server's refresh window. */
    tokenExpired: (_, stored: StoredSession) => isTokenExpired(stored.token ?? '', Date.now()),
    userCached: (_, stored: StoredSession) => stored.user !== null,
    unauthorized: (_, error: unknown) => toErrorInfo(error).status === 401,
    /** A refused restaurant the stored list still holds: the list is out of date (one it lacks was never offered). */
    restaurantStored: ({ context }, { restaurantId }: { restaurantId: number }) => context.restaurants.some((r) => r.id === restaurantId),
  },
  delays: {
    renewDue: ({ context }) => renewDelay(context.expiresAt, Date.now()),
  },
}).createMachine({
  id: 'session',
  initial: 'checking',
  context: { user: null, restaurants: [], error: null, expiresAt: null },
  states: {
    // Start-up (docs/product.md#sign-in): stored token + cached user → signed in; token only → profile; none → signed out.
    checking: {
      tags: ['loading'],
      initial: 'restoring',
      states: {
        restoring: {
          invoke: {
            id: 'restore',
            src: 'restore',
            onDone: [
              { guard: { type: 'noStoredToken', params: ({ event }) => event.output }, target: '#session.signedOut' },
              { guard: { type: 'tokenExpired', params: ({ event }) => event.output }, target: '#session.refreshing' },
              {
                guard: { type: 'userCached', params: ({ event }) => event.output },
                // The cached user and restaurants show at once; what the server says now follows (a change while away).
                target: '#session.signedIn.checkingAccess',
                actions: assign(({ event }) => ({
                  user: event.output.user,
                  restaurants: event.output.restaurants,
                  expiresAt: expiryOf(event.output.token),
                })),
              },
              {
                target: 'fetchingProfile',
                actions: assign(({ event }) => ({ restaurants: event.output.restaurants, expiresAt: expiryOf(event.output.token) })),
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
              // The restaurants are still the cached ones: read them too.
              target: '#session.signedIn.checkingAccess',
              actions: [assign({ user: ({ event }) => event.output }), { type: 'saveUser', params: ({ event }) => event.output }],
            },
            onError: [
              {
                guard: { type: 'unauthorized', params: ({ event }: { event: { error: unknown } }) => event.error },
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
          target: 'signedIn.checkingAccess',
          actions: adoptRefreshed,
        },
        onError: {
          target: 'signedOut',
          actions: ['clearSession', 'forget', assign({ error: ({ event }) => toErrorInfo(event.error) })],
        },
      },
    },
    // The token is renewed shortly before it expires, and the member's access re-read, in the background: the console
    // stays on screen.
    signedIn: {
      initial: 'active',
      states: {
        active: {
          after: { renewDue: 'renewing' },
          on: {
            'session.focused': 'checkingAccess',
            'session.restaurantMissing': {
              guard: { type: 'restaurantStored', params: ({ event }) => event },
              target: 'checkingAccess',
            },
          },
        },
        renewing: {
          invoke: {
            id: 'renew',
            src: 'refresh',
            onDone: {
              target: 'checkingAccess',
              actions: adoptRefreshed,
            },
            onError: [
              {
                guard: { type: 'unauthorized', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: '#session.signedOut',
                actions: forgetAndLeave,
              },
              // Offline or a server hiccup: the token may still work; try again later (renewDue waits at least RENEW_RETRY_MS).
              { target: 'active' },
            ],
          },
        },
        // An owner may have changed the member's role or branches: what the server says now is stored and shown.
        checkingAccess: {
          invoke: {
            id: 'checkAccess',
            src: 'checkAccess',
            onDone: {
              target: 'active',
              actions: [
                { type: 'saveAccess', params: ({ event }) => event.output },
                { type: 'adoptAccess', params: ({ event }) => event.output },
              ],
            },
            // A refused token is the HTTP client's (it refreshes, or ends the session); otherwise the next check may do better.
            onError: 'active',
          },
        },
        // Re-reads the stored session after a save; the renewal timer restarts from the stored token's expiry.
        syncing: {
          invoke: {
            id: 'sync',
            src: 'restore',
            onDone: [
              // The token went (cleared elsewhere): signed out, as on an expired session, leaving nothing half-stored.
              {
                guard: { type: 'noStoredToken', params: ({ event }) => event.output },
                target: '#session.signedOut',
                actions: forgetAndLeave,
              },
              { target: 'active', actions: { type: 'adoptStored', params: ({ event }) => event.output } },
            ],
            // Storage unreadable: what is on screen stays right until the next sign-in.
            onError: 'active',
          },
        },
      },
      on: {
        // Another member signs in on this browser (an invitation accepted while signed in): theirs replaces this session.
        'session.signedIn': { target: '.active', reenter: true, actions: signIn.actions },
        'session.storageChanged': '.syncing',
        'session.logout': 'loggingOut',
        'session.expired': {
          target: 'signedOut',
          actions: forgetAndLeave,
        },
      },
    },
    // The server revokes the token; whatever it answers, the browser forgets the session (docs/product.md).
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
    // The sign-in page (the login machine) reports a completed sign-in: it shows while signed out, and in `error`.
    signedOut: {
      on: {
        'session.signedIn': signIn,
      },
    },
    error: {
      on: {
        'session.retry': { target: 'checking', actions: assign({ error: null }) },
        'session.signedIn': signIn,
      },
    },
  },
});

/** The signed-in member's role; a user cached before roles existed was an owner (the access check at start replaces it). */
export const memberRole = (snapshot: SnapshotFrom<typeof sessionMachine>): MemberRole => snapshot.context.user?.role ?? 'owner';

/** What the loading screen says in each loading state, so the three look (and sound) different. */
export function sessionLoadingLabel(snapshot: SnapshotFrom<typeof sessionMachine>): string | null {
  if (snapshot.matches({ checking: 'fetchingProfile' })) return 'Loading your profile';
  if (snapshot.matches('checking')) return 'Restoring your session';
  if (snapshot.matches('refreshing')) return 'Renewing your session';
  return null;
}
