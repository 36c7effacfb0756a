import type { ALERT_RULE_NOT_FOUND_MESSAGE, CreateAlertRuleInput, MAX_ALERT_RULES } from '@contract/alerts.contract';
import type { AlertRule } from '@contract/api/alerts.calls';
import type { AlertPreview } from '@contract/api/targets.calls';
import { ALERT_KIND_CHOICES, ALERT_KIND_LABELS, type AlertKind } from '@contract/presentation/alert-kinds';
import type { Member } from '@contract/team.contract';
import { idListOf, idListValue, type FieldValue, type FormRecord, type FormValues } from '../entity-form.machine';
import { formErrorOn } from './form-calls';
import { personIdOf } from './people-fields';
import { hourLabel } from '@contract/presentation/format';

/** The alert rules' sentences, rows, form values and call bodies; the rule screens' ids, options and texts. Rules: docs/alerts.md. */

export const ALERT_RULES_MAX: typeof MAX_ALERT_RULES = 100;
export const RULE_NOT_FOUND: typeof ALERT_RULE_NOT_FOUND_MESSAGE = 'Alert rule not found';

export const KIND_OPTIONS = (Object.keys(ALERT_KIND_CHOICES) as AlertKind[]).map((value) => ({ value, label: ALERT_KIND_CHOICES[value] }));
/** A "no trade by" rule's hours: 1:00 to 23:00 of each branch's own clock (0:00 would fire before any day could trade). */
export const HOUR_OPTIONS = Array.from({ length: 23 }, (_, i) => ({ value: String(i + 1), label: hourLabel(i + 1) }));

/** The id of `/alerts/rules/edit?id=…` (a positive whole number, else null: "Alert rule not found" without a call). */
export const ruleIdOf = personIdOf;

const isKind = (value: unknown): value is AlertKind => typeof value === 'string' && Object.hasOwn(ALERT_KIND_LABELS, value);

/** A threshold as the sentences show it: a percentage with its one decimal when it has one, a "no trade" hour as 09. */
export function thresholdText(kind: AlertKind, threshold: number): string {
  if (kind === 'no_trade') return String(threshold).padStart(2, '0');
  return Number.isInteger(threshold) ? String(threshold) : threshold.toFixed(1);
}

/** "Labour cost at or above 35% of revenue", "No trade recorded by 11:00". */
export const ruleSentence = (kind: AlertKind, threshold: number) => ALERT_KIND_LABELS[kind].replace('{n}', thresholdText(kind, threshold));

/** A rule as its row shows it: its sentence and the names of the members it tells (in the team list's order). */
export type RuleRow = AlertRule & { sentence: string; recipients: string };

export function ruleRows(rules: readonly AlertRule[], members: readonly Pick<Member, 'id' | 'name'>[]): RuleRow[] {
  return rules.map((rule) => ({
    ...rule,
    sentence: ruleSentence(rule.kind, rule.threshold),
    // A member removed since the rule was saved is no longer told: the server drops them from its recipients.
    recipients: members
      .filter((m) => rule.recipient_ids.includes(m.id))
      .map((m) => m.name)
      .join(', '),
  }));
}

/** The fields the rules list searches: the sentence and the recipients' names. */
export const RULE_SEARCH_FIELDS = ['sentence', 'recipients'] as const;

/** The Branch field's choice of every branch (also those added later). */
export const EVERY_BRANCH = 'all';

/** The form's fields: the threshold is the text typed (or the hour chosen). */
export function ruleValues(rule: AlertRule | null): FormValues {
  return {
    kind: rule?.kind ?? 'labour_cost',
    restaurant_id: rule === null || rule.restaurant_id === null ? EVERY_BRANCH : String(rule.restaurant_id),
    threshold: rule === null ? '' : String(rule.threshold),
    recipient_ids: idListValue(rule?.recipient_ids ?? []),
  };
}

const text = (value: FieldValue | undefined) => (value === null || value === undefined ? '' : String(value).trim());

/** What the calls are sent; a threshold that is no number goes as null, which the server refuses with its message on the field. */
export function ruleBody(values: FormValues): CreateAlertRuleInput {
  const threshold = text(values.threshold);
  const branch = text(values.restaurant_id);
  return {
    kind: (isKind(values.kind) ? values.kind : 'labour_cost') as AlertKind,
    restaurant_id: branch === EVERY_BRANCH || branch === '' ? null : Number(branch),
    threshold: threshold === '' || !Number.isFinite(Number(threshold)) ? (null as unknown as number) : Number(threshold),
    recipient_ids: idListOf(values.recipient_ids),
  };
}

/** The rule the preview asks about: null while it has no threshold or no member to tell (the server would refuse it). */
export function previewRuleOf(values: FormValues): CreateAlertRuleInput | null {
  const body = ruleBody(values);
  return body.threshold === null || body.recipient_ids.length === 0 ? null : body;
}

/** The preview lists at most this many alerts, then says how many there are. */
export const PREVIEW_SHOWN = 50;

/** "Would have fired 3 times in the last 90 days", or that it would not have. */
export function previewHeadline({ days, alerts }: Pick<AlertPreview, 'days' | 'alerts'>): string {
  if (alerts.length === 0) return `Would not have fired in the last ${days} days`;
  return `Would have fired ${alerts.length === 1 ? 'once' : `${alerts.length} times`} in the last ${days} days`;
}

/** The preview's alerts per branch, the most first (then by name). */
export function previewCounts(alerts: AlertPreview['alerts'], nameOf: (id: number) => string): { name: string; count: number }[] {
  const counts = new Map<number, number>();
  for (const a of alerts) counts.set(a.restaurant_id, (counts.get(a.restaurant_id) ?? 0) + 1);
  return [...counts].map(([id, count]) => ({ name: nameOf(id), count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** Whether switching kinds changes what the threshold means (a percentage or an hour): the value typed no longer fits. */
export const thresholdUnitChanges = (from: FieldValue | undefined, to: string) => (from === 'no_trade') !== (to === 'no_trade');
export const ruleRecord = (rule: AlertRule): FormRecord => ({ values: ruleValues(rule), version: rule.version });

/** A refused save: the franchise's limit of rules goes on the Kind field, a refused recipient on the Recipients field. */
export const ruleFormError = formErrorOn('kind');

export const RULE_FORM_MESSAGES = {
  create: { reset: 'Alert rule reset.', saved: 'Alert rule added' },
  edit: { reset: 'Alert rule reset.', saved: 'Alert rule updated successfully!' },
} as const;
