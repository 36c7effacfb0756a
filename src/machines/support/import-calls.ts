import { fromPromise } from 'xstate';
import type { MenuSku } from '@contract/api/menu.calls';
import type { IngestKind, IngestResult } from '@contract/ingest.contract';
import { ApiError, fieldMessagesOf } from '../../services/api-error';
import { inspectFile, prepareFile } from '../../services/import-file.service';
import { importMappings, importService } from '../../services/import.service';
import { csvBlob, errorsCsv } from '../../shared/import-csv';
import { batchErrorsToRows } from '../../shared/import-problems';
import type { ColumnMapping, FileInfo, ImportBatch, PreparedFile, RowError } from '../../shared/import-spec';

// The import's calls (reading and checking the file in the worker, sending a batch) and how a batch's answer is read.

export type ReadFileInput = { file: File; kind: IngestKind };
/** The file's top, and the mapping the owner chose last time for this kind. */
export type FileRead = FileInfo & { saved: ColumnMapping | null };
export type ValidateInput = { file: File; kind: IngestKind; mapping: ColumnMapping };
export type SendBatchInput = { kind: IngestKind; batch: ImportBatch };
export type SavedMapping = { kind: IngestKind; mapping: ColumnMapping };

export const importActors = {
  readFile: fromPromise<FileRead, ReadFileInput>(async ({ input: { file, kind }, signal }) => ({
    ...(await inspectFile(file, signal)),
    saved: importMappings.load(kind),
  })),
  validateRows: fromPromise<PreparedFile, ValidateInput>(({ input: { file, kind, mapping }, signal }) =>
    prepareFile(file, kind, mapping, signal),
  ),
  sendBatch: fromPromise<IngestResult, SendBatchInput>(({ input: { kind, batch } }) => importService.send(kind, batch.body)),
  /** The franchise's menu: the orders template's SKUs, and the SKUs an orders file may name. */
  loadMenu: fromPromise<MenuSku[]>(() => importService.menu()),
};

/** The SKUs an orders file names that the franchise's menu does not have: the server would refuse their orders. */
export function skusNotOnMenu(fileSkus: readonly string[], menu: readonly MenuSku[]): string[] {
  const known = new Set(menu.map((item) => item.sku));
  return fileSkus.filter((sku) => !known.has(sku));
}

export const NOTHING_WRITTEN: IngestResult = { created: 0, updated: 0, unchanged: 0 };

/** What the batches answered so far, and one answer more. */
export const addWritten = (totals: IngestResult, written: IngestResult): IngestResult => ({
  created: totals.created + written.created,
  updated: totals.updated + written.updated,
  unchanged: totals.unchanged + written.unchanged,
});

/** A 429 without a wait in its message waits this long. */
const DEFAULT_WAIT_S = 5;
const MAX_WAIT_S = 60;

/** The server's 429 says how long to wait ("Try again in 12 seconds."). */
export function waitAfter(error: unknown): number {
  const seconds = Number(/(\d+)\s*seconds?/.exec(error instanceof Error ? error.message : '')?.[1]);
  return Math.min(MAX_WAIT_S, seconds > 0 ? seconds : DEFAULT_WAIT_S) * 1000;
}

export const isRateLimited = (error: unknown) => error instanceof ApiError && error.status === 429;

/** The problems the server named for a refused batch, when it named any (422 `errors`). */
export function refusedErrors(error: unknown): Record<string, string[]> | null {
  const errors = fieldMessagesOf(error);
  return Object.keys(errors).length > 0 ? errors : null;
}

/** A refused batch's problems on the file's rows, and as the file the owner downloads. */
export function refusalProblems(
  kind: IngestKind,
  error: unknown,
  batch: ImportBatch,
  mapping: ColumnMapping,
): { errors: RowError[]; errorCount: number; errorFile: Blob } {
  const errors = batchErrorsToRows(kind, refusedErrors(error) ?? {}, batch, mapping);
  return { errors, errorCount: errors.length, errorFile: csvBlob(errorsCsv(errors)) };
}
