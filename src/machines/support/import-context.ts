import type { IngestKind, IngestResult } from '@contract/ingest.contract';
import type { ErrorInfo } from '../../services/api-error';
import type { ColumnMapping, FileInfo, PreparedFile, RowError } from '../../shared/import-spec';
import { NOTHING_WRITTEN } from './import-calls';

// What an import keeps: the file, its mapping and check, the batches' progress, the problems on screen.

export type ImportInput = {
  /** The owner's first restaurants, whose ids the templates' example rows carry. */
  restaurantIds: number[];
};

export type ImportContext = {
  kind: IngestKind;
  restaurantIds: number[];
  file: File | null;
  info: FileInfo | null;
  mapping: ColumnMapping;
  prepared: PreparedFile | null;
  /** The batch to send next. */
  next: number;
  totals: IngestResult;
  rowsDone: number;
  rowsTotal: number;
  /** This run of sending (a resume starts another): when it began, the rows done then, the last batch's answer. */
  run: { startedAt: number; rowsAtStart: number; updatedAt: number };
  /** The problems on screen: the file's, or those of the batch the server refused. */
  errors: RowError[];
  errorCount: number;
  errorFile: Blob | null;
  errorPage: number;
  /** Why reading the file or the last call failed. */
  error: ErrorInfo | null;
  /** Why the menu (for the orders template, or to check an orders file's SKUs) could not be loaded. */
  menuError: ErrorInfo | null;
  /** The orders template was asked for while the franchise has no menu: the menu is imported first. */
  menuMissing: boolean;
  /** The SKUs the orders file names that the menu does not have: nothing is sent until the menu has them. */
  unknownSkus: string[];
  /** `rejected`: the server refused a batch's records (sending it again cannot help); `error`: the call failed. */
  failure: 'rejected' | 'error' | null;
  /** Cancel was pressed while a batch was under way: stop once it is answered. */
  stopRequested: boolean;
  /** How long a rate-limited import waits before sending the batch again. */
  waitMs: number;
};

/** What another file starts without: the file read, its check and its problems. */
export const CLEARED_FILE = {
  file: null,
  info: null,
  prepared: null,
  errors: [],
  errorCount: 0,
  errorFile: null,
  errorPage: 1,
  failure: null,
  unknownSkus: [],
} satisfies Partial<ImportContext>;

/** An import before any file: orders chosen, nothing read, nothing sent. */
export const newImport = (input: ImportInput): ImportContext => ({
  kind: 'orders',
  restaurantIds: input.restaurantIds,
  ...CLEARED_FILE,
  mapping: {},
  next: 0,
  totals: NOTHING_WRITTEN,
  rowsDone: 0,
  rowsTotal: 0,
  run: { startedAt: 0, rowsAtStart: 0, updatedAt: 0 },
  error: null,
  menuError: null,
  menuMissing: false,
  stopRequested: false,
  waitMs: 0,
});
