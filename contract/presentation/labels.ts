import type { AnalyticsKind, MenuClass, Range } from '../analytics.contract';
import type { Comparison } from '../analytics-window';
import { PAGE_TITLES } from '../page-reports.contract';
import type { UnsubscribeTarget } from '../api/report-subscriptions.calls';
import type { ReportPage } from '../report-subscriptions.contract';

// Words the screen and the server both show: the header's range choices, the page reports' range
// label and the answers' bucket labels. No zod here, so the client may import it.

/** Every branch of the member's, as the branch picker and the reports name it. */
export const ALL_BRANCHES = 'All Branches';
/** A scope of every branch in a list: an owner's access, an API key's or an alert rule's. */
export const EVERY_BRANCH_SCOPE = 'All branches';

/**
 * What a dashboard card, an analytics page and its CSV and PDF say in place of zeros when the window
 * has none of what they are about (docs/product.md#analytics-pages).
 */
export const NO_DATA_TEXT: Record<AnalyticsKind, string> = {
  orders: 'No orders in this window.',
  headcounts: 'No guests in this window.',
  revenues: 'No sales in this window.',
  'best-sellers': 'No menu items sold in this window.',
  roster: 'No shifts rostered in this window.',
  procurement: 'No purchases in this window.',
  loss: 'No sales, voids or refunds in this window.',
  hours: 'No orders in this window.',
  costs: 'No sales, shifts or purchases in this window.',
  'menu-engineering': 'No costed menu items sold in this window.',
};

/** The Kasavana–Smith classes as the Menu Engineering page names them (docs/product.md#menu-engineering). */
export const MENU_CLASS_LABELS: Record<MenuClass, string> = { star: 'Star', plowhorse: 'Plowhorse', puzzle: 'Puzzle', dog: 'Dog' };

/** The time ranges' names (docs/product.md#periods), in the header's order. */
export const RANGE_LABELS: Record<Range, string> = {
  '7days': 'Last 7 Days',
  '14days': 'Last 14 Days',
  '1month': 'Last 1 Month',
  '3months': 'Last 3 Months',
};

/** The comparison choices (docs/product.md#comparisons), in the header's order. */
export const COMPARISON_LABELS: Record<Comparison, string> = { previous: 'Previous period', last_year: 'Same days last year' };

/** What a change is measured against, read after "vs": "previous 7 days", "same 7 days last year". */
export function comparedWith(compare: Comparison, days: number): string {
  const span = `${days} ${days === 1 ? 'day' : 'days'}`;
  return compare === 'last_year' ? `same ${span} last year` : `previous ${span}`;
}

/** Month abbreviations of the answers' labels ("Sep", where Intl's en-AU says "Sept"). */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The reports a member can have mailed (the dashboard and every analytics page), named as the page titles name them. */
export const REPORT_PAGE_TITLES: Record<ReportPage, string> = { dashboard: 'Dashboard', ...PAGE_TITLES };

/** "the weekly Revenue report (Last 7 Days)": the report mail an unsubscribe link stops, in the mail, the API and the page. */
export const reportMailName = ({ page, range, frequency }: UnsubscribeTarget) =>
  `the ${frequency} ${REPORT_PAGE_TITLES[page]} report (${RANGE_LABELS[range]})`;

/** "Stop the weekly Revenue report (Last 7 Days)?" */
export const unsubscribeQuestion = (target: UnsubscribeTarget) => `Stop ${reportMailName(target)}?`;

/** "You will no longer receive the weekly Revenue report (Last 7 Days)." */
export const unsubscribedText = (target: UnsubscribeTarget) => `You will no longer receive ${reportMailName(target)}.`;

export const UNSUBSCRIBE_NOT_FOUND_MESSAGE = 'This unsubscribe link is unknown or was already used';
