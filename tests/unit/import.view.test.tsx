import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvBlob, errorsCsv } from '../../src/shared/import-csv';
import { IMPORT_SPECS, templateRows, type PreparedFile, type RowError } from '../../src/shared/import-spec';
import { rowsPerSecond, timeLeftText } from '../../src/views/import/progress.view';
import { renderImport } from '../model/support/import-view';

const HEADERS = IMPORT_SPECS.purchases.fields.map((f) => f.name);
const FILE = new File(['external_id\n'], 'deliveries.csv', { type: 'text/csv' });
const preview = Array.from({ length: 10 }, (_, i) => ({
  row: i + 2,
  cells: [`INV-${i}`, '7', 'Fresh Farms', '2026-11-24', 'meat', '1', '100'],
}));
const problems: RowError[] = Array.from({ length: 1000 }, (_, i) => ({
  row: i + 2,
  column: 'day',
  message: 'day must be a date (YYYY-MM-DD) from 2000 on',
}));
const MANY_PROBLEMS: PreparedFile = {
  rows: 1300,
  records: 100,
  rejected: 1200,
  errorCount: 1200,
  errors: problems,
  errorFile: csvBlob(errorsCsv(problems)),
  batches: [{ body: '{"purchases":[]}', records: 100, rows: 100, firstRow: 1202, sources: '[]' }],
  skus: [],
};

describe('Data Import view', () => {
  it('a file dropped on the box is read like a chosen one; the box shows the drag', async () => {
    const { reader } = renderImport();
    const box = screen.getByText('Drop a CSV file here, or').closest('.fc-import-drop')!;
    fireEvent.dragOver(box, { dataTransfer: { files: [FILE] } });
    expect(box).toHaveAttribute('data-over', 'true');
    fireEvent.drop(box, { dataTransfer: { files: [FILE] } });
    expect(reader.inputs).toEqual([{ file: FILE, kind: 'orders' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Reading deliveries.csv (1 KB)...');
  });

  it("each kind's template: our columns and its example rows, with the owner's restaurants", async () => {
    const user = userEvent.setup();
    const { downloads } = renderImport();
    await user.click(screen.getByRole('radio', { name: 'Purchases' }));
    await user.click(screen.getByRole('button', { name: 'Download purchases template' }));
    expect(downloads[0]!.filename).toBe('purchases-template.csv');
    const owners = { restaurantIds: [7, 9], skus: [] };
    expect(parse(await downloads[0]!.blob.text(), { bom: true })).toEqual(templateRows('purchases', owners));
    expect(templateRows('purchases', owners).slice(1)).toEqual([
      ['INV-7001', '7', 'Fresh Farms', '2026-11-24', 'vegetables', '40', '12500'],
      ['INV-7002', '9', 'Harbour Dairy', '2026-11-24', 'dairy', '12', '8640'],
    ]);
  });

  it('a file with 1,200 problems: the first 1,000 on screen, ten a page, all of them in the download', async () => {
    const user = userEvent.setup();
    const { reader, checker, downloads } = renderImport();
    await user.click(screen.getByRole('radio', { name: 'Purchases' }));
    await user.upload(screen.getByLabelText('Choose a CSV file'), FILE);
    await act(async () => reader.resolve({ name: FILE.name, headers: HEADERS, preview, saved: null }));
    await act(async () => checker.resolve(MANY_PROBLEMS));
    expect(screen.getByText('1,300 rows read: 100 purchases are ready to import.', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('The first 1,000 of 1,200 are listed here; the download has every one.')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Problem pages' });
    expect(pages).toHaveTextContent('Showing 1–10 of 1000');
    expect(pages).toHaveTextContent('Page 1 of 100');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    const table = screen.getByRole('group', { name: 'Problems found, scrollable' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('12day');
    // The file's first rows: ten, under the file's headers.
    const first = screen.getByRole('group', { name: 'First rows of deliveries.csv, scrollable' });
    expect(
      within(first)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', ...HEADERS]);
    expect(within(first).getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Download all 1,200 (CSV)' }));
    expect(downloads[0]!.filename).toBe('deliveries-problems.csv');
    expect(screen.getByRole('button', { name: 'Import 100 purchases' })).toBeEnabled();
  });

  it('the progress line: rows a second since this run started, and the time left', () => {
    const run = { startedAt: 10_000, rowsAtStart: 2_000, updatedAt: 14_000 };
    expect(rowsPerSecond({ run, rowsDone: 22_000 })).toBe(5_000);
    expect(rowsPerSecond({ run: { ...run, updatedAt: 10_000 }, rowsDone: 2_000 })).toBe(0);
    expect(timeLeftText(40_000, 5_000)).toBe('about 8 s left');
    expect(timeLeftText(900_000, 5_000)).toBe('about 3 min left');
  });
});
