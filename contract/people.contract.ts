import * as z from 'zod';
import { AUSTRALIAN_STATES, PERSON_ROLES, PERSON_STATUSES } from './choices.js';
import { email, newPassword } from './auth.contract.js';
import { displayName } from './text.js';
import { MAX_RECORD_ID } from './record-id.js';

export * from './choices.js';

/**
 * Inputs and outputs of the people calls (a person: docs/product.md#management), and the field rules the restaurant and
 * profile forms share. The server validates with the schemas; the client imports the types.
 * Unknown fields are dropped, not refused.
 */

export const STALE_VERSION_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';
export const EMAIL_TAKEN_MESSAGE = 'This email address is already in use';
export const PERSON_NOT_FOUND_MESSAGE = 'Person not found';

const text = (label: string, max = 200) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** A picture or logo address: http(s) only, so a stored value can never run script in an <img> or link. */
export const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain, message: 'Invalid URL' }).max(2000, 'Invalid URL');

/** Digits with the usual separators, 8 to 15 digits (04xx xxx xxx, (02) 9xxx xxxx, +61 …). */
export const phone = z
  .string('Invalid phone number')
  .trim()
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return v.length <= 30 && /^\+?[0-9 ()-]+$/.test(v) && digits >= 8 && digits <= 15;
  }, 'Invalid phone number');

export const australianState = z.enum(AUSTRALIAN_STATES, `State must be one of ${AUSTRALIAN_STATES.join(', ')}`);

export const postCode = z
  .string('Post code must be 4 digits')
  .trim()
  .regex(/^\d{4}$/, 'Post code must be 4 digits');

/** The version the client read; a save naming an older one is refused with 409. */
export const version = z.number('Version is required').int('Version is required').min(1).max(MAX_RECORD_ID);

/** An optional form field: absent, null or blank is stored as null; anything else must pass `schema`. */
export const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v), schema.nullable());

/** The contact fields a person and the profile share. */
export const contactFields = z.object({
  picture: optional(httpUrl),
  name: displayName(),
  email,
  phone: optional(phone),
  state: optional(australianState),
  city: optional(text('City')),
  street_address: optional(text('Street address')),
  suburb: optional(text('Suburb')),
  post_code: optional(postCode),
});

/** The contact fields' names: what the profile edits, and the start of what a person's record holds. */
export const CONTACT_FIELDS = contactFields.keyof().options;

export const personFields = contactFields.extend({
  restaurant_id: z.number('Restaurant is required').int('Restaurant is required').min(1, 'Restaurant is required').max(MAX_RECORD_ID),
  role: z.enum(PERSON_ROLES, `Role must be one of ${PERSON_ROLES.join(', ')}`),
  status: z.enum(PERSON_STATUSES, `Status must be one of ${PERSON_STATUSES.join(', ')}`),
});

export const createPersonInput = personFields
  .extend({ password: newPassword, change_password: z.string('Please confirm the password').max(1024) })
  .refine((v) => v.password === v.change_password, { message: 'Passwords do not match', path: ['change_password'] });
export type CreatePersonInput = z.input<typeof createPersonInput>;

export const updatePersonInput = personFields
  .extend({ version, new_password: optional(newPassword), confirm_password: optional(z.string().max(1024)) })
  .refine((v) => (v.new_password ?? null) === (v.confirm_password ?? null), {
    message: 'Passwords do not match',
    path: ['confirm_password'],
  });
export type UpdatePersonInput = z.input<typeof updatePersonInput>;

/** A person as the calls answer it: the type of its answer schema (contract/api/people.calls.ts). */
export type { Person } from './api/people.calls.js';
