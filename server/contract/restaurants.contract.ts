import * as z from 'zod';
import { email, type Restaurant } from './auth.contract.js';
import { australianState, httpUrl, optional, phone, postCode, version } from './people.contract.js';

/**
 * Input and output of the restaurant edit form (spec §3). abn_no is read-only: the form may send
 * it back, but a different value is refused. Status is 1 (Active) or 0, as the list reads it;
 * 'Active' and 'Inactive' are accepted too. Unknown fields are dropped.
 */

export const ABN_READ_ONLY_MESSAGE = 'ABN is read-only';
export const MAX_CAPACITY = 100_000;

const text = (label: string) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(200, `${label} must be at most 200 characters`);

const capacityMessage = 'Capacity must be a non-negative whole number';

export const updateRestaurantInput = z.object({
  logo: optional(httpUrl),
  name: text('Name'),
  abn_no: z.string(ABN_READ_ONLY_MESSAGE).trim().optional(),
  address: text('Address'),
  suburb: text('Suburb'),
  post_code: postCode,
  city: text('City'),
  state: australianState,
  phone_no: phone,
  email,
  business_type: text('Business type'),
  capacity: z
    .number(capacityMessage)
    .int(capacityMessage)
    .min(0, capacityMessage)
    .max(MAX_CAPACITY, `Capacity must be at most ${MAX_CAPACITY}`),
  status: z
    .union([z.literal(1), z.literal(0), z.literal('Active'), z.literal('Inactive')], 'Status must be Active or Inactive')
    .transform((s): 0 | 1 => (s === 1 || s === 'Active' ? 1 : 0)),
  version,
});
export type UpdateRestaurantInput = z.input<typeof updateRestaurantInput>;

/** One restaurant as the edit form reads it: the list's fields and the version a save must name. */
export type RestaurantDetail = Restaurant & { version: number };
