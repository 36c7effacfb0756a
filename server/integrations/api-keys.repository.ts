import { createHash, randomBytes } from 'node:crypto';
import type { ApiKey, CreatedApiKey } from '@contract/api/api-keys.calls.js';
import type { ApiKeyAccess } from '@contract/api-keys.contract.js';
import type { Db } from '../db/database.js';
import { recordActivity, type Actor } from '../activity/activity.repository.js';

/** The unique index that keeps a name (in any case) to one live key per franchise: a create it refuses is a 422 on name. */
export const API_KEY_NAME_INDEX = 'api_keys_franchise_name_live_idx';

const PREFIX = 'fck_';
/** `fck_` + 8 hex characters of public id + `_` + 32 random bytes in base64url (43 characters). */
const SECRET_FORMAT = /^fck_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;

/**
 * SHA-256, not argon2: the secret is 256 random bits, so no dictionary or brute force can find it
 * from its hash and a slow hash would add nothing but work on every ingest call. Being fast and
 * deterministic, the hash is also the lookup key (a unique index), so a secret is never compared
 * character by character in our code.
 */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new secret, its prefix shown in lists, and the hash that is all the database keeps. */
export function newSecret(): { secret: string; prefix: string; hash: string } {
  const prefix = `${PREFIX}${randomBytes(4).toString('hex')}`;
  const secret = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix, hash: hashSecret(secret) };
}

/** Anything that cannot be one of our secrets (a console JWT, garbage) is refused without a database read. */
export const looksLikeSecret = (value: string) => SECRET_FORMAT.test(value);

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export async function insertApiKey(
  db: Db,
  values: { franchiseId: number; restaurantId: number | null; name: string; access?: ApiKeyAccess; createdBy: number; now: Date },
): Promise<CreatedApiKey> {
  const { secret, prefix, hash } = newSecret();
  const row = await db
    .insertInto('api_keys')
    .values({
      franchise_id: values.franchiseId,
      restaurant_id: values.restaurantId,
      name: values.name,
      access: values.access ?? 'ingest',
      prefix,
      secret_hash: hash,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .returning(['id', 'name', 'restaurant_id', 'prefix', 'access', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...row, secret, created_at: iso(row.created_at)! };
}

/** The franchise's live keys, newest first, with their branch's name. */
export async function listApiKeys(db: Db, franchiseId: number): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom('api_keys as k')
    .leftJoin('restaurants as r', 'r.id', 'k.restaurant_id')
    .select(['k.id', 'k.name', 'k.restaurant_id', 'r.name as restaurant_name', 'k.prefix', 'k.access', 'k.created_at', 'k.last_used_at'])
    .where('k.franchise_id', '=', franchiseId)
    .where('k.revoked_at', 'is', null)
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at)!, last_used_at: iso(row.last_used_at) }));
}

/** Which of the franchise's live keys a revoke takes: one by id, or every key a member created. */
export type KeysToRevoke = { id: number } | { createdBy: number };

/**
 * Revokes the franchise's live keys `which` names and records each as revoked by `actor`, in the
 * caller's transaction; how many went (none for an unknown, revoked or another franchise's key).
 */
export async function revokeApiKeys(trx: Db, franchiseId: number, which: KeysToRevoke, actor: Actor, now: Date): Promise<number> {
  const live = trx.updateTable('api_keys').set({ revoked_at: now }).where('franchise_id', '=', franchiseId).where('revoked_at', 'is', null);
  const keys = await ('id' in which ? live.where('id', '=', which.id) : live.where('created_by', '=', which.createdBy))
    .returning(['id', 'name', 'restaurant_id'])
    .execute();
  for (const key of keys.sort((a, b) => a.id - b.id)) {
    await recordActivity(trx, {
      franchiseId,
      at: now,
      actor,
      action: 'revoked',
      entity: 'api_key',
      entityId: key.id,
      changes: { name: [key.name, null], restaurant_id: [key.restaurant_id, null] },
    });
  }
  return keys.length;
}

export type LiveApiKey = {
  id: number;
  name: string;
  franchiseId: number;
  restaurantId: number | null;
  access: ApiKeyAccess;
  timeZone: string;
  lastUsedAt: Date | null;
};

/** The live key of a secret's hash, with its franchise's time zone; read from the database on every call, never cached. */
export async function findLiveApiKey(db: Db, secretHash: string): Promise<LiveApiKey | undefined> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('franchises as f', 'f.id', 'k.franchise_id')
    .select(['k.id', 'k.name', 'k.franchise_id', 'k.restaurant_id', 'k.access', 'f.time_zone', 'k.last_used_at'])
    .where('k.secret_hash', '=', secretHash)
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      name: row.name,
      franchiseId: row.franchise_id,
      restaurantId: row.restaurant_id,
      access: row.access,
      timeZone: row.time_zone,
      lastUsedAt: row.last_used_at,
    }
  );
}

/** How stale last_used_at may get: a flood of calls writes the key's row at most once per this. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Records a use unless one was recorded less than a minute ago (by this server or another: the condition is in the update). */
export async function touchApiKey(db: Db, id: number, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}
