import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ReportRow, ReportTable } from '@contract/page-reports.contract';

// Reading the analytics pages' exports back, for the API and end-to-end tests.

const STANDARD_FONTS = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

/** The CSV's tables after its header block: title, header row, data records (rows, then the total). */
export function csvTables(records: string[][]) {
  const tables: { title: string; header: string[]; records: string[][] }[] = [];
  let current: (typeof tables)[number] | null = null;
  let index = records.findIndex((record) => record.every((field) => field === ''));
  for (index++; index < records.length; index++) {
    const record = records[index]!;
    if (record.every((field) => field === '')) current = null;
    else if (!current) tables.push((current = { title: record[0]!, header: records[++index]!, records: [] }));
    else current.records.push(record);
  }
  return tables;
}

/** A CSV record read back as report cells: numbers for figure columns, null for empty ones. */
export function readBack(table: ReportTable, record: string[], isTotal: boolean): ReportRow['cells'] {
  return table.columns.map((column, index) => {
    const field = record[index]!;
    if (field === '') return null;
    const label = isTotal && index === 0;
    return column.unit === 'text' || label ? field : Number(field);
  });
}

/** A PDF's text, pages in order, with one space between words; line ends kept with `lines`. */
export async function pdfText(bytes: Uint8Array, { lines = false } = {}): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await pdf.destroy();
  // pdf.js gives the gaps between text runs and lines as items of their own.
  return pages.join('\n').replace(lines ? /[ \t]+/g : /\s+/g, ' ');
}
