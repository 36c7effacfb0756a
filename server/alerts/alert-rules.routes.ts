import type { RouteDeps } from '../app-deps.js';
import { ALERT_RULE_CALLS } from '@contract/api/alerts.calls.js';
import { ALERT_PREVIEW_CALLS } from '@contract/api/targets.calls.js';
import { callRoutes } from '../http/call-routes.js';
import { findRule, listRules } from './alert-rules.repository.js';
import { createAlertRule, deleteAlertRule, previewAlertRule, updateAlertRule } from './alert-rules.service.js';

/** Alert rules: owners only; to a manager these calls do not exist. Creating or changing a rule wakes the alert round. */
export function alertRulesRoutes(deps: RouteDeps) {
  const { db, clock } = deps;
  const wake = () => deps.wakeAlerts?.();
  const now = () => new Date(clock());

  return callRoutes(
    deps,
    { ...ALERT_RULE_CALLS, ...ALERT_PREVIEW_CALLS },
    {
      'GET /franchise/alert-rules': async ({ c }) => ({
        data: await listRules(db, c.get('auth').user.franchise.id),
        message: 'Alert rules retrieved',
      }),
      'POST /franchise/alert-rules': async ({ c, body }) => {
        const { user } = c.get('auth');
        const id = await createAlertRule(db, user, body, now());
        wake();
        return { data: (await findRule(db, user.franchise.id, id))!, message: 'Alert rule created' };
      },
      'POST /franchise/alert-rules/preview': async ({ c, body, query }) => ({
        data: await previewAlertRule(db, c.get('auth').user, body, query.days, now()),
        message: 'Alert rule previewed',
      }),
      'PUT /franchise/alert-rules/{id}': async ({ c, body: { version, ...input }, params }) => {
        const { user } = c.get('auth');
        const id = await updateAlertRule(db, user, params.id, version, input, now());
        wake();
        return { data: (await findRule(db, user.franchise.id, id))!, message: 'Alert rule updated' };
      },
      'DELETE /franchise/alert-rules/{id}': async ({ c, params }) => {
        await deleteAlertRule(db, c.get('auth').user, params.id, now());
        return { data: null, message: 'Alert rule deleted' };
      },
    },
  );
}
