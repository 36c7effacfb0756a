import { changesBetween, memberActor, recordActivity, recordUpdate } from '../activity/activity.repository.js';
import type { RouteDeps } from '../app-deps.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import {
  ALERT_FOREIGN_BRANCH_MESSAGE,
  ALERT_FOREIGN_MEMBER_MESSAGE,
  ALERT_RULE_NOT_FOUND_MESSAGE,
  ALERT_RULES_LIMIT_MESSAGE,
  MAX_ALERT_RULES,
} from '@contract/alerts.contract.js';
import { ALERT_RULE_CALLS } from '@contract/api/alerts.calls.js';
import { callRoutes } from '../http/call-routes.js';
import { HttpError } from '../http/errors.js';
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
  const { db, clock } = deps;
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

  return callRoutes(deps, ALERT_RULE_CALLS, {
    'GET /franchise/alert-rules': async ({ c }) => ({
      data: await listRules(db, c.get('auth').user.franchise.id),
      message: 'Alert rules retrieved',
    }),
    'POST /franchise/alert-rules': async ({ c, body }) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const values = await valuesOf(franchiseId, body);
      const id = await ruleChange(franchiseId, user.id, async (trx) => {
        // Counted under the franchise's lock: a burst of creates cannot pass the limit together.
        if ((await countRules(trx, franchiseId)) >= MAX_ALERT_RULES) throw new HttpError(409, ALERT_RULES_LIMIT_MESSAGE);
        const id = await insertRule(trx, franchiseId, values, new Date(clock()));
        await logChange(trx, user, 'created', id, null, values);
        return id;
      });
      wake();
      return { data: (await findRule(db, franchiseId, id))!, message: 'Alert rule created' };
    },
    'PUT /franchise/alert-rules/{id}': async ({ c, body: { version, ...input }, params: { id } }) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const values = await valuesOf(franchiseId, input);
      await ruleChange(franchiseId, user.id, async (trx) => {
        const before = await findRule(trx, franchiseId, id);
        if (!before) throw ruleNotFound();
        if (!(await updateRule(trx, franchiseId, id, version, values, new Date(clock())))) throw staleVersion();
        await logChange(trx, user, 'updated', id, before, values);
      });
      wake();
      return { data: (await findRule(db, franchiseId, id))!, message: 'Alert rule updated' };
    },
    'DELETE /franchise/alert-rules/{id}': async ({ c, params: { id } }) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      await ruleChange(franchiseId, user.id, async (trx) => {
        const before = await findRule(trx, franchiseId, id);
        if (!before || !(await deleteRule(trx, franchiseId, id))) throw ruleNotFound();
        await logChange(trx, user, 'deleted', id, before, null);
      });
      return { data: null, message: 'Alert rule deleted' };
    },
  });
}
