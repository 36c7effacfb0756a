import type { ExportFormat, ReportDocument } from '@contract/page-reports.contract';
import type { Context } from 'hono';
import { reportCsv } from './report-csv';

// A page report as a downloadable file. The CSV library loads on the first CSV export, the PDF's
// (pdfkit, and ECharts for its chart) in the export thread on the first PDF, not at start.

export type ExportFile = { body: Uint8Array; contentType: string; filename: string };

/** An ASCII file-name part: "Smith's Café, Bondi" → "smith-s-cafe-bondi". */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `{page}_{branch or all-branches}_{start}_{end}`: the same stem for the CSV and the PDF; `page`: the page asked for (a report mail's). */
export function exportStem(report: ReportDocument, page: string = report.page): string {
  const branch = report.branch ? slug(report.branch.name) || `branch-${report.branch.id}` : 'all-branches';
  return `${page}_${branch}_${report.window.start_date}_${report.window.end_date}`;
}

export async function renderExport(report: ReportDocument, format: ExportFormat): Promise<ExportFile> {
  const stem = exportStem(report);
  if (format === 'csv') return { body: await reportCsv(report), contentType: 'text/csv; charset=utf-8', filename: `${stem}.csv` };
  // Off the thread that answers HTTP: a PDF takes a core for a fraction of a second.
  const { renderPdfOffThread } = await import('./pdf-thread');
  return { body: await renderPdfOffThread(report), contentType: 'application/pdf', filename: `${stem}.pdf` };
}

/** A file as the download it is answered with: its type, its name (ASCII and UTF-8), never cached. */
export const fileAnswer = (c: Context, file: ExportFile): Response =>
  c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    'Cache-Control': 'no-store',
  });
