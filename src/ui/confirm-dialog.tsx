import {
  Button,
  CloseButton,
  getDefaultZIndex,
  Group,
  ModalBase,
  ModalBaseBody,
  ModalBaseContent,
  ModalBaseOverlay,
  ModalBaseTitle,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Why the dialog was closed without an answer; the machine adds `timer` itself. */
export type DialogDismissal = 'cancel' | 'backdrop' | 'close' | 'esc';

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** A No button between Cancel and the confirm button; none when null. */
  denyLabel?: string | null;
  onConfirm: () => void;
  onDeny?: () => void;
  onDismiss: (reason: DialogDismissal) => void;
};

// Mantine's centred Modal of size md, from its ModalBase parts.
const INNER = { style: { display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '5dvh 5vw' } };
const CONTENT = { flex: '0 0 calc(27.5rem * var(--mantine-scale))', maxWidth: '100%', maxHeight: '90dvh', overflowY: 'auto' } as const;

/**
 * A confirm dialog (docs/product.md#dialogs: title, text, warning icon, Cancel and Yes), controlled by its `opened` prop:
 * the focus is trapped, starts on Cancel and returns when it closes; each way of closing reports its
 * reason. Built from ModalBase parts like nav-drawer.tsx, as Mantine's Modal imports ScrollArea and with
 * it floating-ui for a scroll area a short question never needs.
 */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  cancelLabel,
  denyLabel = null,
  onConfirm,
  onDeny,
  onDismiss,
}: ConfirmDialogProps) {
  return (
    <ModalBase
      opened={opened}
      // ModalBase calls onClose for Escape only: the backdrop and the close button report their own reasons.
      onClose={() => onDismiss('esc')}
      closeOnEscape
      closeOnClickOutside={false}
      trapFocus
      returnFocus
      lockScroll
      withinPortal
      zIndex={getDefaultZIndex('modal')}
    >
      <ModalBaseOverlay data-testid="dialog-backdrop" onClick={() => onDismiss('backdrop')} />
      <ModalBaseContent innerProps={INNER} style={CONTENT}>
        <Group justify="space-between" wrap="nowrap" p="md" pe="sm" pb={0}>
          <ModalBaseTitle fw={600} fz="lg">
            {title}
          </ModalBaseTitle>
          <CloseButton aria-label="Close dialog" onClick={() => onDismiss('close')} />
        </Group>
        {/* The body is the dialog's description (aria-describedby): the text, not the buttons. */}
        <ModalBaseBody pt="md">
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon color="yellow" variant="light" size="xl" radius="xl" aria-hidden data-icon="warning">
              <IconAlertTriangle size={26} />
            </ThemeIcon>
            <Text pt={8}>{text}</Text>
          </Group>
        </ModalBaseBody>
        <Group justify="flex-end" gap="sm" p="md" pt={0}>
          <Button variant="default" data-autofocus onClick={() => onDismiss('cancel')}>
            {cancelLabel}
          </Button>
          {denyLabel !== null && (
            <Button color="red" variant="light" onClick={onDeny}>
              {denyLabel}
            </Button>
          )}
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </Group>
      </ModalBaseContent>
    </ModalBase>
  );
}
