import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { IngestKind, IngestResult } from '@contract/ingest.contract';
import { ApiError, toErrorInfo, type ErrorInfo } from '../services/api-error';
import { inspectFile, prepareFile } from '../services/import-file.service';
import { importMappings, importService } from '../services/import.service';
import { csvBlob, errorsCsv, toCsv } from '../shared/import-csv';
import {
  batchErrorsToRows,
  initialMapping,
  missingFields,
  templateRows,
  type ColumnMapping,
  type FileInfo,
  type ImportBatch,
  type PreparedFile,
  type RowError,
} from '../shared/import-spec';
import { notProvided } from './support/machine-effects';

/** A file the browser saves for the owner (the template, the list of problems). */
export type DownloadFile = { blob: Blob; filename: string };

export type ReadFileInput = { file: File; kind: IngestKind };
/** The file's top, and the mapping the owner chose last time for this kind. */
export type FileRead = FileInfo & { saved: ColumnMapping | null };
export type ValidateInput = { file: File; kind: IngestKind; mapping: ColumnMapping };
export type SendBatchInput = { kind: IngestKind; batch: ImportBatch };
export type SavedMapping = { kind: IngestKind; mapping: ColumnMapping };

export type ImportInput = {
  /** A restaurant of the owner's, whose id the templates' example rows carry. */
  restaurantId: number | null;
};

export type ImportContext = {
  kind: IngestKind;
  restaurantId: number | null;
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
  /** `rejected`: the server refused a batch's records (sending it again cannot help); `error`: the call failed. */
  failure: 'rejected' | 'error' | null;
  /** Cancel was pressed while a batch was under way: stop once it is answered. */
  stopRequested: boolean;
  /** How long a rate-limited import waits before sending the batch again. */
  waitMs: number;
};

export type ImportEvent =
  | { type: 'import.kind'; kind: IngestKind }
  | { type: 'import.template' }
  | { type: 'import.file'; file: File }
  | { type: 'import.mapColumn'; field: string; column: string | null }
  | { type: 'import.confirmMapping' }
  | { type: 'import.editMapping' }
  | { type: 'import.start' }
  | { type: 'import.cancel' }
  | { type: 'import.retry' }
  | { type: 'import.errorPage'; page: number }
  | { type: 'import.downloadErrors' }
  | { type: 'import.reset' };

export const ERRORS_PER_PAGE = 10;
/** A 429 without a wait in its message waits this long. */
const DEFAULT_WAIT_S = 5;
const MAX_WAIT_S = 60;

const NOTHING_WRITTEN: IngestResult = { created: 0, updated: 0, unchanged: 0 };

/** The server's 429 says how long to wait ("Try again in 12 seconds."). */
export function waitAfter(error: unknown): number {
  const seconds = Number(/(\d+)\s*seconds?/.exec(error instanceof Error ? error.message : '')?.[1]);
  return Math.min(MAX_WAIT_S, seconds > 0 ? seconds : DEFAULT_WAIT_S) * 1000;
}

/** The problems the server named for a refused batch, when it named any (422 `errors`). */
function refusedErrors(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors = (error.data as { errors?: unknown } | null | undefined)?.errors;
  return errors && typeof errors === 'object' && Object.keys(errors).length > 0 ? (errors as Record<string, string[]>) : null;
}

/** An invoked call's failure, as the guards and actions of its onError read it. */
const failed = ({ event }: { event: ErrorActorEvent }) => event.error;

const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'import';

const cleared = {
  file: null,
  info: null,
  prepared: null,
  errors: [],
  errorCount: 0,
  errorFile: null,
  errorPage: 1,
  failure: null,
} satisfies Partial<ImportContext>;

