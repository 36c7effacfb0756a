import type { RouteDeps } from '../app-deps.js';
import { PROFILE_CALLS } from '@contract/api/profile.calls.js';
import {
  EMAIL_CHANGE_NEEDS_PASSWORD_MESSAGE,
  SIGN_IN_EMAIL_REFUSED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type Profile,
  type ProfileSaved,
} from '@contract/profile.contract.js';
import { callRoutes } from '../http/call-routes.js';
import { fieldError, isUniqueViolation, staleVersion } from '../http/record-errors.js';
import { toFranchiseUser, type AuthUser } from './franchise-users.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { EMAIL_KEY, emailTaken, readVersion } from './profile.repository.js';
import { saveProfile } from './profile.service.js';
import { passwordAttempt } from './rate-limit.js';

/** The signed-in user's own profile: read it, and save it with an optional password change. */
export function profileRoutes(deps: RouteDeps) {
  const { db, clock, tokens, mailer, logger } = deps;

  const profileOf = (user: AuthUser, version: number): Profile => ({ ...toFranchiseUser(user), version });

  return callRoutes(deps, PROFILE_CALLS, {
    'GET /franchise/profile': async ({ c }) => {
      const { user } = c.get('auth');
      return { data: { user: profileOf(user, await readVersion(db, user.id)) }, message: 'Profile retrieved' };
    },
    'PUT /franchise/profile': async ({ c, body }) => {
      const { user } = c.get('auth');
      const { version, current_password, new_password, confirm_password: _confirmation, ...values } = body;
      const emailChanged = values.email !== user.email;
      if (emailChanged && current_password === null) throw fieldError('current_password', EMAIL_CHANGE_NEEDS_PASSWORD_MESSAGE);
      if (new_password !== null || emailChanged) {
        // A wrong current password counts against the account's sign-in budget, so a stolen token cannot guess it faster than login could.
        const counted = await passwordAttempt(deps, c, { user, email: user.email }, 'password attempts');
        if (!(await verifyPassword(user.password_hash, current_password ?? '')))
          throw fieldError('current_password', WRONG_CURRENT_PASSWORD_MESSAGE);
        await counted.succeeded();
      }
      if (values.email.endsWith('.invalid') || (await emailTaken(db, values.email, user.id))) {
        throw fieldError('email', SIGN_IN_EMAIL_REFUSED_MESSAGE);
      }
      // Hashed before the write: argon2 takes ~20 ms and PGlite is busy while a statement runs.
      const passwordHash = new_password === null ? undefined : await hashPassword(new_password);
      let saved;
      try {
        saved = await saveProfile(db, user, version, values, passwordHash, new Date(clock()));
      } catch (error) {
        if (isUniqueViolation(error, EMAIL_KEY)) throw fieldError('email', SIGN_IN_EMAIL_REFUSED_MESSAGE);
        throw error;
      }
      if (!saved) throw staleVersion();
      if (emailChanged) {
        // The old address learns of it, so an owner whose token was stolen can act; mail goes out after the answer.
        const notice = {
          to: user.email,
          subject: 'Your Franchise Console sign-in e-mail was changed',
          text: `The e-mail you sign in to Franchise Console with was changed from ${user.email} to ${values.email} on ${new Date(clock()).toUTCString()}.\n\nIf you did not make this change, someone else may be signed in as you: contact your franchise's owner or your Franchise Console administrator at once.\n`,
        };
        void mailer.send(notice).catch((error: unknown) => logger.error(`could not send the e-mail change notice to ${user.email}`, error));
      }
      const updated: AuthUser = { ...user, ...values, token_version: saved.token_version };
      const profile = profileOf(updated, saved.version);
      const message = 'Profile updated successfully!';
      if (passwordHash === undefined) return { data: { user: profile } satisfies ProfileSaved, message };
      // The bump refused every token of the account, the caller's too: a new sign-in keeps this one session going.
      const { token, claims } = await tokens.issue({ ...updated, franchise_id: user.franchise.id });
      const data: ProfileSaved = { access_token: token, token_type: 'bearer', expires_in: claims.exp - claims.iat, user: profile };
      return { data, message };
    },
  });
}
