import Papa from 'papaparse';
import type { IngestKind } from '@contract/ingest.contract';
import { PREVIEW_ROWS, type ColumnMapping, type FileInfo, type FileRow, type PreparedFile, type RowError } from '../shared/import-spec';
import { prepareRows } from './import-records';

export type CsvRead = { headers: string[]; rows: FileRow[]; problems: RowError[] };

const LINE_BREAKS = /\r\n|\n|\r/g;
const blank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * A CSV text as its header and data rows, each with its line in the file (the header's is 1 when the file starts
 * with it; a quoted cell with line breaks counts its lines). The delimiter is detected (comma, semicolon, tab...),
 * blank lines are skipped, a byte order mark is ignored. A row the reader could not close (unbalanced quotes) is a
 * problem, not a row. `limit` reads only the first lines (the preview).
 */
export function readCsv(text: string, limit?: number): CsvRead {
  const { data, errors } = Papa.parse<string[]>(text, { skipEmptyLines: false, ...(limit ? { preview: limit } : {}) });
  const broken = new Map<number, string>();
  for (const e of errors) if (e.type === 'Quotes' && e.row !== undefined) broken.set(e.row, e.message);
  let line = 1;
  let headers: string[] | null = null;
  const rows: FileRow[] = [];
  const problems: RowError[] = [];
  data.forEach((cells, index) => {
    const row = line;
    for (const cell of cells) if (cell.includes('\n') || cell.includes('\r')) line += cell.match(LINE_BREAKS)!.length;
    line += 1;
    const problem = broken.get(index);
    if (problem !== undefined) problems.push({ row, column: '', message: `The row could not be read: ${problem}` });
    else if (blank(cells)) return;
    else if (headers === null) headers = cells.map((h, i) => h.trim() || `column ${i + 1}`);
    else rows.push({ row, cells });
  });
  return { headers: headers ?? [], rows, problems };
}

export const FILE_EMPTY = 'The file is empty: it needs a header row of column names.';

/** What the parsing worker offers the page (through comlink): each call reads the file anew, so the worker keeps nothing. */
export const csvImportApi = {
  /** The header and first rows, for the mapping and the preview. */
  async inspect(file: File): Promise<FileInfo> {
    // Enough lines for the preview when a few are blank.
    const { headers, rows } = readCsv(await file.text(), PREVIEW_ROWS * 5);
    if (headers.length === 0) throw new Error(FILE_EMPTY);
    return { name: file.name, headers, preview: rows.slice(0, PREVIEW_ROWS) };
  },
  /** Every row checked against the contract and batched for the import calls. */
  async prepare(file: File, kind: IngestKind, mapping: ColumnMapping): Promise<PreparedFile> {
    const { headers, rows, problems } = readCsv(await file.text());
    if (headers.length === 0) throw new Error(FILE_EMPTY);
    return prepareRows(kind, headers, rows, mapping, problems);
  },
};

export type CsvImportApi = typeof csvImportApi;
