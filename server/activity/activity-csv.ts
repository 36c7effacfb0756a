import { SECRET_CHANGED, type ActivityChanges, type ActivityItem } from '../contract/activity.contract.js';
import { neutraliseFormula } from '../analytics/exports/report-csv.js';

export const ACTIVITY_CSV_COLUMNS = ['When', 'Member', 'Action', 'Entity', 'Entity ID', 'Changes'] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
const two = (n: number) => String(n).padStart(2, '0');

/** The instant on the zone's wall clock as ISO 8601 with its offset, e.g. 2026-11-21T00:30:00+11:00. */
export function localIso(timeZone: string, at: Date): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((part) => [part.type, Number(part.value)])) as Record<string, number>;
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  const offset = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${p.year}-${two(p.month!)}-${two(p.day!)}T${two(p.hour!)}:${two(p.minute!)}:${two(p.second!)}${zone}`;
}

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
    [localIso(timeZone, new Date(item.at)), item.user.name, item.action, item.entity, item.entity_id ?? '', changesText(item.changes)].map(
      neutraliseFormula,
    ),
  );
