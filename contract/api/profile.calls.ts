import * as z from 'zod';
import { updateProfileInput } from '../profile.contract.js';
import { franchiseUser, tokenFields } from './auth.calls.js';
import { defineCalls } from './call.js';
import { id } from './primitives.js';

/** The signed-in user with the version a save must name. */
export const profile = franchiseUser.extend({ version: id });
export type Profile = z.output<typeof profile>;

const profileRead = z.object({ user: profile });
/** The saved profile; after a password change, also the caller's new token (login's shape). */
export const profileSaved = z.union([
  profileRead,
  z.object({ ...tokenFields, user: profile }).meta({ description: 'After a password change: a new token' }),
]);
export type ProfileSaved = z.output<typeof profileSaved>;

/** The signed-in user's own profile (docs/product.md, Users, restaurants and profile). */
export const PROFILE_CALLS = defineCalls({
  'GET /franchise/profile': {
    operationId: 'getProfile',
    summary: 'The signed-in user',
    tag: 'Profile',
    access: 'member',
    success: { data: profileRead },
  },
  'PUT /franchise/profile': {
    operationId: 'updateProfile',
    summary: 'Save the profile, optionally changing the password',
    description:
      'Names the `version` it read (409 when stale). A password change needs `current_password` (wrong ones count against the sign-in limit: 429), signs every other session out and answers a new token.',
    tag: 'Profile',
    access: 'member',
    body: updateProfileInput,
    success: { data: profileSaved },
    errors: [409, 429],
  },
});
