import { Button } from '@mantine/core';
import type { Range } from '@contract/analytics.contract';

/** The range button row of the analytics pages (docs/product.md#analytics-pages), in order. */
export const RANGE_BUTTONS: readonly { value: Range; label: string }[] = [
  { value: '7days', label: '7 days' },
  { value: '14days', label: '14 days' },
  { value: '1month', label: '1 month' },
  { value: '3months', label: '3 months' },
];

/** One button per range; the selected one (none for custom dates) is pressed, and a click on any (the selected one too) picks it. */
export function RangeButtons({ value, disabled, onPick }: { value: Range | null; disabled: boolean; onPick: (range: Range) => void }) {
  return (
    <Button.Group aria-label="Range">
      {RANGE_BUTTONS.map((option) => (
        <Button
          key={option.value}
          size="xs"
          variant={option.value === value ? 'filled' : 'default'}
          aria-pressed={option.value === value}
          disabled={disabled}
          // While disabled (a report loading) the pressed range still shows, dimmed, instead of Mantine's uniform grey.
          style={
            disabled && option.value === value
              ? { backgroundColor: 'var(--mantine-primary-color-filled)', color: 'var(--mantine-color-white)', opacity: 0.6 }
              : undefined
          }
          onClick={() => onPick(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Button.Group>
  );
}
