import { describe, expect, it } from 'vitest';
import type { FranchiseUser, Restaurant } from '@contract/auth.contract';
import { STORAGE_KEYS, createSessionStore } from '../../src/services/session-storage';

const user = { id: 1, name: 'Olivia Owner', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser;
const restaurants = [{ id: 7, name: 'Parramatta' }] as Restaurant[];
const store = () => createSessionStore({ local: localStorage, session: sessionStorage });

describe('session storage: keys, Remember me', () => {
  it('keeps every key in localStorage with Remember me', () => {
    store().save({ token: 't1', user, restaurants, remember: true });
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).not.toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('authToken')).toBe('t1');
  });

  it('keeps every key in sessionStorage without Remember me', () => {
    store().save({ token: 't1', user, restaurants, remember: false });
    expect(sessionStorage.getItem('authToken')).toBe('t1');
    expect(sessionStorage.getItem('franchise_token')).toBe('t1');
    expect(localStorage.length).toBe(0);
  });

  it('reads the session back from either area', () => {
    store().save({ token: 't1', user, restaurants, remember: false });
    expect(store().read()).toEqual({ token: 't1', user, restaurants });
    store().save({ token: 't2', user, restaurants, remember: true });
    expect(store().read()).toEqual({ token: 't2', user, restaurants });
    expect(sessionStorage.length).toBe(0);
  });

  it('replaces the token in the area that held it', () => {
    store().save({ token: 't1', user, restaurants, remember: false });
    store().replaceToken('t2');
    expect(sessionStorage.getItem('authToken')).toBe('t2');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('clears every key from both areas', () => {
    store().save({ token: 't1', user, restaurants, remember: true });
    sessionStorage.setItem('authToken', 'stray');
    store().clear();
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(store().read()).toEqual({ token: null, user: null, restaurants: [] });
  });

  it('replaces a saved restaurant in its place, and adds a new one where the name order puts it', () => {
    const cached = [
      { id: 7, name: 'Bondi' },
      { id: 8, name: 'Parramatta' },
    ] as Restaurant[];
    store().save({ token: 't1', user, restaurants: cached, remember: false });
    store().saveRestaurant({ id: 8, name: 'Bankstown' } as Restaurant);
    expect(
      store()
        .read()
        .restaurants.map((r) => r.id),
    ).toEqual([7, 8]);
    store().saveRestaurant({ id: 9, name: 'Manly' } as Restaurant);
    store().saveRestaurant({ id: 10, name: 'Abbotsford' } as Restaurant);
    store().saveRestaurant({ id: 11, name: 'Zetland' } as Restaurant);
    expect(
      store()
        .read()
        .restaurants.map((r) => [r.id, r.name]),
    ).toEqual([
      [10, 'Abbotsford'],
      [7, 'Bondi'],
      [8, 'Bankstown'],
      [9, 'Manly'],
      [11, 'Zetland'],
    ]);
    // In the area chosen at sign-in.
    expect(localStorage.getItem('franchise_restaurants')).toBeNull();
  });

  it("replaces the whole cached list with the server's, in the area chosen at sign-in", () => {
    const cached = [
      { id: 7, name: 'Bondi' },
      { id: 8, name: 'Parramatta' },
    ] as Restaurant[];
    store().save({ token: 't1', user, restaurants: cached, remember: true });
    store().saveRestaurants([{ id: 8, name: 'Parramatta' }] as Restaurant[]);
    expect(store().read().restaurants).toEqual([{ id: 8, name: 'Parramatta' }]);
    expect(sessionStorage.getItem('franchise_restaurants')).toBeNull();
  });

  it('treats unreadable cached JSON as absent', () => {
    localStorage.setItem('authToken', 't1');
    localStorage.setItem('franchise_user', '{oops');
    expect(store().read().user).toBeNull();
  });
});
