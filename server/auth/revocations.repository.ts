import type { Db } from '../db/database.js';

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

/** Refuses every token of one sign-in, those issued by refreshes included. */
export async function revokeSession(db: Db, sid: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('revoked_sessions')
    .values({ sid, expires_at: expiresAt })
    .onConflict((oc) => oc.column('sid').doNothing())
    .execute();
}

/** A revocation past its expiry guards nothing: the token or sign-in can no longer be used. */
export async function purgeRevoked(db: Db, now: Date): Promise<number> {
  const tokens = await db.deleteFrom('revoked_tokens').where('expires_at', '<', now).executeTakeFirst();
  const sessions = await db.deleteFrom('revoked_sessions').where('expires_at', '<', now).executeTakeFirst();
  return Number(tokens.numDeletedRows) + Number(sessions.numDeletedRows);
}
