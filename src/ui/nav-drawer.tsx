import {
  getDefaultZIndex,
  Group,
  ModalBase,
  ModalBaseBody,
  ModalBaseCloseButton,
  ModalBaseContent,
  ModalBaseOverlay,
  ModalBaseTitle,
} from '@mantine/core';
import type { ReactNode } from 'react';

const TRANSITION = { transition: 'slide-right', duration: 200 } as const;
const INNER = { style: { display: 'flex', justifyContent: 'flex-start', alignItems: 'flex-start' } };
// Mantine's Drawer of size xs on the left.
const CONTENT = { flex: '0 0 calc(20rem * var(--mantine-scale))', height: '100%', maxWidth: '100%', overflowY: 'auto' } as const;

/**
 * The phone navigation drawer, below `sm`: Mantine's Drawer (left, xs) built from the same ModalBase parts, so a
 * dialog sliding in from the left with the focus trapped and returned, the page's scroll locked, closed by Escape, a
 * click outside or the close button. Not Drawer itself: it imports ScrollArea, and with it floating-ui (about 18 kB
 * brotli), for a scroll area it does not draw by default; the shell would load them on every console page.
 */
export function NavDrawer({
  opened,
  onClose,
  title,
  closeLabel,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <ModalBase
      opened={opened}
      onClose={onClose}
      closeOnClickOutside
      closeOnEscape
      trapFocus
      returnFocus
      lockScroll
      withinPortal
      zIndex={getDefaultZIndex('modal')}
      transitionProps={TRANSITION}
      hiddenFrom="sm"
    >
      <ModalBaseOverlay />
      <ModalBaseContent radius={0} innerProps={INNER} style={CONTENT}>
        {/* ModalBaseHeader's look in a div, not its <header>: the page already has its banner (the top bar). */}
        <Group justify="space-between" wrap="nowrap" p="md" pe="sm" mih={60} pos="sticky" top={0} bg="var(--mantine-color-body)">
          <ModalBaseTitle>{title}</ModalBaseTitle>
          <ModalBaseCloseButton aria-label={closeLabel} />
        </Group>
        <ModalBaseBody>{children}</ModalBaseBody>
      </ModalBaseContent>
    </ModalBase>
  );
}
