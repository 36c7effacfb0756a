import { datesProblem, type AnalyticsFilters, type FilterEvent } from '../../machines/support/analytics-filters';
import type { AnalyticsHeaderProps } from '../../ui/analytics-header';

type DraftProps = Pick<AnalyticsHeaderProps, 'range' | 'dates' | 'datesProblem' | 'restaurantId' | 'compare' | 'likeForLike'>;
type Handlers = Pick<AnalyticsHeaderProps, 'onRange' | 'onDates' | 'onBranch' | 'onCompare' | 'onLikeForLike'>;

/** What the analytics header shows of a screen's draft filters. */
export const draftHeaderProps = (draft: AnalyticsFilters): DraftProps => ({
  range: draft.range,
  dates: draft.dates,
  datesProblem: draft.dates && datesProblem(draft.dates),
  restaurantId: draft.restaurantId,
  compare: draft.compare,
  likeForLike: draft.likeForLike,
});

/** The analytics header's choices as the screen machine's events, `${prefix}.range` and so on. */
export function filterHandlers<P extends string>(prefix: P, send: (event: FilterEvent<P>) => void): Handlers {
  return {
    onRange: (range) => send({ type: `${prefix}.range`, range }),
    onDates: (dates) => send({ type: `${prefix}.dates`, dates }),
    onBranch: (restaurantId) => send({ type: `${prefix}.branch`, restaurantId }),
    onCompare: (compare) => send({ type: `${prefix}.compare`, compare }),
    onLikeForLike: (likeForLike) => send({ type: `${prefix}.likeForLike`, likeForLike }),
  };
}
