import { SECRET_CHANGED, type ActivityChanges, type ActivityItem } from '@contract/activity.contract.js';
import { localIso } from '../analytics/calendar.js';
import { neutraliseFormula } from '../analytics/exports/report-csv.js';

/** A member by name and id (a removed member's name is erased); an API key by its name, with no id. */
export const ACTIVITY_CSV_COLUMNS = ['When', 'Member', 'Member ID', 'Action', 'Entity', 'Entity ID', 'Changes'] as const;

const valueText = (value: unknown) =>
  value === null || value === undefined ? '(none)' : typeof value === 'string' ? value : JSON.stringify(value);

/** "field: before → after; …"; a secret reads "password: changed". */
export function changesText(changes: ActivityChanges): string {
  return Object.entries(changes)
    .map(([field, [before, after]]) =>
      before === null && after === SECRET_CHANGED ? `${field}: ${SECRET_CHANGED}` : `${field}: ${valueText(before)} → ${valueText(after)}`,
    )
    .join('; ');
}

/** One CSV record per entry, its time on the franchise's clock; text a spreadsheet would run as a formula is neutralised. */
export const activityCsvRecords = (items: readonly ActivityItem[], timeZone: string): string[][] =>
  items.map((item) =>
    [
      localIso(timeZone, new Date(item.at)),
      item.user.name,
      item.user.id === null ? '' : String(item.user.id),
      item.action,
      item.entity,
      item.entity_id ?? '',
      changesText(item.changes),
    ].map(neutraliseFormula),
  );
