import type { ACTIVITY_PAGE_SIZE, ActivityAction, ActivityEntity } from '@contract/activity.contract';
import type { ActivityFilters } from '../../services/activity.service';
import { pathOf } from '../../shared/routing';
import { pageCount } from './server-paging';
import { isDayFrom2000 } from '@contract/calendar-day';
import { recordIdOf } from '@contract/record-id';

// The Activity page's filters and page as its URL holds them (`?user_id=…&entity=…&from=…&to=…&page=…`), and the labels
// its controls and table show.

// The contract's lists and page size, restated so the browser does not load its zod schemas: each Record names every
// value once and the size is typed by the contract's own, so tsc fails when the contract changes.
export const ENTITY_LABELS: Record<ActivityEntity, string> = {
  person: 'User',
  restaurant: 'Restaurant',
  profile: 'Profile',
  member: 'Team member',
  api_key: 'API key',
  import: 'Data import',
  ingest: 'Ingest API',
  alert_rule: 'Alert rule',
  targets: 'Targets',
  menu: 'Menu costs',
};
export const ACTION_LABELS: Record<ActivityAction, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  invited: 'Invited',
  invitation_resent: 'Invitation resent',
  revoked: 'Revoked',
  imported: 'Imported',
  ingested: 'Ingested',
  removed: 'Removed',
};
export const ACTIVITY_PAGE_ENTRIES: typeof ACTIVITY_PAGE_SIZE = 50;

export const NO_FILTERS: ActivityFilters = { userId: null, entity: null, from: null, to: null };
export const DATES_OUT_OF_ORDER = 'The last day must not be before the first';

/** The filters and page the URL holds; anything the log cannot take is left out. */
export type ActivityView = { filters: ActivityFilters; page: number };

/** A calendar day written YYYY-MM-DD from 2000 on (what the server takes), else null. */
export const dayOf = (value: string | null): string | null => (value !== null && isDayFrom2000(value) ? value : null);

const positiveInt = (value: string | null): number | null => recordIdOf(value) ?? null;
const entityOf = (value: string | null): ActivityEntity | null =>
  value !== null && Object.hasOwn(ENTITY_LABELS, value) ? (value as ActivityEntity) : null;

export function activityViewFromSearch(search: string): ActivityView {
  const query = new URLSearchParams(search);
  return {
    filters: {
      userId: positiveInt(query.get('user_id')),
      entity: entityOf(query.get('entity')),
      from: dayOf(query.get('from')),
      to: dayOf(query.get('to')),
    },
    page: positiveInt(query.get('page')) ?? 1,
  };
}

/** The page's address for those filters and page: the query names only what is set, page 1 left out. */
export function activityHref({ filters, page }: ActivityView): string {
  const { userId, entity, from, to } = filters;
  return pathOf('activity', { user_id: userId, entity, from, to, page: page > 1 ? page : null });
}

export const sameFilters = (a: ActivityFilters, b: ActivityFilters) =>
  a.userId === b.userId && a.entity === b.entity && a.from === b.from && a.to === b.to;

export const pageCountOf = (total: number) => pageCount(total, ACTIVITY_PAGE_ENTRIES);

/** A filter as the page's controls report it: the field and its text ('' for none). */
export type FilterChange = { field: keyof ActivityFilters; value: string };

export function withChange(filters: ActivityFilters, { field, value }: FilterChange): ActivityFilters {
  switch (field) {
    case 'userId':
      return { ...filters, userId: positiveInt(value) };
    case 'entity':
      return { ...filters, entity: entityOf(value) };
    default:
      return { ...filters, [field]: dayOf(value) };
  }
}
