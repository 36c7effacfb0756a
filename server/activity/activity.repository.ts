import { sql, type Selectable } from 'kysely';
import { DAY_MS } from '@contract/calendar-day.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_RETENTION_DAYS,
  SECRET_CHANGED,
  type ActivityAction,
  type ActivityChanges,
  type ActivityEntity,
  type ActivityItem,
  type ActivityMember,
  type ActivityPage,
} from '@contract/activity.contract.js';
import { CONTACT_FIELDS } from '@contract/people.contract.js';
import type { ActivityLogTable, Db } from '../db/database.js';

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

/** Records an 'updated' entry, as `recordActivity` does; a save that changes nothing leaves none. */
export async function recordUpdate(
  trx: Db,
  entry: Omit<ActivityEntry, 'action' | 'changes'> & { changes: ActivityChanges },
): Promise<void> {
  if (Object.keys(entry.changes).length > 0) await recordActivity(trx, { ...entry, action: 'updated' });
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

/** What the log is read by: the franchise (and its time zone, which the days are in) and the query's filters. */
export type ActivityFilter = {
  franchiseId: number;
  timeZone: string;
  userId?: number | undefined;
  entity?: ActivityEntity | undefined;
  /** First and last day, inclusive, YYYY-MM-DD in the franchise's time zone. */
  from?: string | undefined;
  to?: string | undefined;
};

/** The instant a day of the zone starts (PostgreSQL's zone rules, so a daylight-saving day is 23 or 25 hours). Raw SQL: the builder has no `at time zone`. */
const dayStartIn = (day: string, timeZone: string, plusDays = 0) =>
  sql<Date>`(${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone}`;

function filtered(db: Db, filter: ActivityFilter) {
  let query = db.selectFrom('activity_log').where('franchise_id', '=', filter.franchiseId);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.entity !== undefined) query = query.where('entity', '=', filter.entity);
  if (filter.from !== undefined) query = query.where('at', '>=', dayStartIn(filter.from, filter.timeZone));
  if (filter.to !== undefined) query = query.where('at', '<', dayStartIn(filter.to, filter.timeZone, 1));
  return query;
}

const ITEM_COLUMNS = ['id', 'at', 'user_id', 'user_name', 'action', 'entity', 'entity_id', 'changes'] as const;
type ItemRow = Pick<Selectable<ActivityLogTable>, (typeof ITEM_COLUMNS)[number]>;

const toItem = (row: ItemRow): ActivityItem => ({
  at: row.at.toISOString(),
  user: { id: row.user_id, name: row.user_name },
  action: row.action as ActivityAction,
  entity: row.entity as ActivityEntity,
  entity_id: row.entity_id,
  changes: row.changes,
});

/** One page of the entries the filter matches, newest first, with how many match in all (a page past the end is empty). */
export async function activityPage(db: Db, filter: ActivityFilter, page: number): Promise<ActivityPage> {
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .select(ITEM_COLUMNS)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE)
    .execute();
  return { items: rows.map(toItem), page, total: Number(total) };
}

/** Rows an export reads per statement: the embedded database answers other requests between them. */
const EXPORT_CHUNK = 5000;

/**
 * Every entry the filter matches, newest first, at most `limit`, in chunks read by (at, id): no
 * statement holds the database long, and the caller may work on one chunk before the next is read.
 */
export async function* activityChunks(db: Db, filter: ActivityFilter, limit: number): AsyncGenerator<ActivityItem[]> {
  let left = limit;
  let last: ItemRow | undefined;
  while (left > 0) {
    let query = filtered(db, filter);
    if (last) {
      const { at, id } = last;
      query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(at, id)));
    }
    const size = Math.min(EXPORT_CHUNK, left);
    const rows = await query.select(ITEM_COLUMNS).orderBy('at', 'desc').orderBy('id', 'desc').limit(size).execute();
    if (rows.length > 0) yield rows.map(toItem);
    if (rows.length < size) return;
    left -= rows.length;
    last = rows.at(-1);
  }
}

/** The members the franchise's log names (not API keys), each with the name of their latest entry, by name. */
export async function activityMembers(db: Db, franchiseId: number): Promise<ActivityMember[]> {
  const rows = await db
    .selectFrom('activity_log')
    .distinctOn('user_id')
    .select(['user_id', 'user_name'])
    .where('franchise_id', '=', franchiseId)
    .where('user_id', 'is not', null)
    .orderBy('user_id')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.user_id!, name: row.user_name })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Entries one purge statement deletes at most: the embedded database answers other requests between them. */
const PURGE_CHUNK = 10_000;

/** Deletes entries older than the retention period, in chunks; returns how many went. */
export async function purgeActivity(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ACTIVITY_RETENTION_DAYS * DAY_MS);
  let purged = 0;
  for (;;) {
    const result = await db
      .deleteFrom('activity_log')
      .where('id', 'in', (eb) => eb.selectFrom('activity_log').select('id').where('at', '<', cutoff).limit(PURGE_CHUNK))
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    purged += deleted;
    if (deleted < PURGE_CHUNK) return purged;
  }
}

/** What an erased value reads as in the log. */
export const ERASED = 'erased';

/**
 * Erases `fields` from every earlier entry about one record (both sides of each change), for a
 * record whose values must not outlive it, such as a deleted person's contact details.
 */
export async function eraseFromActivity(
  trx: Db,
  record: { franchiseId: number; entity: ActivityEntity; entityId: string | number },
  fields: readonly string[],
): Promise<void> {
  const erased = JSON.stringify([ERASED, ERASED]);
  // Raw SQL: Kysely's builder has no jsonb_each / jsonb_object_agg.
  await sql`update activity_log set changes = (
      select jsonb_object_agg(key, case when key = any(${fields}::text[]) then ${erased}::jsonb else value end) from jsonb_each(changes))
    where franchise_id = ${record.franchiseId} and entity = ${record.entity} and entity_id = ${String(record.entityId)}
      and jsonb_exists_any(changes, ${fields}::text[])`.execute(trx);
}

/** What a removed member's entries name them as: their name is erased, their id stays. */
export const removedMemberName = (memberId: number) => `Removed member #${memberId}`;

/**
 * Erases a removed member's details from the franchise's log: the entries they made name them by
 * id only, and their details (name, e-mail and the profile's contact fields) read "erased" in the
 * entries about them as a member and about their profile.
 */
export async function eraseMemberFromActivity(trx: Db, franchiseId: number, memberId: number): Promise<void> {
  await trx
    .updateTable('activity_log')
    .set({ user_name: removedMemberName(memberId) })
    .where('franchise_id', '=', franchiseId)
    .where('user_id', '=', memberId)
    .execute();
  for (const entity of ['member', 'profile'] as const) {
    await eraseFromActivity(trx, { franchiseId, entity, entityId: memberId }, CONTACT_FIELDS);
  }
}
