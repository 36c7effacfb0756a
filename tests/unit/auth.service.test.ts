import { describe, expect, it, vi } from 'vitest';
import type { FranchiseUser } from '@contract/auth.contract';
import type { ApiSuccess } from '@contract/envelope';
import { ApiError } from '../../src/services/api-error';
import { createAuthService } from '../../src/services/auth.service';
import type { HttpClient, RequestOptions } from '../../src/services/http-client';

const user = { id: 1, name: 'Olivia', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser;
const success = <T>(data: T): ApiSuccess<T> => ({ status: 'success', message: 'OK', data });

/** An HttpClient whose answers are given per path. */
function clientAnswering(answers: Record<string, () => unknown>) {
  const calls: Array<{ path: string; options?: RequestOptions }> = [];
  const client: HttpClient = {
    request: vi.fn(async (path: string, options?: RequestOptions) => {
      calls.push({ path, options });
      const answer = answers[path];
      if (!answer) throw new ApiError('Not found', 404);
      return answer() as never;
    }),
    refresh: vi.fn(async () => {
      throw new ApiError('Unauthenticated', 401);
    }),
  };
  return { client, calls };
}

describe('auth service: calls and default messages', () => {
  it('signs in and loads the restaurants with the new token', async () => {
    const { client, calls } = clientAnswering({
      '/franchise/login': () => success({ access_token: 't1', token_type: 'bearer', expires_in: 3600, user }),
      '/franchise/restaurants': () => success([{ id: 7, name: 'Parramatta' }]),
    });
    await expect(createAuthService(client).login({ email: 'a@b.co', password: 'x' })).resolves.toEqual({
      token: 't1',
      user,
      restaurants: [{ id: 7, name: 'Parramatta' }],
    });
    expect(calls[1]).toEqual({ path: '/franchise/restaurants', options: { token: 't1' } });
  });

  it('still signs in when the restaurants cannot be fetched (a warning only)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client } = clientAnswering({
      '/franchise/login': () => success({ access_token: 't1', token_type: 'bearer', expires_in: 3600, user }),
    });
    await expect(createAuthService(client).login({ email: 'a@b.co', password: 'x' })).resolves.toMatchObject({ restaurants: [] });
    expect(warn).toHaveBeenCalledWith('Failed to fetch restaurants', expect.any(ApiError));
    warn.mockRestore();
  });

  it('fails the login without an access_token or without status success', async () => {
    const noToken = clientAnswering({ '/franchise/login': () => success({ user }) });
    await expect(createAuthService(noToken.client).login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      message: 'Login failed',
    });
    const notSuccess = clientAnswering({ '/franchise/login': () => ({ status: 'error', data: {} }) });
    await expect(createAuthService(notSuccess.client).login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      message: 'Login failed',
    });
  });

  it('keeps the server message and otherwise uses the call default', async () => {
    const { client } = clientAnswering({
      '/franchise/login': () => {
        throw new ApiError('Invalid email or password', 401, { status: 'error', message: 'Invalid email or password' });
      },
      '/franchise/profile': () => {
        throw new ApiError('The request timed out', 0);
      },
      '/franchise/logout': () => {
        throw new ApiError('An unexpected error occurred', 503);
      },
      '/franchise/test': () => {
        throw new ApiError('Network error', 0);
      },
    });
    const auth = createAuthService(client);
    await expect(auth.login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      message: 'Invalid email or password',
      status: 401,
    });
    await expect(auth.fetchProfile()).rejects.toMatchObject({ message: 'Failed to fetch profile', status: 0 });
    await expect(auth.logout()).rejects.toMatchObject({ message: 'Logout failed', status: 503 });
    await expect(auth.testConnection()).rejects.toMatchObject({ message: 'Connection failed' });
    await expect(auth.fetchRestaurants()).rejects.toMatchObject({ message: 'Failed to fetch restaurants' });
    await expect(auth.refreshToken()).rejects.toMatchObject({ message: 'Token refresh failed', status: 401 });
  });

  it('sends the password reset calls to the server', async () => {
    const { client, calls } = clientAnswering({
      '/franchise/password/forgot': () => success(null),
      '/franchise/password/reset': () => success(null),
    });
    const auth = createAuthService(client);
    await auth.requestPasswordReset('owner@example.com');
    await auth.resetPassword({ token: 'tok', password: 'p', password_confirmation: 'p' });
    expect(calls).toEqual([
      { path: '/franchise/password/forgot', options: { method: 'POST', body: { email: 'owner@example.com' } } },
      { path: '/franchise/password/reset', options: { method: 'POST', body: { token: 'tok', password: 'p', password_confirmation: 'p' } } },
    ]);
  });
});
