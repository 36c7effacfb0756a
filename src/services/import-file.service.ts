import { releaseProxy, wrap, type Remote } from 'comlink';
import type { IngestKind } from '@contract/ingest.contract';
import type { ColumnMapping, FileInfo, PreparedFile } from '../shared/import-spec';
import type { CsvImportApi } from '../workers/csv-import';

export const READ_FAILED = 'The file could not be read. Is it a CSV file?';

/**
 * One parsing worker per call, ended when the call settles or is aborted (the import machine left the state
 * that asked), so a large file's rows never stay in memory behind the page.
 */
async function inWorker<T>(task: (api: Remote<CsvImportApi>) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const worker = new Worker(new URL('../workers/csv-import.worker.ts', import.meta.url), { type: 'module', name: 'csv-import' });
  const api = wrap<CsvImportApi>(worker);
  let stop = () => {};
  // A worker that fails to load or crashes never answers the call: its error event ends the wait.
  const ended = new Promise<never>((_, reject) => {
    const crashed = () => reject(new Error(READ_FAILED));
    const aborted = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    worker.addEventListener('error', crashed);
    signal?.addEventListener('abort', aborted);
    stop = () => signal?.removeEventListener('abort', aborted);
  });
  try {
    return await Promise.race([task(api), ended]);
  } finally {
    stop();
    api[releaseProxy]();
    worker.terminate();
  }
}

/** The file's header and first rows. */
export const inspectFile = (file: File, signal?: AbortSignal): Promise<FileInfo> => inWorker((api) => api.inspect(file), signal);

/** Every row of the file checked for `kind` through `mapping`, and the valid records batched. */
export const prepareFile = (file: File, kind: IngestKind, mapping: ColumnMapping, signal?: AbortSignal): Promise<PreparedFile> =>
  inWorker((api) => api.prepare(file, kind, mapping), signal);
