import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** "Showing 6–10 of 12", with an en dash; "Showing 0 of 0" when nothing matches. */
export function showingText(from: number, to: number, total: number): string {
  return total === 0 ? 'Showing 0 of 0' : `Showing ${from}–${to} of ${total}`;
}

/** The numbers of the first and last entries a page shows: page 2, 20 a page, 7 shown → 21 to 27. */
export function shownRange(page: number, perPage: number, shown: number): { from: number; to: number } {
  const from = (page - 1) * perPage + 1;
  return { from, to: from + shown - 1 };
}

/** "Page 2 of 3". */
export const pageText = (page: number, pageCount: number) => `Page ${page} of ${pageCount}`;

/** The search box over a list; it reports every change of its text. */
export function ListSearch({ label, value, onChange }: { label: string; value: string; onChange: (query: string) => void }) {
  return (
    <TextInput
      type="search"
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      maw={360}
    />
  );
}

export type ListPagerProps = {
  page: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
  /** What the pager navigates: its name tells screen readers which list (e.g. "Users pages"). */
  label: string;
  onPage: (page: number) => void;
  /** Both buttons wait (a file of this list is being made). */
  disabled?: boolean;
};

/** "Showing X–Y of Z", Prev, "Page N of M", Next; Prev is disabled on the first page, Next on the last. */
export function ListPager({ page, pageCount, from, to, total, label, onPage, disabled = false }: ListPagerProps) {
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {showingText(from, to, total)}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" size="xs" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
          Prev
        </Button>
        <Text size="sm">{pageText(page, pageCount)}</Text>
        <Button variant="default" size="xs" disabled={disabled || page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
