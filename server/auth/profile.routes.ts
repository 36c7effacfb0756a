import { Hono } from 'hono';
import { changesBetween, memberActor, recordActivity } from '../activity/activity.repository.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import {
  EMAIL_CHANGE_NEEDS_PASSWORD_MESSAGE,
  SIGN_IN_EMAIL_REFUSED_MESSAGE,
  updateProfileInput,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type Profile,
  type ProfileSaved,
} from '@contract/profile.contract.js';
import { CONTACT_FIELDS } from '@contract/people.contract.js';
import type { Db } from '../db/database.js';
import { clientLimitAddress } from '../http/client-address.js';
import { readJson, success } from '../http/envelope.js';
import { fieldError, isUniqueViolation, staleVersion } from '../http/record-errors.js';
import { toFranchiseUser, type AuthUser } from './franchise-users.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { accountKey, passwordAttempt } from './rate-limit.js';

/** franchise_users.email is unique across franchises: it is the sign-in name. */
const EMAIL_KEY = 'franchise_users_email_key';

type ProfileValues = Omit<Profile, 'id' | 'franchise' | 'version' | 'role'>;

async function readVersion(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('franchise_users').select('version').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.version;
}

async function emailTaken(db: Db, email: string, userId: number): Promise<boolean> {
  const row = await db.selectFrom('franchise_users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst();
  return row !== undefined;
}

/** What the profile form edits, as the activity log compares it. */
const PROFILE_FIELDS = CONTACT_FIELDS satisfies readonly (keyof ProfileValues)[];

/**
 * Saves the profile if it is still at `version`, and records the changed fields (a new password as
 * "changed" only) in the same transaction; with a password hash, also bumps token_version so every
 * token issued before is refused. Returns the new version and token_version, or undefined when
 * another save came first.
 */
async function saveProfile(db: Db, user: AuthUser, version: number, values: ProfileValues, passwordHash: string | undefined, now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('franchise_users')
      .select(PROFILE_FIELDS)
      .where('id', '=', user.id)
      .where('version', '=', version)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const saved = await trx
      .updateTable('franchise_users')
      .set((eb) => ({
        ...values,
        ...(passwordHash === undefined ? {} : { password_hash: passwordHash, token_version: eb('token_version', '+', 1) }),
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', user.id)
      .returning(['version', 'token_version'])
      .executeTakeFirstOrThrow();
    const changes = changesBetween(before, values, { fields: PROFILE_FIELDS, secrets: passwordHash === undefined ? [] : ['password'] });
    // A save that changes nothing leaves no entry.
    if (Object.keys(changes).length > 0) {
      await recordActivity(trx, {
        franchiseId: user.franchise.id,
        at: now,
        actor: memberActor(user),
        action: 'updated',
        entity: 'profile',
        entityId: user.id,
        changes,
      });
    }
    return saved;
  });
}

/** The signed-in user's own profile: read it, and save it with an optional password change. */
export function profileRoutes(deps: RouteDeps) {
  const { db, clock, config, tokens, authenticated, mailer, logger } = deps;

  const profileOf = (user: AuthUser, version: number): Profile => ({ ...toFranchiseUser(user), version });

  return new Hono<AppEnv>()
    .get('/profile', authenticated, async (c) => {
      const { user } = c.get('auth');
      return success(c, { user: profileOf(user, await readVersion(db, user.id)) }, 'Profile retrieved');
    })
    .put('/profile', authenticated, async (c) => {
      const { user } = c.get('auth');
      const { version, current_password, new_password, confirm_password: _confirmation, ...values } = await readJson(c, updateProfileInput);
      const emailChanged = values.email !== user.email;
      if (emailChanged && current_password === null) throw fieldError('current_password', EMAIL_CHANGE_NEEDS_PASSWORD_MESSAGE);
      if (new_password !== null || emailChanged) {
        // A wrong current password counts against the account's sign-in budget, so a stolen token cannot guess it faster than login could.
        const counted = await passwordAttempt(
          db,
          accountKey(user, user.email),
          clientLimitAddress(c, config.trustProxy),
          clock(),
          'password attempts',
        );
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
      if (passwordHash === undefined) return success(c, { user: profile } satisfies ProfileSaved, 'Profile updated successfully!');
      // The bump refused every token of the account, the caller's too: a new sign-in keeps this one session going.
      const { token, claims } = await tokens.issue({ ...updated, franchise_id: user.franchise.id });
      const data: ProfileSaved = { access_token: token, token_type: 'bearer', expires_in: claims.exp - claims.iat, user: profile };
      return success(c, data, 'Profile updated successfully!');
    });
}
