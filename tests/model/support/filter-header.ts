import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { COMPARISON_LABELS, RANGE_LABELS } from '@contract/presentation/labels';
import type { Comparison } from '@contract/analytics-window';
import {
  DEFAULT_FILTERS,
  sameFilters,
  type AnalyticsFilters,
  type CustomDates,
  type RangeChoice,
} from '../../../src/machines/support/analytics-filters';
import { choose } from './choose';

// The analytics header as a member works it, shared by the dashboard's and the analytics page's model tests.

/** October, typed as custom dates, and the same days typed the wrong way round. */
export const OCTOBER: CustomDates = { start: '2026-10-01', end: '2026-10-31' };
export const REVERSED: CustomDates = { start: '2026-10-31', end: '2026-10-01' };
/** A shared link to October against October last year, like for like. */
export const OCTOBER_VS_LAST_YEAR = '?from=2026-10-01&to=2026-10-31&compare=last_year&like_for_like=true';

const rangeChoiceLabel = (range: RangeChoice) => (range === 'custom' ? 'Custom dates' : RANGE_LABELS[range]);

/** Types custom dates into the header's date inputs (the browser's own: one change event each). */
function typeDates(dates: CustomDates) {
  fireEvent.change(screen.getByLabelText('From'), { target: { value: dates.start } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: dates.end } });
}

/** A header event of any screen's machine, by what follows its prefix (`dashboard.range`, `page.range`: range). */
type HeaderEvent = { type: string } & Partial<{
  range: RangeChoice;
  dates: CustomDates;
  restaurantId: number | null;
  compare: Comparison;
  likeForLike: boolean;
}>;
const kindOf = (prefix: string, event: { type: string }) =>
  event.type.startsWith(`${prefix}.`) ? event.type.slice(prefix.length + 1) : null;

/** Carries out a header event as a member would; false when `event` is not one. */
export async function performFilterEvent(
  user: UserEvent,
  prefix: string,
  event: HeaderEvent,
  branchLabel: (id: number | null) => string,
): Promise<boolean> {
  const kind = kindOf(prefix, event);
  if (kind === 'range') await choose(user, 'Time range', rangeChoiceLabel(event.range!));
  else if (kind === 'dates') typeDates(event.dates!);
  else if (kind === 'branch') await choose(user, 'Branch', branchLabel(event.restaurantId!));
  else if (kind === 'compare') await choose(user, 'Compare with', COMPARISON_LABELS[event.compare!]);
  else if (kind === 'likeForLike') await user.click(screen.getByRole('switch', { name: /Like for like/ }));
  else return false;
  return true;
}

/** The header shows the draft: its range or custom dates, branch, comparison, and like for like (All Branches only). */
export function expectDraftShown(draft: AnalyticsFilters, branchLabel: (id: number | null) => string) {
  expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveValue(draft.dates ? 'Custom dates' : RANGE_LABELS[draft.range]);
  if (draft.dates) {
    expect(screen.getByLabelText('From')).toHaveValue(draft.dates.start);
    expect(screen.getByLabelText('To')).toHaveValue(draft.dates.end);
  } else expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue(branchLabel(draft.restaurantId));
  expect(screen.getByRole('combobox', { name: 'Compare with' })).toHaveValue(COMPARISON_LABELS[draft.compare]);
  const likeForLike = screen.queryByRole('switch', { name: /Like for like/ });
  if (draft.restaurantId === null) expect(likeForLike).toHaveProperty('checked', draft.likeForLike);
  else expect(likeForLike).not.toBeInTheDocument();
}

/**
 * Whether the model offers this header event from the screen's filters (null: the screen's model decides, as for a
 * range or a branch). A member can send it only where its control is: the date inputs with custom dates, the
 * like-for-like switch with All Branches; a control already showing a value sends nothing when given it again. To keep
 * the graph small, custom dates, a comparison and like for like are each chosen from a draft that is what is applied,
 * once the screen is settled (`settled`) or while it loads the defaults, and then applied or left: every transition is
 * still taken.
 */
export function headerOffers(
  prefix: string,
  { draft, applied }: { draft: AnalyticsFilters; applied: AnalyticsFilters },
  event: HeaderEvent,
  settled: boolean,
): boolean | null {
  const kind = kindOf(prefix, event);
  // While loading, only from the defaults: enough to take each choice's transition in those states too.
  const fresh = sameFilters(draft, applied) && (settled || sameFilters(applied, DEFAULT_FILTERS));
  if (kind === 'range' && event.range === 'custom') return fresh && draft.dates === null;
  if (kind === 'dates')
    return (
      draft.dates !== null && JSON.stringify(draft.dates) !== JSON.stringify(event.dates) && (fresh || draft.dates.start !== OCTOBER.start)
    );
  if (kind === 'compare') return fresh && draft.compare !== event.compare;
  if (kind === 'likeForLike') return fresh && draft.restaurantId === null && draft.likeForLike !== event.likeForLike;
  return null;
}
