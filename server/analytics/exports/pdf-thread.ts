import { Worker } from 'node:worker_threads';
import type { ReportDocument } from '@contract/page-reports.contract';

// Run from TypeScript (tsx, the tests) the thread starts at pdf-worker-source.mjs, which loads
// pdf-worker.ts through tsx; from the server bundle at pdf-worker.mjs beside it (server-build.mjs).
const fromSource = import.meta.url.endsWith('.ts');

type Pending = { resolve: (body: Uint8Array) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
  worker = undefined;
}

function exportThread(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL(fromSource ? './pdf-worker-source.mjs' : './pdf-worker.mjs', import.meta.url));
  started.on('message', ({ id, body, error }: { id: number; body?: Uint8Array; error?: string }) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (error !== undefined || !body) p?.reject(new Error(error ?? 'The export thread sent no file'));
    else p?.resolve(body);
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => failAll(new Error(`The export thread stopped (exit code ${code})`)));
  // An idle export thread does not keep the process alive.
  started.unref();
  worker = started;
  return started;
}

/** A report's PDF, rendered on the export thread (started on the first PDF; one at a time, in order). */
export function renderPdfOffThread(report: ReportDocument): Promise<Uint8Array> {
  const thread = exportThread();
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, report });
  });
}
