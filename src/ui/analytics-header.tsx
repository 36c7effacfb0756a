import './analytics-header.css';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DeferredSelect } from './deferred-select';
import type { Range } from '@contract/analytics.contract';
import type { Comparison } from '@contract/analytics-window';
import { ALL_BRANCHES, COMPARISON_LABELS, RANGE_LABELS } from '@contract/presentation/labels';
import { PageTitle } from './page-title';

/** The time-range choices, in order (docs/product.md), then custom dates. */
export const CUSTOM_DATES = 'Custom dates';
export const RANGE_OPTIONS: readonly { value: Range | 'custom'; label: string }[] = [
  ...Object.entries(RANGE_LABELS).map(([value, label]) => ({ value: value as Range, label })),
  { value: 'custom', label: CUSTOM_DATES },
];
export const rangeLabel = (range: Range) => RANGE_LABELS[range];
const COMPARISON_OPTIONS = Object.entries(COMPARISON_LABELS).map(([value, label]) => ({ value, label }));

const ALL = 'all';

export type AnalyticsHeaderProps = {
  title: string;
  range: Range;
  /** Custom dates in place of the range (a draft's may be half typed), or null. */
  dates: { start: string; end: string } | null;
  /** Why the dates cannot be asked for, under them; null when they can. */
  datesProblem: string | null;
  /** null: All Branches. */
  restaurantId: number | null;
  compare: Comparison;
  /** Offered with All Branches only. */
  likeForLike: boolean;
  branches: readonly { id: number; name: string }[];
  /** Apply shows "Loading..." and is disabled while this is true. */
  loading: boolean;
  /** Apply is disabled, still reading "Apply", while this is true (a file being exported). */
  applyDisabled?: boolean;
  onRange: (range: Range | 'custom') => void;
  onDates: (dates: { start: string; end: string }) => void;
  onBranch: (restaurantId: number | null) => void;
  onCompare: (compare: Comparison) => void;
  onLikeForLike: (likeForLike: boolean) => void;
  onApply: () => void;
  /** Back to the defaults; no Reset button without it. */
  onReset?: () => void;
};

/**
 * The header of every analytics page and the dashboard: the title, the time-range (or custom dates), (searchable)
 * branch and comparison selectors holding the draft, and Apply. It only reports choices; the page's machine decides.
 * The dates are the browser's own date inputs: a phone shows its date wheel, and no date library joins the bundle.
 */
export function AnalyticsHeader({
  title,
  range,
  dates,
  datesProblem,
  restaurantId,
  compare,
  likeForLike,
  branches,
  loading,
  applyDisabled = false,
  onRange,
  onDates,
  onBranch,
  onCompare,
  onLikeForLike,
  onApply,
  onReset,
}: AnalyticsHeaderProps) {
  const branchOptions = [{ value: ALL, label: ALL_BRANCHES }, ...branches.map((b) => ({ value: String(b.id), label: b.name }))];
  return (
    <Stack gap="sm">
      <PageTitle>{title}</PageTitle>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DeferredSelect
          label="Time range"
          data={RANGE_OPTIONS}
          value={dates ? 'custom' : range}
          allowDeselect={false}
          onChange={(value) => value && onRange(value as Range | 'custom')}
          w={{ base: '100%', xs: 180 }}
        />
        {dates && (
          <Group gap="sm" align="flex-start" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
            <TextInput
              type="date"
              label="From"
              value={dates.start}
              max={dates.end || undefined}
              onChange={(event) => onDates({ ...dates, start: event.currentTarget.value })}
              flex={1}
            />
            <TextInput
              type="date"
              label="To"
              value={dates.end}
              min={dates.start || undefined}
              error={datesProblem}
              onChange={(event) => onDates({ ...dates, end: event.currentTarget.value })}
              flex={1}
            />
          </Group>
        )}
        <DeferredSelect
          label="Branch"
          data={branchOptions}
          value={restaurantId === null ? ALL : String(restaurantId)}
          searchable
          nothingFoundMessage="No branch found"
          allowDeselect={false}
          onChange={(value) => value && onBranch(value === ALL ? null : Number(value))}
          w={{ base: '100%', xs: 240 }}
        />
        <DeferredSelect
          label="Compare with"
          data={COMPARISON_OPTIONS}
          value={compare}
          allowDeselect={false}
          onChange={(value) => value && onCompare(value as Comparison)}
          w={{ base: '100%', xs: 200 }}
        />
        {restaurantId === null && (
          // The browser's own checkbox as a switch: Mantine's Switch would tip the dashboard over its JS budget.
          <Group component="label" gap={8} wrap="nowrap" mih={36}>
            <input
              type="checkbox"
              role="switch"
              className="fc-switch"
              checked={likeForLike}
              onChange={(event) => onLikeForLike(event.currentTarget.checked)}
            />
            <Text size="sm">Like for like</Text>
          </Group>
        )}
        <Group gap="sm" wrap="nowrap">
          <Button onClick={onApply} disabled={loading || applyDisabled || datesProblem !== null}>
            {loading ? 'Loading...' : 'Apply'}
          </Button>
          {onReset && (
            <Button variant="default" onClick={onReset} disabled={loading || applyDisabled}>
              Reset
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
