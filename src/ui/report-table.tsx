import './report-table.css';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { CellUnit, ReportRow, ReportTable as Table } from '@contract/page-reports.contract';
import { rowCellText } from '@contract/presentation/report-display';
import { DataTable } from './data-table';
import { ScrollX } from './scroll-x';

/** About the width a column needs before the table scrolls sideways inside its card: names wrap, figures do not. */
const columnWidth = (unit: CellUnit) => (unit === 'text' ? 170 : 110);

/** The column a branch's row links from: its name, else the first text column. */
const linkColumn = (table: Table) => {
  const named = table.columns.findIndex((c) => c.key === 'name');
  return named >= 0 ? named : table.columns.findIndex((c) => c.unit === 'text');
};

/**
 * A page report's table as the server built it: the cells formatted by their column's unit, the Total row
 * last and bold, the empty text when there are no rows. `branchHref` links a row that is about a branch.
 */
export function ReportTable({ table, branchHref }: { table: Table; branchHref?: (restaurantId: number) => string }) {
  if (table.rows.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        {table.empty_text}
      </Text>
    );
  }
  const linkAt = linkColumn(table);
  const cells = (row: ReportRow, header: boolean) =>
    table.columns.map((column, index) => {
      const text = rowCellText(table.columns, row, index);
      const numeric = column.unit !== 'text' || undefined;
      const content =
        branchHref && row.restaurant_id !== undefined && index === linkAt ? (
          <Anchor component={Link} href={branchHref(row.restaurant_id)} size="sm" aria-label={`Dashboard of ${text}`}>
            {text}
          </Anchor>
        ) : (
          text
        );
      return header && index === 0 ? (
        <th key={column.key} scope="row" data-numeric={numeric}>
          {content}
        </th>
      ) : (
        <td key={column.key} data-numeric={numeric}>
          {content}
        </td>
      );
    });
  return (
    <ScrollX minWidth={table.columns.reduce((sum, c) => sum + columnWidth(c.unit), 0)} label={`${table.title}, scrollable`}>
      <div className="fc-report-table">
        <DataTable striped>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column.key} scope="col" data-numeric={column.unit !== 'text' || undefined}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => (
              <tr key={index}>{cells(row, false)}</tr>
            ))}
          </tbody>
          {table.total && <tfoot>{<tr>{cells(table.total, true)}</tr>}</tfoot>}
        </DataTable>
      </div>
    </ScrollX>
  );
}
