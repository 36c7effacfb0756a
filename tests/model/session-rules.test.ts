import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FranchiseUser, Restaurant, TokenResponse } from '@contract/auth.contract';
import { sessionMachine, type Access } from '../../src/machines/session.machine';
import { ApiError } from '../../src/services/api-error';
import type { StoredSession } from '../../src/services/session-storage';
import { fakeJwt } from '../unit/support/jwt';

// Session rules and their toasts (docs/product.md#sign-in, #toasts), written from the rules rather than from the machine's
// graph: deleting or rerouting one of these rules in the machine fails a test that names the rule.

const now = Math.floor(Date.now() / 1000);
const VALID = fakeJwt(now + 3600);
const user = { id: 1, name: 'Olivia', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser;
const restaurants = [{ id: 7, name: 'Parramatta' }] as Restaurant[];

/** The session actor with every service and effect faked; `stored` is what storage holds at start. */
function startSession(
  stored: StoredSession,
  answers: { profile?: () => Promise<FranchiseUser>; logout?: () => Promise<void>; access?: () => Promise<Access> } = {},
) {
  const calls = {
    fetchProfile: vi.fn(answers.profile ?? (async () => user)),
    refresh: vi.fn(async (): Promise<TokenResponse> => ({ access_token: VALID, token_type: 'bearer', expires_in: 3600, user })),
    logout: vi.fn(answers.logout ?? (async () => {})),
    checkAccess: vi.fn(answers.access ?? (async (): Promise<Access> => ({ user, restaurants }))),
    saveAccess: vi.fn(),
    saveSession: vi.fn(),
    saveUser: vi.fn(),
    clearSession: vi.fn(),
    notify: vi.fn(),
    navigate: vi.fn(),
  };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise(async () => stored),
        fetchProfile: fromPromise(() => calls.fetchProfile()),
        refresh: fromPromise(() => calls.refresh()),
        logout: fromPromise(() => calls.logout()),
        checkAccess: fromPromise(() => calls.checkAccess()),
      },
      actions: {
        saveSession: (_, session) => calls.saveSession(session),
        saveUser: (_, u) => calls.saveUser(u),
        saveAccess: (_, a) => calls.saveAccess(a),
        clearSession: () => calls.clearSession(),
        notify: (_, notice) => calls.notify(notice),
        navigate: (_, navigation) => calls.navigate(navigation),
      },
    }),
  ).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('loading'));
  return { actor, calls, settled };
}

