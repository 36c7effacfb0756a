import { changesBetween } from '../activity/activity.repository.js';
import { memberWrite } from '../activity/member-write.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import {
  ALERT_FOREIGN_BRANCH_MESSAGE,
  ALERT_FOREIGN_MEMBER_MESSAGE,
  ALERT_RULE_NOT_FOUND_MESSAGE,
  ALERT_RULES_LIMIT_MESSAGE,
  MAX_ALERT_RULES,
} from '@contract/alerts.contract.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { fieldError, staleVersion } from '../http/record-errors.js';
import { isFranchiseRestaurant } from '../restaurants/restaurants.repository.js';
import type { AlertPreview } from '@contract/api/targets.calls.js';
import { previewRule } from './alert-preview.js';
import { countRules, deleteRule, findRule, foreignMembers, insertRule, updateRule, type RuleValues } from './alert-rules.repository.js';

/** Every field a rule's entry in the activity log may name. */
const RULE_FIELDS = ['kind', 'restaurant_id', 'threshold', 'recipient_ids'] as const;

const ruleNotFound = () => new HttpError(404, ALERT_RULE_NOT_FOUND_MESSAGE);
const changes = (before: RuleValues | null, after: RuleValues | null) => changesBetween(before, after, { fields: RULE_FIELDS });

/** The input's branch and members must be the franchise's (422 on the field); recipients are kept once each, in order. */
async function valuesOf(db: Db, franchiseId: number, input: RuleValues): Promise<RuleValues> {
  if (input.restaurant_id !== null && !(await isFranchiseRestaurant(db, franchiseId, input.restaurant_id))) {
    throw fieldError('restaurant_id', ALERT_FOREIGN_BRANCH_MESSAGE);
  }
  const recipients = [...new Set(input.recipient_ids)].sort((a, b) => a - b);
  if ((await foreignMembers(db, franchiseId, recipients)).length > 0) throw fieldError('recipient_ids', ALERT_FOREIGN_MEMBER_MESSAGE);
  return { ...input, recipient_ids: recipients };
}

/** What the rule would have fired over the last `days` closed days, validated as its creation, writing nothing. */
export async function previewAlertRule(db: Db, user: AuthUser, input: RuleValues, days: number, now: Date): Promise<AlertPreview> {
  const franchiseId = user.franchise.id;
  return previewRule(db, franchiseId, await valuesOf(db, franchiseId, input), days, now);
}

/** Alert rules are owners' writes (docs/alerts.md); each returns the rule's id. */
export async function createAlertRule(db: Db, user: AuthUser, input: RuleValues, now: Date): Promise<number> {
  const franchiseId = user.franchise.id;
  const values = await valuesOf(db, franchiseId, input);
  return memberWrite(db, user, { now, owner: true }, async ({ trx, record }) => {
    // Counted under the franchise's lock: a burst of creates cannot pass the limit together.
    if ((await countRules(trx, franchiseId)) >= MAX_ALERT_RULES) throw new HttpError(409, ALERT_RULES_LIMIT_MESSAGE);
    const id = await insertRule(trx, franchiseId, values, now);
    await record({ action: 'created', entity: 'alert_rule', entityId: id, changes: changes(null, values) });
    return id;
  });
}

export async function updateAlertRule(db: Db, user: AuthUser, id: number, version: number, input: RuleValues, now: Date): Promise<number> {
  const franchiseId = user.franchise.id;
  const values = await valuesOf(db, franchiseId, input);
  return memberWrite(db, user, { now, owner: true }, async ({ trx, record }) => {
    const before = await findRule(trx, franchiseId, id);
    if (!before) throw ruleNotFound();
    if (!(await updateRule(trx, franchiseId, id, version, values, now))) throw staleVersion();
    await record({ action: 'updated', entity: 'alert_rule', entityId: id, changes: changes(before, values) });
    return id;
  });
}

export async function deleteAlertRule(db: Db, user: AuthUser, id: number, now: Date): Promise<void> {
  const franchiseId = user.franchise.id;
  await memberWrite(db, user, { now, owner: true }, async ({ trx, record }) => {
    const before = await findRule(trx, franchiseId, id);
    if (!before || !(await deleteRule(trx, franchiseId, id))) throw ruleNotFound();
    await record({ action: 'deleted', entity: 'alert_rule', entityId: id, changes: changes(before, null) });
  });
}