const importSetup = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as ImportInput,
    tags: {} as 'busy',
  },
  actors: {
    readFile: fromPromise<FileRead, ReadFileInput>(async ({ input: { file, kind }, signal }) => ({
      ...(await inspectFile(file, signal)),
      saved: importMappings.load(kind),
    })),
    validateRows: fromPromise<PreparedFile, ValidateInput>(({ input: { file, kind, mapping }, signal }) =>
      prepareFile(file, kind, mapping, signal),
    ),
    sendBatch: fromPromise<IngestResult, SendBatchInput>(({ input: { kind, batch } }) => importService.send(kind, batch.body)),
  },
  actions: {
    /** Saves a file in the browser (the page: an object URL clicked as a download link). */
    downloadTemplate: (_, _file: DownloadFile) => notProvided('downloadTemplate'),
    downloadErrors: (_, _file: DownloadFile) => notProvided('downloadErrors'),
    /** Remembers the owner's columns for the next file of this kind. */
    saveMapping: (_, { kind, mapping }: SavedMapping) => importMappings.save(kind, mapping),
    takeFile: assign(({ context }, read: FileRead) => ({
      info: { name: read.name, headers: read.headers, preview: read.preview },
      mapping: initialMapping(context.kind, read.headers, read.saved),
    })),
    takePrepared: assign((_, prepared: PreparedFile) => ({
      prepared,
      errors: prepared.errors,
      errorCount: prepared.errorCount,
      errorFile: prepared.errorFile,
      errorPage: 1,
      rowsTotal: prepared.batches.reduce((sum, b) => sum + b.rows, 0),
    })),
    startRun: assign(({ context }) => ({
      run: { startedAt: Date.now(), rowsAtStart: context.rowsDone, updatedAt: Date.now() },
      stopRequested: false,
      error: null,
      failure: null,
    })),
    countBatch: assign(({ context }, written: IngestResult) => ({
      totals: {
        created: context.totals.created + written.created,
        updated: context.totals.updated + written.updated,
        unchanged: context.totals.unchanged + written.unchanged,
      },
      rowsDone: context.rowsDone + (context.prepared?.batches[context.next]?.rows ?? 0),
      next: context.next + 1,
      run: { ...context.run, updatedAt: Date.now() },
    })),
    takeRefusal: assign(({ context }, error: unknown) => {
      const errors = batchErrorsToRows(context.kind, refusedErrors(error) ?? {}, context.prepared!.batches[context.next]!, context.mapping);
      return {
        errors,
        errorCount: errors.length,
        errorFile: csvBlob(errorsCsv(errors)),
        errorPage: 1,
        error: toErrorInfo(error),
        failure: 'rejected' as const,
      };
    }),
    takeFailure: assign((_, error: unknown) => ({ error: toErrorInfo(error), failure: 'error' as const })),
  },
  guards: {
    /** Every required field has a column: by its name, or the one chosen last time. */
    allColumnsFound: ({ context }, read: FileRead) =>
      missingFields(context.kind, initialMapping(context.kind, read.headers, read.saved)).length === 0,
    mappingComplete: ({ context }) => missingFields(context.kind, context.mapping).length === 0,
    hasRecords: ({ context }) => (context.prepared?.records ?? 0) > 0,
    hasErrorFile: ({ context }) => context.errorFile !== null,
    /** The batch just answered was the last. */
    allSent: ({ context }) => context.next + 1 >= (context.prepared?.batches.length ?? 0),
    stopRequested: ({ context }) => context.stopRequested,
    batchRefused: (_, error: unknown) => refusedErrors(error) !== null,
    rateLimited: (_, error: unknown) => error instanceof ApiError && error.status === 429,
    /** A call that failed may be sent again; records the server refused would be refused again. */
    canResume: ({ context }) => context.failure === 'error',
  },
  delays: {
    retryDelay: ({ context }) => context.waitMs,
  },
});

/**
 * The list of problems on screen from the check on: its pages, and the whole list as a file (the file's problems, or
 * the rows of the batch the server refused).
 */
const problemList = importSetup.createStateConfig({
  on: {
    'import.errorPage': { actions: assign({ errorPage: ({ event }) => event.page }) },
    'import.downloadErrors': {
      guard: 'hasErrorFile',
      actions: {
        type: 'downloadErrors',
        params: ({ context }) => ({
          blob: context.errorFile!,
          filename: `${baseName(context.info?.name ?? '')}-${context.failure === 'rejected' ? 'refused' : 'problems'}.csv`,
        }),
      },
    },
  },
}).on;

