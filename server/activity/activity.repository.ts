import type { AuthUser } from '../auth/franchise-users.repository.js';
import { SECRET_CHANGED, type ActivityAction, type ActivityChanges, type ActivityEntity } from '../contract/activity.contract.js';
import type { Db } from '../db/database.js';

/** Who made a change: a member, or an API key (no member id; its name says which key). */
export type Actor = { userId: number | null; name: string };

export const memberActor = (user: Pick<AuthUser, 'id' | 'name'>): Actor => ({ userId: user.id, name: user.name });
export const apiKeyActor = (key: { name: string }): Actor => ({ userId: null, name: `API key “${key.name}”` });

export type ActivityEntry = {
  franchiseId: number;
  at: Date;
  actor: Actor;
  action: ActivityAction;
  entity: ActivityEntity;
  entityId: string | number | null;
  changes?: ActivityChanges;
};

/**
 * Records a change; call it with the transaction that makes the change, so the entry and the
 * change are kept or lost together.
 */
export async function recordActivity(trx: Db, entry: ActivityEntry): Promise<void> {
  await trx
    .insertInto('activity_log')
    .values({
      franchise_id: entry.franchiseId,
      at: entry.at,
      user_id: entry.actor.userId,
      user_name: entry.actor.name,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      changes: JSON.stringify(entry.changes ?? {}) as unknown as ActivityChanges,
    })
    .execute();
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between two states of a record, as field → [before, after] (null before
 * a creation, after a deletion). Secret fields appear as "changed" when given, never with values.
 */
export function changesBetween<T extends Record<string, unknown>>(
  before: T | null,
  after: T | null,
  options: { fields: readonly (keyof T & string)[]; secrets?: readonly string[] },
): ActivityChanges {
  const changes: ActivityChanges = {};
  for (const field of options.fields) {
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (!same(was, is)) changes[field] = [was, is];
  }
  for (const secret of options.secrets ?? []) changes[secret] = [null, SECRET_CHANGED];
  return changes;
}
