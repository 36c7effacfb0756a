import type { Restaurant } from '@contract/auth.contract';
import type { CreateRestaurantInput, RestaurantDetail, UpdateRestaurantInput } from '@contract/restaurants.contract';
import { callApi, callApiEnvelope } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';
import { sessionStore, type SessionStore } from './session-storage';

/** Default messages (docs/product.md#errors), used when the server sent no message. */
export const RESTAURANT_ERRORS = {
  list: 'Failed to fetch restaurants',
  read: 'Failed to fetch restaurant',
  update: 'Failed to update restaurant',
  create: 'Failed to create restaurant',
} as const;

export function createRestaurantsService(client: HttpClient, store: SessionStore) {
  /** The stored restaurant (without its version) goes into the session's cached list, so the branch pickers show it. */
  const cached = (saved: RestaurantDetail): RestaurantDetail => {
    const { version: _version, ...restaurant } = saved;
    store.saveRestaurant(restaurant);
    return saved;
  };
  const call = callsOf(client);
  return {
    /** The caller's franchise's restaurants, by name. */
    list(): Promise<Restaurant[]> {
      return callApi(RESTAURANT_ERRORS.list, () => call('GET /franchise/restaurants'));
    },
    /** One restaurant with its version; a missing or foreign id rejects with the server's 404. */
    read(id: number): Promise<RestaurantDetail> {
      return callApi(RESTAURANT_ERRORS.read, () => call('GET /franchise/restaurants/{id}', { params: { id } }));
    },
    /** Saves the edit form; rejects with the 422 field messages or the 409 of a stale version. It replaces its cached entry. */
    async update(id: number, input: UpdateRestaurantInput): Promise<RestaurantDetail> {
      return cached(
        await callApi(RESTAURANT_ERRORS.update, () => call('PUT /franchise/restaurants/{id}', { params: { id }, body: input })),
      );
    },
    /**
     * Adds a restaurant; rejects with the 422 field messages (an invalid ABN among them). It joins the cached list. The
     * server's sentence says so when other restaurants have its ABN.
     */
    async create(input: CreateRestaurantInput): Promise<{ restaurant: RestaurantDetail; message: string }> {
      const { data, message } = await callApiEnvelope(RESTAURANT_ERRORS.create, () => call('POST /franchise/restaurants', { body: input }));
      const { same_abn: _sameAbn, ...restaurant } = data;
      return { restaurant: cached(restaurant), message };
    },
  };
}

export type RestaurantsService = ReturnType<typeof createRestaurantsService>;
export const restaurantsService = createRestaurantsService(httpClient, sessionStore);
