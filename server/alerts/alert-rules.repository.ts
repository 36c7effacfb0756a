import { sql, type InferResult } from 'kysely';
import type { AlertKind } from '@contract/alerts.contract.js';
import type { AlertRule } from '@contract/api/alerts.calls.js';
import type { Db } from '../db/database.js';
import { deleteFranchiseRecord } from '../db/franchise-rows.js';
import { tenthsOf, thresholdOf } from './conditions.js';

export type RuleValues = { kind: AlertKind; restaurant_id: number | null; threshold: number; recipient_ids: number[] };

function selectRules(db: Db, franchiseId: number) {
  return db
    .selectFrom('alert_rules as r')
    .select([
      'r.id',
      'r.kind',
      'r.restaurant_id',
      'r.threshold_tenths',
      // Raw SQL: Kysely's builder has no array constructor over a subquery.
      sql<number[]>`array(select rr.user_id from alert_rule_recipients rr where rr.rule_id = r.id order by rr.user_id)`.as('recipient_ids'),
      'r.version',
      'r.created_at',
    ])
    .where('r.franchise_id', '=', franchiseId);
}

type Row = InferResult<ReturnType<typeof selectRules>>[number];

const toRule = ({ threshold_tenths, created_at, ...row }: Row): AlertRule => ({
  ...row,
  threshold: thresholdOf(threshold_tenths),
  created_at: created_at.toISOString(),
});

/** The franchise's rules, oldest first. */
export async function listRules(db: Db, franchiseId: number): Promise<AlertRule[]> {
  return (await selectRules(db, franchiseId).orderBy('r.id').execute()).map(toRule);
}

export async function findRule(db: Db, franchiseId: number, id: number): Promise<AlertRule | undefined> {
  const row = await selectRules(db, franchiseId).where('r.id', '=', id).executeTakeFirst();
  return row && toRule(row);
}

export async function countRules(db: Db, franchiseId: number): Promise<number> {
  const row = await db
    .selectFrom('alert_rules')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('franchise_id', '=', franchiseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Those of `ids` that are not members of the franchise. */
export async function foreignMembers(db: Db, franchiseId: number, ids: readonly number[]): Promise<number[]> {
  const own = await db.selectFrom('franchise_users').select('id').where('franchise_id', '=', franchiseId).where('id', 'in', ids).execute();
  const members = new Set(own.map((r) => r.id));
  return ids.filter((id) => !members.has(id));
}

async function setRecipients(db: Db, ruleId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('alert_rule_recipients').where('rule_id', '=', ruleId).execute();
  await db
    .insertInto('alert_rule_recipients')
    .values(userIds.map((user_id) => ({ rule_id: ruleId, user_id })))
    .execute();
}

export async function insertRule(db: Db, franchiseId: number, values: RuleValues, now: Date): Promise<number> {
  const { id } = await db
    .insertInto('alert_rules')
    .values({
      franchise_id: franchiseId,
      kind: values.kind,
      restaurant_id: values.restaurant_id,
      threshold_tenths: tenthsOf(values.threshold),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setRecipients(db, id, values.recipient_ids);
  return id;
}

/** Saves the rule if still at `version`, bumping it; false when another save came first. */
export async function updateRule(
  db: Db,
  franchiseId: number,
  id: number,
  version: number,
  values: RuleValues,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('alert_rules')
    .set((eb) => ({
      kind: values.kind,
      restaurant_id: values.restaurant_id,
      threshold_tenths: tenthsOf(values.threshold),
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('franchise_id', '=', franchiseId)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await setRecipients(db, id, values.recipient_ids);
  return true;
}

/** Deletes the rule; its alerts stay (their rule_id becomes null). */
export const deleteRule = (db: Db, franchiseId: number, id: number): Promise<boolean> =>
  deleteFranchiseRecord(db, 'alert_rules', franchiseId, id);
