import { and, assign, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { MenuSku } from '@contract/api/menu.calls';
import type { IngestKind, IngestResult } from '@contract/ingest.contract';
import { toErrorInfo } from '../services/api-error';
import { importMappings } from '../services/import.service';
import { initialMapping, missingFields } from '../shared/import-mapping';
import type { PreparedFile } from '../shared/import-spec';
import {
  addWritten,
  importActors,
  isRateLimited,
  NOTHING_WRITTEN,
  refusalProblems,
  refusedErrors,
  skusNotOnMenu,
  waitAfter,
  type FileRead,
  type ReadFileInput,
  type SavedMapping,
  type SendBatchInput,
  type ValidateInput,
} from './support/import-calls';
import { CLEARED_FILE, newImport, type ImportContext, type ImportInput } from './support/import-context';
import { problemsFile, templateFile, type DownloadFile } from './support/import-downloads';
import { notProvided } from './support/machine-effects';

export type ImportEvent =
  | { type: 'import.kind'; kind: IngestKind }
  | { type: 'import.template' }
  | { type: 'import.menuFirst' }
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

/** What the choosing step no longer shows once the owner does something else. */
const NO_NOTICE = { error: null, menuError: null, menuMissing: false } as const;

/** An invoked call's failure, as the guards and actions of its onError read it. */
const failed = ({ event }: { event: ErrorActorEvent }) => event.error;

const importSetup = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as ImportInput,
    tags: {} as 'busy',
  },
  actors: importActors,
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
      totals: addWritten(context.totals, written),
      rowsDone: context.rowsDone + (context.prepared?.batches[context.next]?.rows ?? 0),
      next: context.next + 1,
      run: { ...context.run, updatedAt: Date.now() },
    })),
    takeRefusal: assign(({ context }, error: unknown) => ({
      ...refusalProblems(context.kind, error, context.prepared!.batches[context.next]!, context.mapping),
      errorPage: 1,
      error: toErrorInfo(error),
      failure: 'rejected' as const,
    })),
    takeFailure: assign((_, error: unknown) => ({ error: toErrorInfo(error), failure: 'error' as const })),
  },
  guards: {
    /** Every required field has a column: by its name, or the one chosen last time. */
    allColumnsFound: ({ context }, read: FileRead) =>
      missingFields(context.kind, initialMapping(context.kind, read.headers, read.saved)).length === 0,
    mappingComplete: ({ context }) => missingFields(context.kind, context.mapping).length === 0,
    hasRecords: ({ context }) => (context.prepared?.records ?? 0) > 0,
    /** Every SKU the orders file names is on the menu: the server will not refuse an order for one. */
    menuKnowsSkus: ({ context }) => context.unknownSkus.length === 0,
    isOrders: ({ context }) => context.kind === 'orders',
    /** An orders file whose lines name SKUs: the menu must have them. */
    namesSkus: (_, prepared: PreparedFile) => prepared.skus.length > 0,
    menuEmpty: (_, menu: MenuSku[]) => menu.length === 0,
    hasErrorFile: ({ context }) => context.errorFile !== null,
    /** The batch just answered was the last. */
    allSent: ({ context }) => context.next + 1 >= (context.prepared?.batches.length ?? 0),
    stopRequested: ({ context }) => context.stopRequested,
    batchRefused: (_, error: unknown) => refusedErrors(error) !== null,
    rateLimited: (_, error: unknown) => isRateLimited(error),
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
        params: ({ context }) => problemsFile(context.errorFile!, context.info?.name ?? '', context.failure === 'rejected'),
      },
    },
  },
}).on;