describe('session: on start', () => {
  it('a stored token with a cached user signs in with that user, without fetching the profile', async () => {
    const { calls, settled } = startSession({ token: VALID, user, restaurants });
    const s = await settled();
    expect(s.matches('signedIn')).toBe(true);
    expect(s.context.user).toEqual(user);
    expect(calls.fetchProfile).not.toHaveBeenCalled();
  });

  it('a stored token without a cached user fetches the profile, then is signed in', async () => {
    const { calls, settled } = startSession({ token: VALID, user: null, restaurants });
    const s = await settled();
    expect(calls.fetchProfile).toHaveBeenCalledTimes(1);
    expect(s.matches('signedIn')).toBe(true);
    expect(calls.saveUser).toHaveBeenCalledWith(user);
  });

  it('when that profile fetch is refused, logs out: signed out and the stored session cleared', async () => {
    const { calls, settled } = startSession(
      { token: VALID, user: null, restaurants },
      {
        profile: async () => {
          throw new ApiError('Unauthenticated', 401);
        },
      },
    );
    const s = await settled();
    expect(s.matches('signedOut')).toBe(true);
    expect(calls.clearSession).toHaveBeenCalled();
  });

  it('with nothing stored the session is unauthenticated, and nothing is requested', async () => {
    const { calls, settled } = startSession({ token: null, user: null, restaurants: [] });
    expect((await settled()).matches('signedOut')).toBe(true);
    expect(calls.fetchProfile).not.toHaveBeenCalled();
    expect(calls.refresh).not.toHaveBeenCalled();
  });

  it.each([
    ['exp earlier than now', fakeJwt(now - 60)],
    ['unreadable', 'not-a-token'],
  ])('a stored token that is %s counts as expired: it is refreshed, not used', async (_, token) => {
    const { calls, settled } = startSession({ token, user, restaurants });
    await settled();
    expect(calls.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('session: login success', () => {
  it('stores token, user and restaurant list and marks the session authenticated', async () => {
    const { actor, calls, settled } = startSession({ token: null, user: null, restaurants: [] });
    await settled();
    const session = { token: VALID, user, restaurants, remember: true };
    actor.send({ type: 'session.signedIn', session });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(calls.saveSession).toHaveBeenCalledWith(session);
    expect(actor.getSnapshot().context).toMatchObject({ user, restaurants });
  });
});

describe('session: another member signs in on this browser', () => {
  it('an invitation accepted while signed in: the new member’s session replaces the old one, stored and shown', async () => {
    const { actor, calls, settled } = startSession({ token: VALID, user, restaurants });
    await settled();
    await waitFor(actor, (s) => s.matches({ signedIn: 'active' }));
    const sam = { ...user, id: 2, name: 'Sam', role: 'manager' } as FranchiseUser;
    const session = { token: VALID, user: sam, restaurants: [], remember: false };
    actor.send({ type: 'session.signedIn', session });
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(calls.saveSession).toHaveBeenCalledWith(session);
    expect(actor.getSnapshot().context).toMatchObject({ user: sam, restaurants: [] });
  });
});

describe('session: logout', () => {
  it.each([
    ['the call succeeds', async () => {}],
    [
      'the call fails',
      async () => {
        throw new ApiError('Logout failed', 0);
      },
    ],
  ])('when %s: token and cached user cleared, toast "Logged Out!", to / with history replaced', async (_, logout) => {
    const { actor, calls, settled } = startSession({ token: VALID, user, restaurants }, { logout });
    await settled();
    actor.send({ type: 'session.logout' });
    const s = await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(calls.logout).toHaveBeenCalledTimes(1);
    expect(calls.clearSession).toHaveBeenCalled();
    expect(s.context.user).toBeNull();
    expect(calls.notify).toHaveBeenCalledWith({ message: 'Logged Out!', type: 'success' });
    expect(calls.navigate).toHaveBeenCalledWith({ to: '/', replace: true });
  });
});

describe("a member's access follows the owners' changes", () => {
  const bondi = { id: 9, name: 'Bondi Beach' } as Restaurant;
  const manager = { ...user, role: 'manager' } as FranchiseUser;

  it('on start, the cached user and restaurants show at once, then what the server says now is stored and shown', async () => {
    let answer!: (access: Access) => void;
    const { actor, calls, settled } = startSession(
      { token: VALID, user, restaurants: [...restaurants, bondi] },
      { access: () => new Promise((resolve) => (answer = resolve)) },
    );
    const s = await settled();
    expect(s.matches({ signedIn: 'checkingAccess' })).toBe(true);
    expect(s.context.restaurants).toEqual([...restaurants, bondi]);
    answer({ user: manager, restaurants });
    const after = await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'active' }));
    expect(after.context).toMatchObject({ user: manager, restaurants });
    expect(calls.saveAccess).toHaveBeenCalledWith({ user: manager, restaurants });
  });

  it('a 404 for a stored restaurant reads the access again; one for a restaurant never offered does not', async () => {
    // The server still lists Bondi at start; the owner takes it away afterwards.
    const answers = [
      { user, restaurants: [...restaurants, bondi] },
      { user: manager, restaurants },
    ];
    const { actor, calls, settled } = startSession(
      { token: VALID, user, restaurants: [...restaurants, bondi] },
      { access: async () => answers.shift()! },
    );
    await settled();
    await waitFor(actor, (s) => s.matches({ signedIn: 'active' }));
    expect(calls.checkAccess).toHaveBeenCalledTimes(1);
    actor.send({ type: 'session.restaurantMissing', restaurantId: 3 });
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(calls.checkAccess).toHaveBeenCalledTimes(1);
    actor.send({ type: 'session.restaurantMissing', restaurantId: bondi.id });
    expect(calls.checkAccess).toHaveBeenCalledTimes(2);
    const s = await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'active' }));
    // The server's answer replaced the stored one: Bondi is gone from the pickers, and the role follows.
    expect(s.context).toMatchObject({ user: manager, restaurants });
  });

  it('the window getting the focus back reads the access again; a failed read keeps what is shown', async () => {
    const { actor, calls, settled } = startSession(
      { token: VALID, user, restaurants },
      {
        access: async () => {
          throw new ApiError('Connection failed', 0);
        },
      },
    );
    await settled();
    await waitFor(actor, (s) => s.matches({ signedIn: 'active' }));
    actor.send({ type: 'session.focused' });
    const s = await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'active' }));
    expect(calls.checkAccess).toHaveBeenCalledTimes(2);
    expect(s.context).toMatchObject({ user, restaurants });
    expect(calls.saveAccess).not.toHaveBeenCalled();
  });
});
