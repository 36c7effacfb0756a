import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways where its card is narrower than `minWidth`; focusable and named, so a keyboard can
 * scroll it. Not Table.ScrollContainer: it imports Mantine's ScrollArea (4.5 kB brotli) even to scroll natively.
 */
export function ScrollX({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  return (
    <Box tabIndex={0} role="group" aria-label={label} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