export const importMachine = importSetup.createMachine({
  id: 'import',
  initial: 'choosing',
  context: ({ input }) => newImport(input),
  states: {
    choosing: {
      on: {
        'import.kind': { actions: assign({ kind: ({ event }) => event.kind, ...NO_NOTICE }) },
        'import.template': [
          // The orders template names the menu's SKUs: the menu is read first.
          { guard: 'isOrders', target: 'templating', actions: assign(NO_NOTICE) },
          {
            actions: [
              assign(NO_NOTICE),
              {
                type: 'downloadTemplate',
                params: ({ context }) => templateFile(context.kind, { restaurantIds: context.restaurantIds, skus: [] }),
              },
            ],
          },
        ],
        'import.menuFirst': { actions: assign({ kind: 'menu-items', ...NO_NOTICE }) },
        'import.file': { target: 'parsing', actions: assign({ file: ({ event }) => event.file, ...NO_NOTICE }) },
      },
    },
    templating: {
      tags: ['busy'],
      invoke: {
        id: 'loadMenu',
        src: 'loadMenu',
        onDone: [
          // No menu yet: orders name its SKUs, so the menu is imported first.
          { guard: { type: 'menuEmpty', params: ({ event }) => event.output }, target: 'choosing', actions: assign({ menuMissing: true }) },
          {
            target: 'choosing',
            actions: {
              type: 'downloadTemplate',
              params: ({ context, event }) =>
                templateFile('orders', { restaurantIds: context.restaurantIds, skus: event.output.map((item) => item.sku) }),
            },
          },
        ],
        onError: { target: 'choosing', actions: assign({ menuError: ({ event }) => toErrorInfo(event.error) }) },
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
        onError: { target: 'choosing', actions: assign({ ...CLEARED_FILE, error: ({ event }) => toErrorInfo(event.error) }) },
      },
      on: { 'import.reset': { target: 'choosing', actions: assign(CLEARED_FILE) } },
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
        'import.reset': { target: 'choosing', actions: assign(CLEARED_FILE) },
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validateRows',
        src: 'validateRows',
        input: ({ context }): ValidateInput => ({ file: context.file!, kind: context.kind, mapping: context.mapping }),
        onDone: [
          {
            guard: { type: 'namesSkus', params: ({ event }) => event.output },
            target: 'checkingMenu',
            actions: { type: 'takePrepared', params: ({ event }) => event.output },
          },
          { target: 'preview', actions: { type: 'takePrepared', params: ({ event }) => event.output } },
        ],
        onError: { target: 'choosing', actions: assign({ ...CLEARED_FILE, error: ({ event }) => toErrorInfo(event.error) }) },
      },
      on: { 'import.reset': { target: 'choosing', actions: assign(CLEARED_FILE) } },
    },
    // An orders file's SKUs against the menu as it is now (a menu imported a moment ago counts), before anything is sent.
    checkingMenu: {
      tags: ['busy'],
      invoke: {
        id: 'loadMenu',
        src: 'loadMenu',
        onDone: {
          target: 'preview',
          actions: assign({ unknownSkus: ({ context, event }) => skusNotOnMenu(context.prepared!.skus, event.output) }),
        },
        onError: { target: 'choosing', actions: assign({ ...CLEARED_FILE, menuError: ({ event }) => toErrorInfo(event.error) }) },
      },
      on: { 'import.reset': { target: 'choosing', actions: assign(CLEARED_FILE) } },
    },
    preview: {
      on: {
        'import.start': {
          guard: and(['hasRecords', 'menuKnowsSkus']),
          target: 'importing',
          actions: assign({ next: 0, totals: NOTHING_WRITTEN, rowsDone: 0 }),
        },
        'import.editMapping': { target: 'mapping' },
        'import.menuFirst': { target: 'choosing', actions: assign({ ...CLEARED_FILE, kind: 'menu-items' }) },
        ...problemList,
        'import.reset': { target: 'choosing', actions: assign(CLEARED_FILE) },
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
      on: { ...problemList, 'import.reset': { target: 'choosing', actions: assign(CLEARED_FILE) } },
    },
    failed: {
      on: {
        'import.retry': { guard: 'canResume', target: 'importing' },
        ...problemList,
        'import.reset': { target: 'choosing', actions: assign(CLEARED_FILE) },
      },
    },
    cancelled: {
      on: {
        // Resumes with the next batch: what was sent is written once, as each record is named by its external_id.
        'import.retry': { target: 'importing' },
        ...problemList,
        'import.reset': { target: 'choosing', actions: assign(CLEARED_FILE) },
      },
    },
  },
});

export type ImportSnapshot = SnapshotFrom<typeof importMachine>;
