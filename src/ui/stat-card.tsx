import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { Link } from 'wouter';
import { changeTone } from '@contract/presentation/figure-direction';
import { changeVersus } from '@contract/presentation/format';
import { FIGURE_COLOR } from './theme';

export type StatCardProps = {
  label: string;
  /** The figure, already formatted. */
  value: string;
  /** The raw figures the change is computed from: this window and the one of equal length before it. */
  current: number;
  previous: number;
  /** What the previous window is, as read after "vs": "previous 7 days". */
  comparedWith: string;
  /** A "More" button to this route. */
  moreHref?: string;
  /** A rise is bad news (red): a cost. Pass `lowerIsBetter(figure)` (contract/presentation/figure-direction.ts), never a literal. */
  lowerIsBetter?: boolean;
  /** A line under the figure about what it leaves out ("Discounts $12.00 · Refunds $3.50"). */
  detail?: string;
};

/** A figure with its change against the previous window: good news green, bad news red (a cost's rise), or "no previous data". */
export function StatCard({ label, value, current, previous, comparedWith, moreHref, lowerIsBetter = false, detail }: StatCardProps) {
  const { text, direction } = changeVersus(current, previous, comparedWith);
  const Arrow = direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : null;
  const tone = changeTone(direction, lowerIsBetter);
  const color = tone === 'flat' ? 'dimmed' : tone === 'good' ? FIGURE_COLOR.positive : FIGURE_COLOR.negative;
  return (
    <Paper withBorder p="sm" radius="md" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        {/* The label wraps; the button keeps its width. */}
        <Text size="sm" c="dimmed" fw={500} flex={1} miw={0}>
          {label}
        </Text>
        {moreHref && (
          <Button component={Link} href={moreHref} variant="subtle" size="compact-xs" flex="none" aria-label={`More: ${label}`}>
            More
          </Button>
        )}
      </Group>
      <Text fz="xl" fw={700} mt={4}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
      <Group gap={4} wrap="nowrap" c={color} mt={2} data-change={tone}>
        {Arrow && <Arrow size={16} stroke={2} aria-hidden />}
        <Text size="xs" fw={500} c={color}>
          {text}
        </Text>
      </Group>
    </Paper>
  );
}
