// The model of the alertRulePreviewMachine (the alert rule form's preview): the events the tests may send and how
// graph vertices are told apart. Shared by the model-based test and the QA document generator (scripts/machine-docs.ts).
// The form holds one of two complete rules or an incomplete one; the look-back switches between 90 and 30 days; the
// preview answers with alerts, with none, or fails; the typing settles (the debounce's timer).
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { CreateAlertRuleInput } from '@contract/alerts.contract';
import type { AlertPreview } from '@contract/api/targets.calls';
import { alertRulePreviewMachine, type AlertRulePreviewEvent } from '../../../src/machines/alert-rule-preview.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof alertRulePreviewMachine>;
export const SETTLED = 'xstate.after.debounce.alertRulePreview.complete.settling';
export type ModelEvent =
  | AlertRulePreviewEvent
  | { type: 'xstate.done.actor.fetchPreview'; output: AlertPreview }
  | { type: 'xstate.error.actor.fetchPreview'; error: unknown }
  | { type: typeof SETTLED };

export const LABOUR: CreateAlertRuleInput = { kind: 'labour_cost', restaurant_id: null, threshold: 35, recipient_ids: [1] };
export const BELOW_TARGET: CreateAlertRuleInput = { kind: 'below_target', restaurant_id: 7, threshold: 80, recipient_ids: [1] };
export const FIRED: AlertPreview = {
  days: 90,
  alerts: [
    { day: '2026-11-21', restaurant_id: 7, value: 41.2, summary: 'Labour cost was 41.2% of revenue' },
    { day: '2026-11-20', restaurant_id: 9, value: 38, summary: 'Labour cost was 38.0% of revenue' },
  ],
};
export const QUIET: AlertPreview = { days: 90, alerts: [] };

export const EVENTS: ModelEvent[] = [
  { type: 'preview.change', rule: LABOUR },
  { type: 'preview.change', rule: BELOW_TARGET },
  { type: 'preview.change', rule: null },
  { type: 'preview.days', days: 30 },
  { type: 'preview.days', days: 90 },
  { type: 'preview.retry' },
  { type: SETTLED },
  { type: 'xstate.done.actor.fetchPreview', output: FIRED },
  { type: 'xstate.done.actor.fetchPreview', output: QUIET },
  { type: 'xstate.error.actor.fetchPreview', error: new ApiError('Network error: the server could not be reached', 0) },
];

function allowed(s: Snapshot, event: ModelEvent): boolean {
  const settles = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (settles) return (s.children as Record<string, unknown>)[settles] !== undefined;
  if (event.type === SETTLED) return s.matches({ complete: 'settling' });
  // The form sends a change only when the rule differs, and the look-back only another choice.
  if (event.type === 'preview.change') return JSON.stringify(event.rule) !== JSON.stringify(s.context.rule);
  if (event.type === 'preview.days') return event.days !== s.context.days;
  return s.can(event as AlertRulePreviewEvent);
}

export const model = new TestModel(alertRulePreviewMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as AlertRulePreviewEvent[],
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([
      s.value,
      s.context.rule?.kind ?? null,
      s.context.days,
      s.context.preview?.alerts.length ?? null,
      s.context.error !== null,
      eventKey(event),
      previous ? JSON.stringify(previous.value) : null,
    ]),
});

export const paths = selectPaths(alertRulePreviewMachine, model.getShortestPaths(), eventKey);
