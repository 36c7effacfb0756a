import type { Db } from '../db/database.js';

export async function countRecentResets(db: Db, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertReset(
  db: Db,
  values: { user_id: number; token_hash: string; expires_at: Date; created_at: Date },
): Promise<void> {
  await db.insertInto('password_reset_tokens').values(values).execute();
}

/** Whether the token is unused and unexpired now; `consumeReset` decides for good. */
export async function findUsableReset(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the token used if it is unused and unexpired, and every other open token of the same
 * user with it; returns the user, or undefined when the token is not usable. One statement, so
 * two racing resets cannot both use one token.
 */
export async function consumeReset(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return undefined;
  await voidOpenResets(db, row.user_id, now);
  return row.user_id;
}

/** Marks every open link of the user used (a new invitation replaces the one mailed before). */
export async function voidOpenResets(db: Db, userId: number, now: Date): Promise<void> {
  await db.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/**
 * Used and expired tokens can never be used again. Those created within `keepMs` stay: they still
 * count towards the mails-per-account throttle.
 */
export async function purgeResets(db: Db, now: Date, keepMs: number): Promise<number> {
  const result = await db
    .deleteFrom('password_reset_tokens')
    .where('created_at', '<', new Date(now.getTime() - keepMs))
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An unused, unexpired link's member and franchise, and whether the member has a password yet (none: an invitation). */
export async function findLinkHolder(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('franchise_users as u', 'u.id', 't.user_id')
    .innerJoin('franchises as f', 'f.id', 'u.franchise_id')
    .select((eb) => ['u.id', 'u.email', 'u.role', 'u.franchise_id', 'f.name as franchise', eb('u.password_hash', 'is', null).as('invited')])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
}

/** The names of a manager's branches, in order. */
export async function branchNamesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('franchise_user_restaurants as fr')
    .innerJoin('restaurants as r', 'r.id', 'fr.restaurant_id')
    .select('r.name')
    .where('fr.user_id', '=', userId)
    .orderBy('r.name')
    .execute();
  return rows.map((r) => r.name);
}

/**
 * The member who last invited `memberId` (the invitation or its latest resend in the activity log), by their name
 * now; undefined once they are no longer a member (their name is erased from the log with them).
 */
export async function findInviter(db: Db, franchiseId: number, memberId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('activity_log as a')
    .innerJoin('franchise_users as u', 'u.id', 'a.user_id')
    .select('u.name')
    .where('a.franchise_id', '=', franchiseId)
    .where('u.franchise_id', '=', franchiseId)
    .where('a.entity', '=', 'member')
    .where('a.entity_id', '=', String(memberId))
    .where('a.action', 'in', ['invited', 'invitation_resent'])
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.name;
}
