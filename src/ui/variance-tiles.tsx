import { Paper, Text } from '@mantine/core';
import type { TargetsAnswer } from '@contract/api/targets.calls';
import { formatCurrency, formatSignedCurrency, formatSignedPercent } from '@contract/presentation/format';
import { varianceTone } from '@contract/presentation/target-charts';
import { FIGURE_COLOR } from './theme';

// Revenue against target as the dashboard's card and the Targets page both show it (docs/product.md#targets-and-variance).

/** A variance's colour: below target red, above green. */
export const varianceColor = (variance: number) => {
  const tone = varianceTone(variance);
  return tone === 'flat' ? 'dimmed' : tone === 'good' ? FIGURE_COLOR.positive : FIGURE_COLOR.negative;
};

/** A variance % signed, or a dash when the target is 0. */
export const variancePctText = (pct: number | null) => (pct === null ? '–' : formatSignedPercent(pct));

function FigureTile({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={`variance-${label.toLowerCase()}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}

/** The three tiles: revenue, target and the variance in dollars and %. */
export function VarianceTiles({ totals }: { totals: TargetsAnswer['totals'] }) {
  return (
    <>
      <FigureTile label="Revenue" value={formatCurrency(totals.revenue)} />
      <FigureTile label="Target" value={formatCurrency(totals.target)} />
      <FigureTile
        label="Variance"
        value={`${formatSignedCurrency(totals.variance)} (${variancePctText(totals.variance_pct)})`}
        color={varianceColor(totals.variance)}
      />
    </>
  );
}
