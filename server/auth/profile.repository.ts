import { changesBetween, memberActor, recordUpdate } from '../activity/activity.repository.js';
import { CONTACT_FIELDS } from '@contract/people.contract.js';
import type { Profile } from '@contract/profile.contract.js';
import type { Db } from '../db/database.js';
import type { AuthUser } from './franchise-users.repository.js';

/** The signed-in member's own record: its version, whether another member has an e-mail, and the save. */

/** franchise_users.email is unique across franchises: it is the sign-in name. */
export const EMAIL_KEY = 'franchise_users_email_key';

export type ProfileValues = Omit<Profile, 'id' | 'franchise' | 'version' | 'role'>;

export async function readVersion(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('franchise_users').select('version').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.version;
}

export async function emailTaken(db: Db, email: string, userId: number): Promise<boolean> {
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
export async function saveProfile(
  db: Db,
  user: AuthUser,
  version: number,
  values: ProfileValues,
  passwordHash: string | undefined,
  now: Date,
) {
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
    await recordUpdate(trx, {
      franchiseId: user.franchise.id,
      at: now,
      actor: memberActor(user),
      entity: 'profile',
      entityId: user.id,
      changes,
    });
    return saved;
  });
}
