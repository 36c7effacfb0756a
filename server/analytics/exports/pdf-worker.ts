import { parentPort } from 'node:worker_threads';
import type { ReportDocument } from '@contract/page-reports.contract';
import { reportPdf } from './report-pdf';

// The export thread: renders a report's PDF (ECharts' SVG and pdfkit, a core for a fraction of a
// second) away from the thread that answers HTTP. One message in, one out, matched by id.
parentPort!.on('message', async ({ id, report }: { id: number; report: ReportDocument }) => {
  try {
    const body = await reportPdf(report);
    parentPort!.postMessage({ id, body }, [body.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
