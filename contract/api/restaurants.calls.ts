import * as z from 'zod';
import { createRestaurantInput, RESTAURANT_NOT_FOUND_MESSAGE, updateRestaurantInput } from '../restaurants.contract.js';
import { defineCalls } from './call.js';
import { id } from './primitives.js';

export const subscription = z.object({ id, product_name: z.string(), plan_name: z.string(), web_link: z.string() });
export type Subscription = z.output<typeof subscription>;

const restaurantFields = {
  id,
  name: z.string(),
  logo: z.string().nullable(),
  abn_no: z.string().nullable().meta({ description: 'As the ABR prints it: "51 824 753 556"; null: none given' }),
  address: z.string(),
  suburb: z.string().nullable(),
  post_code: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string(),
  phone_no: z.string().nullable(),
  email: z.string().nullable(),
  business_type: z.string().nullable(),
  capacity: z.int().nullable(),
  status: z.union([z.literal(0), z.literal(1)]).meta({ description: '1 Active, 0 Inactive' }),
  location: z.string().meta({ description: '"suburb, state", or the state alone without a suburb' }),
  time_zone: z.string().meta({ description: 'IANA time zone of the branch’s trading days, e.g. Australia/Perth' }),
  day_starts_at: z.string().meta({ description: '"HH:MM" (00:00–06:00): an order before it counts in the previous trading day' }),
  subscriptions: z.array(subscription),
  restaurant_user: z
    .object({ id, name: z.string(), email: z.string() })
    .nullable()
    .meta({ description: 'The restaurant’s own sign-in; null for one added in the console' }),
};

/** A restaurant as the list reads it. */
export const restaurant = z.object(restaurantFields);
export type Restaurant = z.output<typeof restaurant>;

/** One restaurant as the edit form reads it: the list's fields and the version a save must name. */
export const restaurantDetail = z.object({ ...restaurantFields, version: id });
export type RestaurantDetail = z.output<typeof restaurantDetail>;

/** A created restaurant, and the franchise's other restaurants with its ABN (allowed: one company may own several). */
export const createdRestaurant = restaurantDetail.extend({
  same_abn: z
    .array(z.object({ id, name: z.string() }))
    .meta({ description: 'The franchise’s other restaurants with the same ABN, by name; empty when none (or no ABN)' }),
});
export type CreatedRestaurant = z.output<typeof createdRestaurant>;

/** The franchise's restaurants: an owner's all of them, a manager's their branches. */
export const RESTAURANT_CALLS = defineCalls({
  'GET /franchise/restaurants': {
    operationId: 'listRestaurants',
    summary: 'The franchise’s restaurants, by name',
    description: 'A manager’s: their branches; any other is 404 to them.',
    tag: 'Restaurants',
    access: 'member',
    success: { data: z.array(restaurant) },
  },
  'POST /franchise/restaurants': {
    operationId: 'createRestaurant',
    summary: 'Add a restaurant',
    description:
      'Only `name`, `address` and `state` are required; the other details may be left out (null). A given ABN must pass the ATO checksum (422 on `abn_no`); other restaurants of the franchise may have it too: `same_abn` names them and the message warns. `time_zone` defaults to the franchise’s, `day_starts_at` to "00:00", `status` to 1.',
    tag: 'Restaurants',
    access: 'owner',
    body: createRestaurantInput,
    status: 201,
    success: { data: createdRestaurant },
  },
  'GET /franchise/restaurants/{id}': {
    operationId: 'getRestaurant',
    summary: 'One restaurant, with the version a save names',
    tag: 'Restaurants',
    access: 'member',
    notFound: RESTAURANT_NOT_FOUND_MESSAGE,
    success: { data: restaurantDetail },
  },
  'PUT /franchise/restaurants/{id}': {
    operationId: 'updateRestaurant',
    summary: 'Save a restaurant',
    description:
      'Names the `version` it read (409 when stale); `abn_no` is read-only (a different value is 422). A changed `time_zone` or `day_starts_at` re-files the branch’s whole history.',
    tag: 'Restaurants',
    access: 'member',
    body: updateRestaurantInput,
    notFound: RESTAURANT_NOT_FOUND_MESSAGE,
    success: { data: restaurantDetail },
    errors: [409],
  },
});