export const importMachine = importSetup.createMachine({
  id: 'import',
  initial: 'choosing',
  context: ({ input }) => ({
    kind: 'orders',
    restaurantId: input.restaurantId,
    ...cleared,
    mapping: {},
    next: 0,
    totals: NOTHING_WRITTEN,
    rowsDone: 0,
    rowsTotal: 0,
    run: { startedAt: 0, rowsAtStart: 0, updatedAt: 0 },
    error: null,
    stopRequested: false,
    waitMs: 0,
  }),
  states: {
    choosing: {
      on: {
        'import.kind': { actions: assign({ kind: ({ event }) => event.kind, error: null }) },
        'import.template': {
          actions: {
            type: 'downloadTemplate',
            params: ({ context }) => ({
              blob: csvBlob(toCsv(templateRows(context.kind, context.restaurantId ?? 1))),
              filename: `${context.kind}-template.csv`,
            }),
          },
        },
        'import.file': { target: 'parsing', actions: assign({ file: ({ event }) => event.file, error: null }) },
      },
    },
    parsing: {
      tags: ['busy'],
      invoke: {
        id: 'readFile',
        src: 'readFile',
        input: ({ context }): ReadFileInput => ({ file: context.file!, kind: context.kind }),
        onDone: [
          {
            guard: { type: 'allColumnsFound', params: ({ event }) => event.output },
            target: 'validating',
            actions: { type: 'takeFile', params: ({ event }) => event.output },
          },
          { target: 'mapping', actions: { type: 'takeFile', params: ({ event }) => event.output } },
        ],
        onError: { target: 'choosing', actions: assign({ ...cleared, error: ({ event }) => toErrorInfo(event.error) }) },
      },
      on: { 'import.reset': { target: 'choosing', actions: assign(cleared) } },
    },
    mapping: {
      on: {
        'import.mapColumn': {
          actions: assign({ mapping: ({ context, event }) => ({ ...context.mapping, [event.field]: event.column }) }),
        },
        'import.confirmMapping': {
          guard: 'mappingComplete',
          target: 'validating',
          actions: { type: 'saveMapping', params: ({ context }) => ({ kind: context.kind, mapping: context.mapping }) },
        },
        'import.reset': { target: 'choosing', actions: assign(cleared) },
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validateRows',
        src: 'validateRows',
        input: ({ context }): ValidateInput => ({ file: context.file!, kind: context.kind, mapping: context.mapping }),
        onDone: { target: 'preview', actions: { type: 'takePrepared', params: ({ event }) => event.output } },
        onError: { target: 'choosing', actions: assign({ ...cleared, error: ({ event }) => toErrorInfo(event.error) }) },
      },
      on: { 'import.reset': { target: 'choosing', actions: assign(cleared) } },
    },
    preview: {
      on: {
        'import.start': {
          guard: 'hasRecords',
          target: 'importing',
          actions: assign({ next: 0, totals: NOTHING_WRITTEN, rowsDone: 0 }),
        },
        'import.editMapping': { target: 'mapping' },
        ...problemList,
        'import.reset': { target: 'choosing', actions: assign(cleared) },
      },
    },
    importing: {
      tags: ['busy'],
      entry: 'startRun',
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'sendBatch',
            src: 'sendBatch',
            input: ({ context }): SendBatchInput => ({ kind: context.kind, batch: context.prepared!.batches[context.next]! }),
            onDone: [
              { guard: 'allSent', target: '#import.done', actions: { type: 'countBatch', params: ({ event }) => event.output } },
              { guard: 'stopRequested', target: '#import.cancelled', actions: { type: 'countBatch', params: ({ event }) => event.output } },
              { target: 'sending', reenter: true, actions: { type: 'countBatch', params: ({ event }) => event.output } },
            ],
            onError: [
              {
                guard: { type: 'batchRefused', params: failed },
                target: '#import.failed',
                actions: { type: 'takeRefusal', params: failed },
              },
              {
                guard: { type: 'rateLimited', params: failed },
                target: 'waiting',
                actions: assign({ waitMs: ({ event }) => waitAfter(event.error) }),
              },
              { target: '#import.failed', actions: { type: 'takeFailure', params: failed } },
            ],
          },
          // The batch under way is answered first: what it wrote is counted, nothing after it is sent.
          on: { 'import.cancel': { actions: assign({ stopRequested: true }) } },
        },
        waiting: {
          // Cancel was pressed before the server asked to wait: nothing more is sent.
          always: { guard: 'stopRequested', target: '#import.cancelled' },
          after: { retryDelay: { target: 'sending' } },
          on: { 'import.cancel': { target: '#import.cancelled' } },
        },
      },
    },
    done: {
      on: { ...problemList, 'import.reset': { target: 'choosing', actions: assign(cleared) } },
    },
    failed: {
      on: {
        'import.retry': { guard: 'canResume', target: 'importing' },
        ...problemList,
        'import.reset': { target: 'choosing', actions: assign(cleared) },
      },
    },
    cancelled: {
      on: {
        // Resumes with the next batch: what was sent is written once, as each record is named by its external_id.
        'import.retry': { target: 'importing' },
        ...problemList,
        'import.reset': { target: 'choosing', actions: assign(cleared) },
      },
    },
  },
});

export type ImportSnapshot = SnapshotFrom<typeof importMachine>;
