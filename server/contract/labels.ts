import type { Range } from './analytics.contract';

// Words the screen and the server both show: the header's range choices, the page reports' range
// label and the answers' bucket labels. No zod here, so the client may import it.

/** The time ranges' names (spec §2), in the header's order. */
export const RANGE_LABELS: Record<Range, string> = {
  '7days': 'Last 7 Days',
  '14days': 'Last 14 Days',
  '1month': 'Last 1 Month',
  '3months': 'Last 3 Months',
};

/** Month abbreviations of the answers' labels ("Sep", where Intl's en-AU says "Sept"). */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
