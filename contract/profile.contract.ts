import * as z from 'zod';
import { newPassword, type FranchiseUser, type TokenResponse } from './auth.contract.js';
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

/** data.user of GET and PUT /franchise/profile: the signed-in user with the version a save must name. */
export type Profile = FranchiseUser & { version: number };

/** data of PUT /franchise/profile: the saved profile; after a password change, also the caller's new token (login's shape). */
export type ProfileSaved = { user: Profile } | (Omit<TokenResponse, 'user'> & { user: Profile });
