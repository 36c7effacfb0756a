import { ActionIcon, Group, Text } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { DataTable } from './data-table';
import { FIGURE_COLOR } from './theme';

/** A person's or restaurant's status cell: Active in the figures' green (AA contrast in both schemes), Inactive dimmed. */
export function StatusText({ active }: { active: boolean }) {
  return (
    <Text size="sm" fw={600} c={active ? FIGURE_COLOR.positive : 'dimmed'}>
      {active ? 'Active' : 'Inactive'}
    </Text>
  );
}

/** A column of a list page's table: its heading and what each row shows under it. */
export type EntityColumn<T> = { header: string; cell: (item: T) => ReactNode };

/** An icon of a row's Actions cell, named by `label`: a link when it has `href`, else a button (`disabled` while busy). */
export type RowAction = { label: string; icon: TablerIcon; href?: string; onClick?: () => void; color?: string; disabled?: boolean };

export type EntityTableProps<T extends { id: number }> = {
  items: readonly T[];
  columns: readonly EntityColumn<T>[];
  /** The row's icons, in the last column ("Actions"). */
  actions: (item: T) => RowAction[];
  iconSize: number;
};

/** One page of a management list (users, restaurants): a row per item, its action icons last. */
export function EntityTable<T extends { id: number }>({ items, columns, actions, iconSize }: EntityTableProps<T>) {
  return (
    <DataTable>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header}>{c.header}</th>
          ))}
          <th>Actions</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            {columns.map((c) => (
              <td key={c.header}>{c.cell(item)}</td>
            ))}
            <td>
              <Group gap={4} wrap="nowrap">
                {actions(item).map(({ label, icon: Icon, href, onClick, color, disabled }) => {
                  const icon = <Icon size={iconSize} aria-hidden />;
                  return href === undefined ? (
                    <ActionIcon key={label} variant="subtle" color={color} aria-label={label} onClick={onClick} disabled={disabled}>
                      {icon}
                    </ActionIcon>
                  ) : (
                    <ActionIcon key={label} component={Link} href={href} variant="subtle" color={color} aria-label={label}>
                      {icon}
                    </ActionIcon>
                  );
                })}
              </Group>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
