import type { ActivityChanges, ActivityItem, SECRET_CHANGED as SECRET } from '@contract/activity.contract';
import { MEMBER_ROLE_LABELS } from '@contract/choices';
import { ALERT_KIND_CHOICES } from '@contract/presentation/alert-kinds';
import { ENTITY_LABELS } from '../../machines/support/activity-filters';

// How the log's entries read on the Activity page (its instant: formatInstant in contract/presentation/format.ts): who, which record, and each
// changed field as "field: before → after".

/** Who made the change: a member by name, or an API key ("Till sync (API key)"). */
export const actorText = ({ user }: ActivityItem) => (user.id === null ? `${user.name} (API key)` : user.name);

/** Which record: "Restaurant #7", or the kind alone when the entry names none (an import). */
export const entityText = ({ entity, entity_id }: ActivityItem) => `${ENTITY_LABELS[entity]}${entity_id === null ? '' : ` #${entity_id}`}`;

/** Fields that hold restaurant ids, and how a line names them. */
const RESTAURANT_FIELDS: Record<string, string> = { restaurant_ids: 'branches', restaurant_id: 'restaurant' };

/** What a secret's change reads as in the log: never a value (typed by the contract's, which loads zod). */
const SECRET_CHANGED: typeof SECRET = 'changed';

/** Coded values by field, named as the forms name them: a restaurant's status, an alert rule's kind, a member's role. */
const VALUE_LABELS: Record<string, Readonly<Record<string, string>>> = {
  status: { 1: 'Active', 0: 'Inactive' },
  kind: ALERT_KIND_CHOICES,
  role: MEMBER_ROLE_LABELS,
};

function valueText(value: unknown, restaurantNames: ReadonlyMap<number, string> | null, labels?: Readonly<Record<string, string>>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => valueText(v, restaurantNames, labels)).join(', ');
  const label = labels && (typeof value === 'string' || typeof value === 'number') ? labels[String(value)] : undefined;
  if (label !== undefined) return label;
  if (restaurantNames && typeof value === 'number') return restaurantNames.get(value) ?? `#${value}`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Each changed field as a line, "name: Nora → Nora Lee"; a secret as "password: changed"; restaurant ids by their
 * names (`names`: the stored restaurant list, every branch for an owner); coded values by their labels ("status: Active").
 */
export function changeLines(changes: ActivityChanges, names: ReadonlyMap<number, string>): string[] {
  return Object.entries(changes).map(([field, [before, after]]) => {
    const restaurants = Object.hasOwn(RESTAURANT_FIELDS, field);
    const label = restaurants ? RESTAURANT_FIELDS[field] : field.replaceAll('_', ' ');
    if (before === null && after === SECRET_CHANGED) return `${label}: ${SECRET_CHANGED}`;
    const ids = restaurants ? names : null;
    const labels = Object.hasOwn(VALUE_LABELS, field) ? VALUE_LABELS[field] : undefined;
    return `${label}: ${valueText(before, ids, labels)} → ${valueText(after, ids, labels)}`;
  });
}
