import { recordIdOf } from '@contract/record-id';
import type { CreateRestaurantInput, RestaurantDetail, UpdateRestaurantInput } from '@contract/restaurants.contract';
import type { FormRecord, FormValues } from '../entity-form.machine';
import { AUSTRALIAN_STATES, DAY_START_CHOICES, STATE_TIME_ZONES, type AustralianState } from '@contract/choices';
import { orNull, text } from './contact-fields';

const isAustralianState = (value: string): value is AustralianState => (AUSTRALIAN_STATES as readonly string[]).includes(value);

/** How a restaurant becomes its forms' values and the restaurant calls' bodies; the address's id. */

export const RESTAURANT_NOT_FOUND = 'Restaurant not found';
const TEXT_FIELDS = [
  'logo',
  'name',
  'abn_no',
  'address',
  'suburb',
  'post_code',
  'city',
  'state',
  'phone_no',
  'email',
  'business_type',
] as const;

/** The address's `?id=`: a record id, else null (the not-found state). */
export const restaurantIdOf = (search: string): number | null => recordIdOf(new URLSearchParams(search).get('id')) ?? null;

/** A restaurant as the form edits it: text everywhere (blank for none), capacity as typed, status as '1' or '0'. */
export function restaurantValues(r: RestaurantDetail): FormValues {
  const values: FormValues = Object.fromEntries(TEXT_FIELDS.map((field) => [field, r[field] ?? '']));
  values.time_zone = r.time_zone;
  values.day_starts_at = r.day_starts_at;
  values.capacity = r.capacity === null ? '' : String(r.capacity);
  values.status = String(r.status);
  return values;
}

/**
 * Add Restaurant's blank form: every field empty but the status, Active as on the user forms, and the clock: no zone
 * chosen (the franchise's) and the day starting at midnight.
 */
export function newRestaurantValues(): FormValues {
  const values: FormValues = Object.fromEntries(TEXT_FIELDS.map((field) => [field, '']));
  values.capacity = '';
  values.status = '1';
  values.time_zone = '';
  values.day_starts_at = DAY_START_CHOICES[0]!;
  return values;
}

/**
 * Add Restaurant's values after one field's change: choosing a state suggests its zone, unless a zone was picked by
 * hand (one that is neither none nor the previous state's).
 */
export function withSuggestedZone(values: FormValues, field: string, value: FormValues[string]): FormValues {
  const next = { ...values, [field]: value };
  if (field !== 'state' || !isAustralianState(text(value))) return next;
  const previous = text(values.state);
  const untouched = text(values.time_zone) === '' || (isAustralianState(previous) && values.time_zone === STATE_TIME_ZONES[previous]);
  return untouched ? { ...next, time_zone: STATE_TIME_ZONES[text(value) as AustralianState] } : next;
}
export const restaurantRecord = (r: RestaurantDetail): FormRecord => ({ values: restaurantValues(r), version: r.version });

/**
 * The create call's body: name, address and state as typed, any other detail left blank as null (none). A capacity
 * that is not a number goes as typed, so the server names the field rather than storing none.
 */
export function newRestaurantBody(values: FormValues): CreateRestaurantInput {
  const capacity = text(values.capacity).trim();
  return {
    logo: orNull(values.logo),
    name: text(values.name),
    abn_no: orNull(values.abn_no),
    address: text(values.address),
    suburb: orNull(values.suburb),
    post_code: orNull(values.post_code),
    city: orNull(values.city),
    state: text(values.state) as CreateRestaurantInput['state'],
    phone_no: orNull(values.phone_no),
    email: orNull(values.email),
    business_type: orNull(values.business_type),
    capacity: capacity === '' ? null : Number.isNaN(Number(capacity)) ? capacity : Number(capacity),
    status: values.status === '1' ? 1 : 0,
    // No zone chosen: the franchise's.
    ...(text(values.time_zone) === '' ? {} : { time_zone: text(values.time_zone) }),
    day_starts_at: text(values.day_starts_at),
  };
}

/** The update call's body: the same fields (abn_no sent back as read, or typed once where there was none) with the version read. */
export const restaurantBody = (values: FormValues, version: number): UpdateRestaurantInput => ({ ...newRestaurantBody(values), version });
