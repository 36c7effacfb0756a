import * as z from 'zod';
import { email } from './auth.contract.js';
import { dayStartsAt, timeZoneName } from './branch-clock.js';
import { australianState, httpUrl, optional, phone, postCode, version } from './people.contract.js';
import { displayName } from './text.js';

export { BRANCH_STATUS_OWNERS_ONLY_MESSAGE } from './choices.js';

/**
 * Input and output of the restaurant edit and create forms (the client imports the types). Only the name, address
 * and state are required (and the time zone, which defaults to the franchise's); a detail left out or blank is
 * stored as null. On edit abn_no is read-only: the form may send it back, but a different value is refused; on
 * create it is optional and, when given, checked. Status is 1 (Active) or 0, as the list reads it; 'Active' and
 * 'Inactive' are accepted too; only an owner may change it. Unknown fields are dropped.
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
  // Sent back as read: blank is none, absent is not compared.
  abn_no: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string(ABN_READ_ONLY_MESSAGE).trim().nullable().optional(),
  ),
  address: text('Address'),
  suburb: optional(text('Suburb')),
  post_code: optional(postCode),
  city: optional(text('City')),
  state: australianState,
  phone_no: optional(phone),
  email: optional(email),
  business_type: optional(text('Business type')),
  capacity: optional(
    z.number(capacityMessage).int(capacityMessage).min(0, capacityMessage).max(MAX_CAPACITY, `Capacity must be at most ${MAX_CAPACITY}`),
  ),
  // Absent: Active on create, unchanged on save.
  status: z
    .union([z.literal(1), z.literal(0), z.literal('Active'), z.literal('Inactive')], 'Status must be Active or Inactive')
    .transform((s): 0 | 1 => (s === 1 || s === 'Active' ? 1 : 0))
    .optional(),
  // The branch's clock: absent on create, the franchise's zone and midnight; absent on save, unchanged.
  time_zone: timeZoneName.optional(),
  day_starts_at: dayStartsAt.optional(),
  version,
});
export type UpdateRestaurantInput = z.input<typeof updateRestaurantInput>;

export const ABN_MESSAGES = {
  digits: 'ABN must be 11 digits',
  checksum: 'This is not a valid ABN',
} as const;

/**
 * The create answer's note when other restaurants of the franchise have the new one's ABN: allowed, as a company
 * owning several branches has one ABN, but worth a second look in case it was mistyped.
 */
export function sameAbnNotice(names: readonly string[]): string {
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Same ABN as ${listed} — fine if one company owns ${names.length === 1 ? 'both' : 'them all'}.`;
}

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
  .string(ABN_MESSAGES.digits)
  .transform((typed) => typed.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{11}$/, { message: ABN_MESSAGES.digits, abort: true })
      .refine(hasValidAbnChecksum, ABN_MESSAGES.checksum),
  )
  .transform(canonicalAbn);

/** Add Restaurant: the edit form's fields without a version, and the ABN, optional but checked when given. */
export const createRestaurantInput = updateRestaurantInput
  .omit({ version: true, abn_no: true, status: true })
  .extend({ abn_no: optional(abn), status: updateRestaurantInput.shape.status.default(1) });
export type CreateRestaurantInput = z.input<typeof createRestaurantInput>;

export type { RestaurantDetail } from './api/restaurants.calls.js';
