import type { FranchiseUser, Restaurant } from '@contract/auth.contract';

/** Storage keys (docs/product.md#storage); `franchise_token` and `authToken` both hold the access token. */
export const STORAGE_KEYS = {
  token: 'franchise_token',
  user: 'franchise_user',
  restaurants: 'franchise_restaurants',
  authToken: 'authToken',
} as const;

export type StoredSession = {
  token: string | null;
  user: FranchiseUser | null;
  restaurants: Restaurant[];
};

export type NewSession = {
  token: string;
  user: FranchiseUser;
  restaurants: Restaurant[];
  remember: boolean;
};

/** The two Web Storage areas; injected so tests and the HTTP client share one fake. */
export type StorageAreas = { local: Storage; session: Storage };

export type SessionStore = {
  read(): StoredSession;
  readToken(): string | null;
  save(session: NewSession): void;
  /** Keeps the new token in the area that held the old one. */
  replaceToken(token: string): void;
  saveUser(user: FranchiseUser): void;
  /** Replaces one restaurant of the cached list (the branch pickers') after it was saved; a new one joins it by name. */
  saveRestaurant(restaurant: Restaurant): void;
  /** Replaces the cached list with the server's (the member's branches changed). */
  saveRestaurants(restaurants: Restaurant[]): void;
  clear(): void;
};

function parseJson<T>(raw: string | null, fallback: T): T {
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function createSessionStore(areas: StorageAreas): SessionStore {
  // The area holding authToken is the one chosen at sign-in (Remember me → local).
  const activeArea = (): Storage => (areas.local.getItem(STORAGE_KEYS.authToken) !== null ? areas.local : areas.session);
  const get = (key: string): string | null => areas.local.getItem(key) ?? areas.session.getItem(key);

  return {
    read() {
      return {
        token: get(STORAGE_KEYS.authToken) ?? get(STORAGE_KEYS.token),
        user: parseJson<FranchiseUser | null>(get(STORAGE_KEYS.user), null),
        restaurants: parseJson<Restaurant[]>(get(STORAGE_KEYS.restaurants), []),
      };
    },
    readToken() {
      return get(STORAGE_KEYS.authToken) ?? get(STORAGE_KEYS.token);
    },
    save({ token, user, restaurants, remember }) {
      this.clear();
      const area = remember ? areas.local : areas.session;
      area.setItem(STORAGE_KEYS.authToken, token);
      area.setItem(STORAGE_KEYS.token, token);
      area.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      area.setItem(STORAGE_KEYS.restaurants, JSON.stringify(restaurants));
    },
    replaceToken(token) {
      const area = activeArea();
      area.setItem(STORAGE_KEYS.authToken, token);
      area.setItem(STORAGE_KEYS.token, token);
    },
    saveUser(user) {
      activeArea().setItem(STORAGE_KEYS.user, JSON.stringify(user));
    },
    saveRestaurant(restaurant) {
      const cached = parseJson<Restaurant[]>(get(STORAGE_KEYS.restaurants), []);
      let restaurants = cached.map((r) => (r.id === restaurant.id ? restaurant : r));
      if (!cached.some((r) => r.id === restaurant.id)) {
        // The server lists by name: a new one goes before the first name after it; the others keep their places.
        const at = cached.findIndex((r) => r.name.localeCompare(restaurant.name) > 0);
        restaurants = at === -1 ? [...cached, restaurant] : [...cached.slice(0, at), restaurant, ...cached.slice(at)];
      }
      activeArea().setItem(STORAGE_KEYS.restaurants, JSON.stringify(restaurants));
    },
    saveRestaurants(restaurants) {
      activeArea().setItem(STORAGE_KEYS.restaurants, JSON.stringify(restaurants));
    },
    clear() {
      for (const area of [areas.local, areas.session]) {
        for (const key of Object.values(STORAGE_KEYS)) area.removeItem(key);
      }
    },
  };
}

/** The app's store over the browser's storage areas. */
// Getters: the storage areas are looked up at use, so importing this module (e.g. by the machines,
// which the QA docs generator loads in Node) needs no browser.
export const sessionStore = createSessionStore({
  get local() {
    return window.localStorage;
  },
  get session() {
    return window.sessionStorage;
  },
});
