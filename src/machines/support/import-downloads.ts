import type { IngestKind } from '@contract/ingest.contract';
import { csvBlob, toCsv } from '../../shared/import-csv';
import { templateRows, type TemplateData } from '../../shared/import-spec';

/** A file the browser saves for the owner (the template, the list of problems). */
export type DownloadFile = { blob: Blob; filename: string };

/** A kind's template, its example rows naming the owner's restaurants and (orders) the franchise's SKUs. */
export const templateFile = (kind: IngestKind, data: TemplateData): DownloadFile => ({
  blob: csvBlob(toCsv(templateRows(kind, data))),
  filename: `${kind}-template.csv`,
});

const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'import';

/** The list of problems, named after the owner's file: the rows the server refused, or the file's own problems. */
export const problemsFile = (blob: Blob, fileName: string, refused: boolean): DownloadFile => ({
  blob,
  filename: `${baseName(fileName)}-${refused ? 'refused' : 'problems'}.csv`,
});
