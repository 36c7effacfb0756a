import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FranchiseUser, TokenResponse } from '@contract/auth.contract';
import { sessionMachine, type Access } from '../../src/machines/session.machine';
import { RENEW_BEFORE_EXPIRY_MS, RENEW_RETRY_MS } from '../../src/machines/support/session-token';
import { ApiError } from '../../src/services/api-error';
import type { StoredSession } from '../../src/services/session-storage';
import { fakeJwt } from './support/jwt';

const NOW = Date.UTC(2026, 10, 22, 12);
const user = { id: 1, name: 'Olivia', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser;

/** A signed-in session restored from storage with a token that expires in `ttlMs`; `refresh` answers as told. */
function signedInFor(ttlMs: number, refresh: () => Promise<TokenResponse>) {
  const refreshed = vi.fn(refresh);
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise<StoredSession>(async () => ({ token: fakeJwt((NOW + ttlMs) / 1000), user, restaurants: [] })),
        refresh: fromPromise(() => refreshed()),
        // After a renewal the member's access is read again: here it has not changed.
        checkAccess: fromPromise(async (): Promise<Access> => ({ user, restaurants: [] })),
      },
      actions: {
        saveUser: () => {},
        saveSession: () => {},
        saveAccess: () => {},
        clearSession: () => {},
        notify: () => {},
        navigate: () => {},
      },
    }),
  ).start();
  return { actor, refreshed };
}

describe('session: the token is renewed in the background before it expires', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('renews a minute before expiry, and again before the new token expires', async () => {
    const next = { access_token: fakeJwt((NOW + 2 * 3600_000) / 1000), token_type: 'bearer' as const, expires_in: 3600, user };
    const { actor, refreshed } = signedInFor(3600_000, async () => next);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    await vi.advanceTimersByTimeAsync(3600_000 - RENEW_BEFORE_EXPIRY_MS - 1);
    expect(refreshed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(refreshed).toHaveBeenCalledTimes(2);
  });

  it('waits at least the retry delay after a passing failure instead of retrying in a loop', async () => {
    const { actor, refreshed } = signedInFor(RENEW_BEFORE_EXPIRY_MS, async () => {
      throw new ApiError('Connection failed', 0);
    });
    await vi.advanceTimersByTimeAsync(RENEW_RETRY_MS);
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(RENEW_RETRY_MS - 1);
    expect(refreshed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshed).toHaveBeenCalledTimes(2);
  });

  it('signs out when the server refuses the renewal', async () => {
    const { actor } = signedInFor(RENEW_BEFORE_EXPIRY_MS, async () => {
      throw new ApiError('Unauthenticated', 401);
    });
    await vi.advanceTimersByTimeAsync(RENEW_RETRY_MS);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('does not fire at once for a lifetime longer than a timer can hold (over 24.8 days)', async () => {
    const { refreshed } = signedInFor(60 * 24 * 3600_000, async () => {
      throw new Error('not expected');
    });
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(refreshed).not.toHaveBeenCalled();
  });
});
