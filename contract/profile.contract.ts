import * as z from 'zod';
import { newPassword } from './auth.contract.js';
import { contactFields, optional, version } from './people.contract.js';

/**
 * Input and outputs of the profile form (docs/product.md#management). A password change needs current_password and
 * new_password confirmed; it signs every other session out, and the answer carries the caller's
 * new token. Unknown fields are dropped.
 */

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
/**
 * A sign-in e-mail the profile refuses, taken by any account or reserved (the .invalid domain): one
 * answer for both, so a signed-in user cannot learn whether an address is another franchise's sign-in.
 */
export const SIGN_IN_EMAIL_REFUSED_MESSAGE = 'This email address cannot be used to sign in';

/** A stolen token must not be enough to move the sign-in to another address (and then reset its password). */
export const EMAIL_CHANGE_NEEDS_PASSWORD_MESSAGE = 'Enter your current password to change your email';

export const updateProfileInput = contactFields
  .extend({
    current_password: optional(z.string().max(1024)),
    new_password: optional(newPassword),
    confirm_password: optional(z.string().max(1024)),
    version,
  })
  .superRefine((v, ctx) => {
    if (v.new_password !== v.confirm_password)
      ctx.addIssue({ code: 'custom', message: 'Passwords do not match', path: ['confirm_password'] });
    if (v.new_password !== null && v.current_password === null) {
      ctx.addIssue({ code: 'custom', message: 'Current password is required', path: ['current_password'] });
    }
  });
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

/** The profile's answers: the types of their schemas (contract/api/profile.calls.ts). */
export type { Profile, ProfileSaved } from './api/profile.calls.js';
