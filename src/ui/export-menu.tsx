import { Box, Button, Paper, Stack } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ExportFormat } from '@contract/page-reports.contract';

const OPTIONS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'pdf', label: 'PDF' },
];

/**
 * The export dropdown (docs/product.md#export: CSV and PDF): a disclosure button and its list, not Mantine's Menu, whose
 * floating-ui would be bundled with the page. While a file is made the button shows its progress and the
 * choices are disabled; Escape, a click outside or the focus leaving closes the list.
 */
export function ExportMenu({ busy, disabled, onExport }: { busy: boolean; disabled: boolean; onExport: (format: ExportFormat) => void }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    button.current?.focus();
  };

  return (
    <Box
      ref={root}
      pos="relative"
      onKeyDown={close}
      // Tabbing out of the list closes it too (a click outside is the pointer handler's: Safari focuses no button it clicks).
      onBlur={(event) => event.relatedTarget && !root.current?.contains(event.relatedTarget as Node) && setOpen(false)}
    >
      <Button
        ref={button}
        variant="default"
        size="xs"
        leftSection={<IconDownload size={16} aria-hidden />}
        rightSection={<IconChevronDown size={14} aria-hidden />}
        aria-expanded={open}
        aria-controls={listId}
        loading={busy}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        Export
      </Button>
      {open && !busy && !disabled && (
        <Paper id={listId} withBorder shadow="md" p={4} pos="absolute" right={0} top="calc(100% + 4px)" style={{ zIndex: 10 }} miw={140}>
          <Stack gap={2} role="group" aria-label="Export format">
            {OPTIONS.map(({ format, label }, index) => (
              <Button
                key={format}
                ref={index === 0 ? first : undefined}
                variant="subtle"
                size="xs"
                justify="flex-start"
                aria-label={`Export as ${label}`}
                onClick={() => {
                  setOpen(false);
                  onExport(format);
                }}
              >
                {label}
              </Button>
            ))}
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
