import { Button, Group, Stack } from '@mantine/core';
import { DeferredSelect } from './deferred-select';
import type { Range } from '@contract/analytics.contract';
import { RANGE_LABELS } from '@contract/presentation/labels';
import { PageTitle } from './page-title';
import { ALL_BRANCHES } from '@contract/presentation/labels';

/** The time-range choices, in order (docs/product.md). */
export const RANGE_OPTIONS: readonly { value: Range; label: string }[] = Object.entries(RANGE_LABELS).map(([value, label]) => ({
  value: value as Range,
  label,
}));
export const rangeLabel = (range: Range) => RANGE_LABELS[range];

const ALL = 'all';

export type AnalyticsHeaderProps = {
  title: string;
  range: Range;
  /** null: All Branches. */
  restaurantId: number | null;
  branches: readonly { id: number; name: string }[];
  /** Apply shows "Loading..." and is disabled while this is true. */
  loading: boolean;
  /** Apply is disabled, still reading "Apply", while this is true (a file being exported). */
  applyDisabled?: boolean;
  onRange: (range: Range) => void;
  onBranch: (restaurantId: number | null) => void;
  onApply: () => void;
  /** Back to the defaults; no Reset button without it. */
  onReset?: () => void;
};

/**
 * The header of every analytics page and the dashboard: the title, the time-range and (searchable) branch
 * selectors holding the draft, and Apply. It only reports choices; the page's machine decides.
 */
export function AnalyticsHeader({
  title,
  range,
  restaurantId,
  branches,
  loading,
  applyDisabled = false,
  onRange,
  onBranch,
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
          value={range}
          allowDeselect={false}
          onChange={(value) => value && onRange(value as Range)}
          w={{ base: '100%', xs: 180 }}
        />
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
        <Group gap="sm" wrap="nowrap">
          <Button onClick={onApply} disabled={loading || applyDisabled}>
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
