import { changesBetween } from '../activity/activity.repository.js';
import { memberWrite } from '../activity/member-write.js';
import type { Db } from '../db/database.js';
import type { AuthUser } from './franchise-users.repository.js';
import { PROFILE_FIELDS, type ProfileValues } from './profile.repository.js';

/**
 * Saves the profile if it is still at `version`, and records the changed fields (a new password as
 * "changed" only) in the member's write (docs/architecture.md, Writes); with a password hash, also bumps token_version so every
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
  return memberWrite(db, user, { now }, async ({ trx, record }) => {
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
    await record({ action: 'updated', entity: 'profile', entityId: user.id, changes });
    return saved;
  });
}
