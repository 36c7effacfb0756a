import type { Restaurant } from '../../server/contract/auth.contract';
import type { RestaurantDetail, UpdateRestaurantInput } from '../../server/contract/restaurants.contract';
import { callApi } from './api-error';
import { httpClient, type HttpClient } from './http-client';
import { sessionStore, type SessionStore } from './session-storage';

/** Spec §8-style defaults, used when the server sent no message. */
export const RESTAURANT_ERRORS = {
  list: 'Failed to fetch restaurants',
  read: 'Failed to fetch restaurant',
  update: 'Failed to update restaurant',
} as const;

export function createRestaurantsService(client: HttpClient, store: SessionStore) {
  return {
    /** The caller's franchise's restaurants, by name. */
    list(): Promise<Restaurant[]> {
      return callApi(RESTAURANT_ERRORS.list, () => client.request<Restaurant[]>('/franchise/restaurants'));
    },
    /** One restaurant with its version; a missing or foreign id rejects with the server's 404. */
    read(id: number): Promise<RestaurantDetail> {
      return callApi(RESTAURANT_ERRORS.read, () => client.request<RestaurantDetail>(`/franchise/restaurants/${id}`));
    },
    /**
     * Saves the edit form; rejects with the 422 field messages or the 409 of a stale version. The saved
     * restaurant replaces its entry in the session's cached list, so the branch pickers show it.
     */
    async update(id: number, input: UpdateRestaurantInput): Promise<RestaurantDetail> {
      const saved = await callApi(RESTAURANT_ERRORS.update, () =>
        client.request<RestaurantDetail>(`/franchise/restaurants/${id}`, { method: 'PUT', body: input }),
      );
      const { version: _version, ...restaurant } = saved;
      store.saveRestaurant(restaurant);
      return saved;
    },
  };
}

export type RestaurantsService = ReturnType<typeof createRestaurantsService>;
export const restaurantsService = createRestaurantsService(httpClient, sessionStore);
