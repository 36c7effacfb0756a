import type { ExportFormat, PageReport } from '../../contract/page-reports.contract';
import { reportCsv } from './report-csv';

// A page report as a downloadable file. The CSV and PDF libraries (and ECharts for the PDF's chart)
// load on the first export, not at start: they stay outside the server bundle (server-build.mjs).

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

/** `{page}_{branch or all-branches}_{start}_{end}`: the same stem for the CSV and the PDF. */
export function exportStem(report: PageReport): string {
  const branch = report.branch ? slug(report.branch.name) || `branch-${report.branch.id}` : 'all-branches';
  return `${report.page}_${branch}_${report.window.start_date}_${report.window.end_date}`;
}

export async function renderExport(report: PageReport, format: ExportFormat): Promise<ExportFile> {
  const stem = exportStem(report);
  if (format === 'csv') return { body: await reportCsv(report), contentType: 'text/csv; charset=utf-8', filename: `${stem}.csv` };
  const { reportPdf } = await import('./report-pdf');
  return { body: await reportPdf(report), contentType: 'application/pdf', filename: `${stem}.pdf` };
}
