import { Hono } from 'hono';
import { changesBetween, memberActor, recordActivity, recordUpdate } from '../activity/activity.repository.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { ownersOnly } from '../auth/access.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import {
  ALERT_FOREIGN_BRANCH_MESSAGE,
  ALERT_FOREIGN_MEMBER_MESSAGE,
  ALERT_RULE_NOT_FOUND_MESSAGE,
  ALERT_RULES_LIMIT_MESSAGE,
  createAlertRuleInput,
  MAX_ALERT_RULES,
  updateAlertRuleInput,
} from '@contract/alerts.contract.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { recordParam } from '../http/record-param.js';
import { fieldError, staleVersion } from '../http/record-errors.js';
import { isFranchiseRestaurant } from '../restaurants/restaurants.repository.js';
import { isFranchiseOwner, lockFranchise } from '../team/team.repository.js';
import {
  countRules,
  deleteRule,
  findRule,
  foreignMembers,
  insertRule,
  listRules,
  updateRule,
  type RuleValues,
} from './alert-rules.repository.js';

/** Every field a rule's entry in the activity log may name. */
const RULE_FIELDS = ['kind', 'restaurant_id', 'threshold', 'recipient_ids'] as const;

const ruleNotFound = () => new HttpError(404, ALERT_RULE_NOT_FOUND_MESSAGE);

/** Alert rules: owners only; to a manager these calls do not exist. Creating or changing a rule wakes the alert round. */
export function alertRulesRoutes(deps: RouteDeps) {
  const { db, clock, authenticated } = deps;
  const wake = () => deps.wakeAlerts?.();

  /** The input's branch and members must be the franchise's (422 on the field); recipients are kept once each, in order. */
  async function valuesOf(franchiseId: number, input: RuleValues): Promise<RuleValues> {
    if (input.restaurant_id !== null && !(await isFranchiseRestaurant(db, franchiseId, input.restaurant_id))) {
      throw fieldError('restaurant_id', ALERT_FOREIGN_BRANCH_MESSAGE);
    }
    const recipients = [...new Set(input.recipient_ids)].sort((a, b) => a - b);
    if ((await foreignMembers(db, franchiseId, recipients)).length > 0) throw fieldError('recipient_ids', ALERT_FOREIGN_MEMBER_MESSAGE);
    return { ...input, recipient_ids: recipients };
  }

  /** A rule change with the franchise's row locked (as team changes), by a member who is still an owner. */
  function ruleChange<T>(franchiseId: number, userId: number, work: (trx: typeof db) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await lockFranchise(trx, franchiseId);
      if (!(await isFranchiseOwner(trx, franchiseId, userId))) throw new HttpError(404, 'Not found');
      return work(trx);
    });
  }

  /** The change's entry in the activity log, in its transaction; none when nothing changed. */
  async function logChange(
    trx: typeof db,
    user: AuthUser,
    action: 'created' | 'updated' | 'deleted',
    id: number,
    before: RuleValues | null,
    after: RuleValues | null,
  ) {
    const entry = {
      franchiseId: user.franchise.id,
      at: new Date(clock()),
      actor: memberActor(user),
      entity: 'alert_rule' as const,
      entityId: id,
      changes: changesBetween(before, after, { fields: RULE_FIELDS }),
    };
    await (action === 'updated' ? recordUpdate(trx, entry) : recordActivity(trx, { ...entry, action }));
  }

  return new Hono<AppEnv>()
    .get('/', authenticated, ownersOnly, async (c) =>
      success(c, await listRules(db, c.get('auth').user.franchise.id), 'Alert rules retrieved'),
    )
    .post('/', authenticated, ownersOnly, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const values = await valuesOf(franchiseId, await readJson(c, createAlertRuleInput));
      const id = await ruleChange(franchiseId, user.id, async (trx) => {
        // Counted under the franchise's lock: a burst of creates cannot pass the limit together.
        if ((await countRules(trx, franchiseId)) >= MAX_ALERT_RULES) throw new HttpError(409, ALERT_RULES_LIMIT_MESSAGE);
        const id = await insertRule(trx, franchiseId, values, new Date(clock()));
        await logChange(trx, user, 'created', id, null, values);
        return id;
      });
      wake();
      return success(c, await findRule(db, franchiseId, id), 'Alert rule created', 201);
    })
    .put('/:id', authenticated, ownersOnly, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const id = recordParam(c, ruleNotFound);
      const { version, ...input } = await readJson(c, updateAlertRuleInput);
      const values = await valuesOf(franchiseId, input);
      await ruleChange(franchiseId, user.id, async (trx) => {
        const before = await findRule(trx, franchiseId, id);
        if (!before) throw ruleNotFound();
        if (!(await updateRule(trx, franchiseId, id, version, values, new Date(clock())))) throw staleVersion();
        await logChange(trx, user, 'updated', id, before, values);
      });
      wake();
      return success(c, await findRule(db, franchiseId, id), 'Alert rule updated');
    })
    .delete('/:id', authenticated, ownersOnly, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const id = recordParam(c, ruleNotFound);
      await ruleChange(franchiseId, user.id, async (trx) => {
        const before = await findRule(trx, franchiseId, id);
        if (!before || !(await deleteRule(trx, franchiseId, id))) throw ruleNotFound();
        await logChange(trx, user, 'deleted', id, before, null);
      });
      return success(c, null, 'Alert rule deleted');
    });
}
