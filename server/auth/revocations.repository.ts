import type { Db } from '../db/database.js';

export async function isRevoked(db: Db, jti: string): Promise<boolean> {
  return (await db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst()) !== undefined;
}

/** True when this call revoked the token; false when it was already revoked (e.g. a racing refresh). */
export async function revoke(db: Db, jti: string, expiresAt: Date): Promise<boolean> {
  const row = await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .returning('jti')
    .executeTakeFirst();
  return row !== undefined;
}

/** A revoked token past its refresh window can never be used again, so its row can go. */
export async function purgeRevoked(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute();
}
