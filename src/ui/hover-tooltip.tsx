import type { TooltipProps } from '@mantine/core';
import { cloneElement, useState, type ReactElement } from 'react';
import { floating, loadFloating } from './floating';

/**
 * Mantine's Tooltip (shown on hover, its default), whose code (floating-ui) is fetched when the
 * pointer first enters the element, not with the page; it shows as the pointer moves on. The name screen readers
 * hear is the element's own (aria-label), never the tooltip.
 */
export function HoverTooltip({ label, position, children }: Pick<TooltipProps, 'label' | 'position'> & { children: ReactElement }) {
  const [ready, setReady] = useState(() => floating() !== undefined);
  const loaded = floating();
  if (ready && loaded) {
    return (
      <loaded.Tooltip label={label} position={position}>
        {children}
      </loaded.Tooltip>
    );
  }
  return cloneElement(children as ReactElement<{ onPointerEnter?: () => void }>, {
    onPointerEnter: () =>
      loadFloating().then(
        () => setReady(true),
        () => undefined,
      ),
  });
}
