import { describe, expect, it } from 'vitest';
import type { Restaurant } from '@contract/auth.contract';
import { profileBody } from '../../src/machines/support/profile-fields';
import { createHttpClient } from '../../src/services/http-client';
import { createProfileService, PROFILE_ERRORS } from '../../src/services/profile.service';
import { createRestaurantsService, RESTAURANT_ERRORS } from '../../src/services/restaurants.service';
import { createSessionStore } from '../../src/services/session-storage';
import { franchiseLoginHref, isHttpUrl } from '../../src/shared/urls';
import { failure, json, ok, OWNER } from './support/fake-server';
import { fakeJwt } from './support/jwt';

const NOW = Date.UTC(2026, 10, 23);
const VALID = fakeJwt(NOW / 1000 + 3600, { n: 1 });
const FRESH = fakeJwt(NOW / 1000 + 7200, { n: 2 });
const cached = [
  { id: 7, name: 'Parramatta', status: 1 },
  { id: 8, name: 'Bondi', status: 1 },
] as Restaurant[];

type Call = { method: string; path: string; body: unknown; authorization: string | null };

function setup(handler: (call: Call) => Response) {
  const storage = createSessionStore({ local: localStorage, session: sessionStorage });
  storage.save({ token: VALID, user: OWNER, restaurants: cached, remember: true });
  const calls: Call[] = [];
  const client = createHttpClient({
    baseURL: '/api/v1',
    storage,
    now: () => NOW,
    onSessionExpired: () => {},
    fetch: async (input, init) => {
      const call = {
        method: init?.method ?? 'GET',
        path: new URL(String(input), 'http://test').pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        authorization: new Headers(init?.headers).get('Authorization'),
      };
      calls.push(call);
      return handler(call);
    },
  });
  return { restaurants: createRestaurantsService(client, storage), profile: createProfileService(client, storage), storage, calls };
}

describe('restaurants service', () => {
  it('lists, reads and updates through the franchise paths with the bearer', async () => {
    const { restaurants, calls } = setup((call) => ok(call.path.endsWith('restaurants') ? [{ id: 7 }] : { id: 7, version: 3 }));
    expect(await restaurants.list()).toEqual([{ id: 7 }]);
    expect(await restaurants.read(7)).toEqual({ id: 7, version: 3 });
    await restaurants.update(7, { name: 'Parramatta', version: 3 } as never);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/v1/franchise/restaurants',
      'GET /api/v1/franchise/restaurants/7',
      'PUT /api/v1/franchise/restaurants/7',
    ]);
    expect(calls[2]!.body).toEqual({ name: 'Parramatta', version: 3 });
    expect(calls.every((c) => c.authorization === `Bearer ${VALID}`)).toBe(true);
  });

  it("puts the saved restaurant (without its version) in the session's cached list, in its place", async () => {
    const saved = { id: 8, name: 'Bondi Beach', status: 0, version: 4 };
    const { restaurants, storage } = setup(() => ok(saved));
    expect(await restaurants.update(8, {} as never)).toEqual(saved);
    expect(storage.read().restaurants).toEqual([cached[0], { id: 8, name: 'Bondi Beach', status: 0 }]);
    expect(JSON.parse(localStorage.getItem('franchise_restaurants')!)).toEqual(storage.read().restaurants);
  });

  it("creates through POST /franchise/restaurants and adds the new restaurant to the session's cached list by name", async () => {
    const created = { id: 12, name: 'Manly', status: 1, restaurant_user: null, version: 1 };
    const message = 'Manly created successfully! Same ABN as Parramatta — fine if one company owns both.';
    const { restaurants, storage, calls } = setup(() => ok({ ...created, same_abn: [{ id: 7, name: 'Parramatta' }] }, 201, message));
    const body = { name: 'Manly', abn_no: '51824753556' } as never;
    expect(await restaurants.create(body)).toEqual({ restaurant: created, message });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/api/v1/franchise/restaurants', body]]);
    // Before the first name after it (Parramatta), without its version.
    expect(storage.read().restaurants).toEqual([{ id: 12, name: 'Manly', status: 1, restaurant_user: null }, ...cached]);
  });

  it("keeps the create's field errors (an invalid ABN) and leaves the cached list as it was", async () => {
    const invalid = 'This is not a valid ABN';
    const errors = { abn_no: [invalid] };
    const { restaurants, storage } = setup(() => failure(422, invalid, errors));
    await expect(restaurants.create({} as never)).rejects.toMatchObject({ status: 422, data: { errors } });
    expect(storage.read().restaurants).toEqual(cached);
    const offline = setup(() => json(503, {}));
    await expect(offline.restaurants.create({} as never)).rejects.toMatchObject({ status: 503, message: RESTAURANT_ERRORS.create });
  });

  it('leaves the cached list as it was when the save fails', async () => {
    const { restaurants, storage } = setup(() => failure(409, 'Someone else saved this restaurant first'));
    await expect(restaurants.update(8, {} as never)).rejects.toMatchObject({ status: 409 });
    expect(storage.read().restaurants).toEqual(cached);
  });

  it("keeps the server's message and field errors, else its own default", async () => {
    const errors = { name: ['Name is required'] };
    const { restaurants } = setup((call) => (call.method === 'PUT' ? failure(422, 'Validation failed', errors) : json(500, {})));
    await expect(restaurants.update(7, {} as never)).rejects.toMatchObject({ status: 422, message: 'Validation failed', data: { errors } });
    await expect(restaurants.read(7)).rejects.toMatchObject({ status: 500, message: RESTAURANT_ERRORS.read });
  });
});

describe('MENUPLUS link', () => {
  it('is web_link + /franchise-login/{franchise user}/{restaurant user}, only for http(s) links', () => {
    expect(franchiseLoginHref('https://menu.example.com/', 1, 42)).toBe('https://menu.example.com/franchise-login/1/42');
    expect(franchiseLoginHref('http://menu.example.com', 1, 42)).toBe('http://menu.example.com/franchise-login/1/42');
    expect(franchiseLoginHref('javascript:alert(1)', 1, 42)).toBeNull();
    expect(franchiseLoginHref('/relative', 1, 42)).toBeNull();
    expect(isHttpUrl('')).toBe(false);
  });
});

describe('profile service', () => {
  const saved = { ...OWNER, version: 5 };

  it('stores the new token of a password change and the saved user, so this session stays signed in', async () => {
    const { profile, storage } = setup(() => ok({ access_token: FRESH, token_type: 'bearer', expires_in: 7200, user: saved }));
    expect(await profile.update({} as never)).toEqual(saved);
    expect(storage.readToken()).toBe(FRESH);
    expect(storage.read().user).toEqual(OWNER);
  });

  it('keeps the token when no password changed, and names its default on a failure', async () => {
    let fail = false;
    const { profile, storage } = setup(() => (fail ? json(503, {}) : ok({ user: saved })));
    await profile.update({} as never);
    expect(storage.readToken()).toBe(VALID);
    fail = true;
    await expect(profile.read()).rejects.toMatchObject({ status: 503, message: PROFILE_ERRORS.read });
  });

  it('sends blanks as null and no password change when the password fields are empty', () => {
    const body = profileBody({ name: 'Olivia', email: 'o@example.com', phone: ' ', current_password: '', new_password: '' }, 5);
    expect(body).toMatchObject({
      name: 'Olivia',
      phone: null,
      current_password: null,
      new_password: null,
      confirm_password: null,
      version: 5,
    });
  });
});
