import * as z from 'zod';
import { email } from './auth.contract.js';
import { dayStartsAt, timeZoneName } from './branch-clock.js';
import { australianState, httpUrl, optional, phone, postCode, version } from './people.contract.js';
import { displayName } from './text.js';

export { BRANCH_STATUS_OWNERS_ONLY_MESSAGE } from './choices.js';

/**
 * Input and output of the restaurant edit and create forms (the client imports the types). On edit
 * abn_no is read-only: the form may send it back, but a different value is refused; on create it is
 * required and checked. Status is 1 (Active) or 0, as the list reads it; 'Active' and 'Inactive' are
 * accepted too; only an owner may change it. Unknown fields are dropped.
 */

export const ABN_READ_ONLY_MESSAGE = 'ABN is read-only';
export const RESTAURANT_NOT_FOUND_MESSAGE = 'Restaurant not found';
export const MAX_CAPACITY = 100_000;

const text = (label: string) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(200, `${label} must be at most 200 characters`);

const capacityMessage = 'Capacity must be a non-negative whole number';

export const updateRestaurantInput = z.object({
  logo: optional(httpUrl),
  name: displayName(),
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
  // The branch's clock: absent on create, the franchise's zone and midnight; absent on save, unchanged.
  time_zone: timeZoneName.optional(),
  day_starts_at: dayStartsAt.optional(),
  version,
});
export type UpdateRestaurantInput = z.input<typeof updateRestaurantInput>;

export const ABN_MESSAGES = {
  required: 'ABN is required',
  digits: 'ABN must be 11 digits',
  checksum: 'This is not a valid ABN',
  taken: 'This ABN is already used by another restaurant',
} as const;

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * The ATO's check of an ABN's 11 digits: subtract 1 from the first digit, weight the digits, and the
 * sum is divisible by 89. The first two digits are the check digits (10 to 99), so none starts with 0.
 */
export function hasValidAbnChecksum(digits: string): boolean {
  if (!/^[1-9]\d{10}$/.test(digits)) return false;
  const sum = ABN_WEIGHTS.reduce((total, weight, i) => total + weight * (Number(digits[i]) - (i === 0 ? 1 : 0)), 0);
  return sum % 89 === 0;
}

/** The one stored form of an ABN's 11 digits, as the ABR prints it: "51 824 753 556". */
export const canonicalAbn = (digits: string) => `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;

/** A new restaurant's ABN: typed with or without spaces, checked, and stored in its canonical form. */
export const abn = z
  .string(ABN_MESSAGES.required)
  .transform((typed) => typed.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, { message: ABN_MESSAGES.required, abort: true })
      .regex(/^\d{11}$/, { message: ABN_MESSAGES.digits, abort: true })
      .refine(hasValidAbnChecksum, ABN_MESSAGES.checksum),
  )
  .transform(canonicalAbn);

/** Add Restaurant: the edit form's fields without a version, and the ABN, required and checked. */
export const createRestaurantInput = updateRestaurantInput.omit({ version: true, abn_no: true }).extend({ abn_no: abn });
export type CreateRestaurantInput = z.input<typeof createRestaurantInput>;

export type { RestaurantDetail } from './api/restaurants.calls.js';
