import type { Restaurant } from '../../server/contract/auth.contract';
import type { ApiSuccess } from '../../server/contract/envelope';
import type { RestaurantDetail, UpdateRestaurantInput } from '../../server/contract/restaurants.contract';
import { ApiError, withDefaultMessage } from './api-error';
import { httpClient, type HttpClient } from './http-client';

/** Spec §8-style defaults, used when the server sent no message. */
export const RESTAURANT_ERRORS = {
  list: 'Failed to fetch restaurants',
  read: 'Failed to fetch restaurant',
  update: 'Failed to update restaurant',
} as const;

async function call<T>(fallback: string, send: () => Promise<ApiSuccess<T>>): Promise<T> {
  let response: ApiSuccess<T>;
  try {
    response = await send();
  } catch (error) {
    throw withDefaultMessage(error, fallback);
  }
  if (response?.status !== 'success' || response.data == null) throw withDefaultMessage(new ApiError(fallback, 200, response), fallback);
  return response.data;
}

export function createRestaurantsService(client: HttpClient) {
  return {
    /** The caller's franchise's restaurants, by name. */
    list(): Promise<Restaurant[]> {
      return call(RESTAURANT_ERRORS.list, () => client.request<Restaurant[]>('/franchise/restaurants'));
    },
    /** One restaurant with its version; a missing or foreign id rejects with the server's 404. */
    read(id: number): Promise<RestaurantDetail> {
      return call(RESTAURANT_ERRORS.read, () => client.request<RestaurantDetail>(`/franchise/restaurants/${id}`));
    },
    /** Saves the edit form; rejects with the 422 field messages or the 409 of a stale version. */
    update(id: number, input: UpdateRestaurantInput): Promise<RestaurantDetail> {
      return call(RESTAURANT_ERRORS.update, () =>
        client.request<RestaurantDetail>(`/franchise/restaurants/${id}`, { method: 'PUT', body: input }),
      );
    },
  };
}

export type RestaurantsService = ReturnType<typeof createRestaurantsService>;
export const restaurantsService = createRestaurantsService(httpClient);
