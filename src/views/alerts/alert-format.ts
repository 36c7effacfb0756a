import { alertDays } from '@contract/alerts.contract';
import type { Alert } from '@contract/api/alerts.calls';
import { formatCurrency, formatDay, formatNumber, formatPercent, hourLabel } from '@contract/presentation/format';
import { PAGE_TITLES } from '@contract/page-reports.contract';
import { DEFAULT_FILTERS, filtersHref } from '../../machines/support/analytics-filters';
import { pathOf } from '../../shared/routing';

// How an alert reads on the Alerts page: its figures, its day, and the link to the page that shows its branch and day.

/** What the day measured, in the rule's unit, and what it was compared with; a share of a day without revenue has no percentage. */
export function figuresText({ kind, value, baseline, threshold }: Pick<Alert, 'kind' | 'value' | 'baseline' | 'threshold'>): string {
  const revenue = baseline === null ? '' : ` (revenue ${formatCurrency(baseline)})`;
  const share = (what: string) => (value === null ? `${what} with no revenue` : `${what} ${formatPercent(value)} of revenue${revenue}`);
  switch (kind) {
    case 'labour_cost':
      return share('Labour cost');
    case 'procurement':
      return share('Procurement');
    case 'food_cost':
      return share('Food cost');
    case 'revenue_drop':
      return `Revenue down ${formatPercent(value ?? 0)}${baseline === null ? '' : ` against an average of ${formatCurrency(baseline)}`}`;
    case 'attendance':
      return `Attendance ${formatPercent(value ?? 0)}`;
    case 'no_trade':
      return `${formatNumber(value ?? 0)} orders by ${hourLabel(threshold)}`;
    case 'below_target':
      return `Revenue ${formatPercent(value ?? 0)} of target${baseline === null ? '' : ` (target ${formatCurrency(baseline)})`}`;
    case 'discounts':
      return `Discounts ${formatPercent(value ?? 0)} of gross sales${baseline === null ? '' : ` (gross sales ${formatCurrency(baseline)})`}`;
  }
}

/** "16 Nov 2026", the franchise's calendar day. */
export const alertDay = (alert: Pick<Alert, 'day'>) => formatDay(alert.day);

/** The analytics page of the alert's kind, on its branch, over days that show the alert's day (`alertDays`). */
export function alertHref({ page, range, day, restaurant_id }: Pick<Alert, 'page' | 'range' | 'day' | 'restaurant_id'>): string {
  const days = alertDays(day, range);
  const shown = 'range' in days ? { range: days.range } : { dates: { start: days.from, end: days.to } };
  return filtersHref(pathOf(page), { ...DEFAULT_FILTERS, ...shown, restaurantId: restaurant_id });
}

/** "Open Roster & Productivity for Parramatta". */
export const alertLinkText = ({ page, restaurant_name }: Pick<Alert, 'page' | 'restaurant_name'>) =>
  `Open ${PAGE_TITLES[page]} for ${restaurant_name}`;
