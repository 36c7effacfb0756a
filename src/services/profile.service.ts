import type { Profile, UpdateProfileInput } from '@contract/profile.contract';
import { callApi } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';
import { sessionStore, type SessionStore } from './session-storage';

export const PROFILE_ERRORS = {
  read: 'Failed to fetch profile',
  update: 'Failed to update profile',
} as const;

export function createProfileService(client: HttpClient, store: SessionStore) {
  const call = callsOf(client);
  return {
    /** The signed-in user with the version a save must name. */
    async read(): Promise<Profile> {
      return (await callApi(PROFILE_ERRORS.read, () => call('GET /franchise/profile'))).user;
    },
    /**
     * Saves the profile. A password change signs every other session out and answers this session's new
     * token: it is stored at once (the old one is revoked), so this tab stays signed in; the stored user
     * follows the saved profile.
     */
    async update(input: UpdateProfileInput): Promise<Profile> {
      const saved = await callApi(PROFILE_ERRORS.update, () => call('PUT /franchise/profile', { body: input }));
      if ('access_token' in saved && saved.access_token) store.replaceToken(saved.access_token);
      const { version: _version, ...user } = saved.user;
      store.saveUser(user);
      return saved.user;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
export const profileService = createProfileService(httpClient, sessionStore);
