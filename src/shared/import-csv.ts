import Papa from 'papaparse';
import type { RowError } from './import-spec';

/**
 * RFC 4180 text (quoting, CRLF) by papaparse's writer, the library that reads the files too. Cells a spreadsheet
 * would run as a formula (=, +, -, @ at the start) get a leading apostrophe (OWASP "CSV injection").
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return Papa.unparse(rows as string[][], { escapeFormulae: true, newline: '\r\n' });
}

/** The problems as a file: row, column, message; the file's own rows in order. */
export const errorsCsv = (errors: readonly RowError[]): string =>
  toCsv([['row', 'column', 'message'], ...errors.map(({ row, column, message }) => [String(row), column, message])]);

/** A CSV download; the byte order mark makes spreadsheet apps read it as UTF-8 (the import skips it). */
export const csvBlob = (text: string): Blob => new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' });
