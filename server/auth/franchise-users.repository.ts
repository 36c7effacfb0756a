import { sql, type InferResult } from 'kysely';
import type { FranchiseUser } from '@contract/auth.contract.js';
import type { Db } from '../db/database.js';
import { columnsOf, table } from '../db/typed-sql.js';

/**
 * A signed-in member as every request sees it, read from the database on each request (or the
 * embedded read cache, emptied by any write): a team change applies at the member's next request.
 * `restaurant_ids` is null for an owner (every branch) and a manager's branches otherwise.
 */
export type AuthUser = FranchiseUser & { password_hash: string | null; token_version: number; restaurant_ids: number[] | null };

/**
 * The branches a member reaches (a manager's, in order; none for an owner), as a column of a query
 * over `franchise_users` aliased `userAlias`. Raw SQL: Kysely's builder has no array constructor over
 * a subquery; the table and columns are named through typed-sql.ts.
 */
export function branchIdsOf(userAlias: string) {
  const fr = columnsOf('franchise_user_restaurants', 'fr');
  return sql<
    number[]
  >`array(select ${fr('restaurant_id')} from ${table('franchise_user_restaurants')} as fr where ${fr('user_id')} = ${sql.ref(`${userAlias}.id`)} order by ${fr('restaurant_id')})`;
}

function selectUsers(db: Db) {
  return db
    .selectFrom('franchise_users as u')
    .innerJoin('franchises as f', 'f.id', 'u.franchise_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.picture',
      'u.phone',
      'u.state',
      'u.city',
      'u.street_address',
      'u.suburb',
      'u.post_code',
      'u.password_hash',
      'u.token_version',
      'u.role',
      branchIdsOf('u').as('branch_ids'),
      'f.id as franchise_id',
      'f.name as franchise_name',
      'f.time_zone as franchise_time_zone',
    ]);
}

type Row = InferResult<ReturnType<typeof selectUsers>>[number];

function toAuthUser({ franchise_id, franchise_name, franchise_time_zone, branch_ids, ...user }: Row): AuthUser {
  return {
    ...user,
    restaurant_ids: user.role === 'owner' ? null : branch_ids,
    franchise: { id: franchise_id, name: franchise_name, time_zone: franchise_time_zone },
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<AuthUser | undefined> {
  const row = await selectUsers(db).where('u.email', '=', email.toLowerCase()).executeTakeFirst();
  return row && toAuthUser(row);
}

export async function findUserById(db: Db, id: number): Promise<AuthUser | undefined> {
  const row = await selectUsers(db).where('u.id', '=', id).executeTakeFirst();
  return row && toAuthUser(row);
}

export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('franchise_users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export type TokenHolder = { user: AuthUser; tokenRevoked: boolean; sessionRevoked: boolean };

/** A token's user and whether the token or its sign-in is revoked, in one round trip: every authenticated request asks. */
export async function findTokenHolder(db: Db, claims: { userId: number; jti: string; sid: string }): Promise<TokenHolder | undefined> {
  const row = await selectUsers(db)
    .select((eb) => [
      eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', claims.jti)).as('token_revoked'),
      eb.exists(eb.selectFrom('revoked_sessions').select('sid').where('sid', '=', claims.sid)).as('session_revoked'),
    ])
    .where('u.id', '=', claims.userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_revoked, session_revoked, ...user } = row;
  return { user: toAuthUser(user), tokenRevoked: Boolean(token_revoked), sessionRevoked: Boolean(session_revoked) };
}

/** The public shape: never the hash or the token version. */
export function toFranchiseUser({
  password_hash: _hash,
  token_version: _version,
  restaurant_ids: _branches,
  ...user
}: AuthUser): FranchiseUser {
  return user;
}

/** Sets a new password and bumps token_version, so every token issued before is refused. */
export async function setPassword(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable('franchise_users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', userId)
    .execute();
}
