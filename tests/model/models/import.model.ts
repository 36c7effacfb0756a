// The model of the importMachine: the events the tests may send and how graph vertices are told apart. Shared by the
// model-based test and the QA document generator (scripts/machine-docs.ts). The fixtures are an orders file: read with
// our column names, or with "Article" for sku; checked into two batches and a dozen problems, or into nothing to send;
// its SKUs all on the franchise's menu, one of them not, or no menu at all.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { MenuSku } from '@contract/api/menu.calls';
import type { IngestResult } from '@contract/ingest.contract';
import { importMachine, type ImportEvent } from '../../../src/machines/import.machine';
import type { FileRead } from '../../../src/machines/support/import-calls';
import { ApiError } from '../../../src/services/api-error';
import { csvBlob, errorsCsv } from '../../../src/shared/import-csv';
import { IMPORT_SPECS, type ImportBatch, type PreparedFile, type RowError } from '../../../src/shared/import-spec';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof importMachine>;
export type ModelEvent =
  | ImportEvent
  | { type: 'xstate.done.actor.readFile'; output: FileRead }
  | { type: 'xstate.error.actor.readFile'; error: unknown }
  | { type: 'xstate.done.actor.validateRows'; output: PreparedFile }
  | { type: 'xstate.error.actor.validateRows'; error: unknown }
  | { type: 'xstate.done.actor.sendBatch'; output: IngestResult }
  | { type: 'xstate.error.actor.sendBatch'; error: unknown }
  | { type: 'xstate.done.actor.loadMenu'; output: MenuSku[] }
  | { type: 'xstate.error.actor.loadMenu'; error: unknown }
  | typeof TIMER;

export const TIMER = { type: 'xstate.after.retryDelay.import.importing.waiting' } as const;

const HEADERS = IMPORT_SPECS.orders.fields.map((f) => f.name);
const LINE = ['POS-1', '7', '2026-11-24T12:30:00+11:00', 'dine_in', 'pos', '2', '', 'completed', 'BURGER', '1', '1000', '1000', '', ''];
export const FILE = new File([[HEADERS, LINE].map((r) => r.join(',')).join('\n')], 'harbour-orders.csv', { type: 'text/csv' });

export const MATCHING: FileRead = { name: FILE.name, headers: HEADERS, preview: [{ row: 2, cells: LINE }], saved: null };
/** The POS calls the SKU "Article": the owner maps it. */
export const RENAMED: FileRead = { ...MATCHING, headers: HEADERS.map((h) => (h === 'sku' ? 'Article' : h)) };

const batch = (records: number, firstRow: number): ImportBatch => ({
  body: `{"orders":[${Array.from({ length: records }, (_, i) => `{"external_id":"POS-${firstRow + i}"}`).join(',')}]}`,
  records,
  rows: records * 2,
  firstRow,
  sources: JSON.stringify(
    Array.from({ length: records }, (_, i) => ({ rows: [firstRow + 2 * i, firstRow + 2 * i + 1], payments: ['card'] })),
  ),
});

export const PROBLEMS: RowError[] = Array.from({ length: 12 }, (_, i) => ({ row: 20 + i, column: 'sku', message: 'sku is required' }));

/** 3 orders in two calls (2 + 1), 12 orders left out. */
export const PREPARED: PreparedFile = {
  rows: 18,
  records: 3,
  rejected: 12,
  errorCount: PROBLEMS.length,
  errors: PROBLEMS,
  errorFile: csvBlob(errorsCsv(PROBLEMS)),
  batches: [batch(2, 2), batch(1, 6)],
  skus: ['BURGER', 'FRIES'],
};
/** Every row has a problem, none names a SKU: nothing to send, nothing to look up on the menu. */
export const NOTHING: PreparedFile = { ...PREPARED, records: 0, rejected: 18, batches: [], skus: [] };

/** The franchise's menu: every SKU of the file, all but FRIES, or none yet. */
export const MENU: MenuSku[] = [
  { sku: 'BURGER', name: 'Burger' },
  { sku: 'FRIES', name: 'Fries' },
];
export const MENU_WITHOUT_FRIES: MenuSku[] = MENU.slice(0, 1);
export const NO_MENU: MenuSku[] = [];

export const WRITTEN: IngestResult = { created: 1, updated: 0, unchanged: 1 };
export const REFUSED = new ApiError('The records have problems', 422, {
  status: 'error',
  message: 'The records have problems',
  errors: { 'orders[0].lines[1].sku': ['unknown SKU "FRIES"'] },
});
export const LIMITED = new ApiError('Too many imports. Try again in 2 seconds.', 429);
export const DOWN = new ApiError('Database unavailable', 503);
export const MENU_DOWN = new ApiError('Menu unavailable', 503);
export const UNREADABLE = new Error('The file is empty: it needs a header row of column names.');

export const EVENTS: ModelEvent[] = [
  { type: 'import.kind', kind: 'shifts' },
  { type: 'import.kind', kind: 'orders' },
  { type: 'import.template' },
  { type: 'xstate.done.actor.loadMenu', output: MENU },
  { type: 'xstate.done.actor.loadMenu', output: MENU_WITHOUT_FRIES },
  { type: 'xstate.done.actor.loadMenu', output: NO_MENU },
  { type: 'xstate.error.actor.loadMenu', error: MENU_DOWN },
  { type: 'import.menuFirst' },
  { type: 'import.file', file: FILE },
  { type: 'xstate.done.actor.readFile', output: MATCHING },
  { type: 'xstate.done.actor.readFile', output: RENAMED },
  { type: 'xstate.error.actor.readFile', error: UNREADABLE },
  { type: 'import.mapColumn', field: 'sku', column: 'Article' },
  { type: 'import.mapColumn', field: 'customer_ref', column: null },
  { type: 'import.confirmMapping' },
  { type: 'xstate.done.actor.validateRows', output: PREPARED },
  { type: 'xstate.done.actor.validateRows', output: NOTHING },
  { type: 'xstate.error.actor.validateRows', error: new Error('The file could not be read. Is it a CSV file?') },
  { type: 'import.errorPage', page: 2 },
  { type: 'import.errorPage', page: 1 },
  { type: 'import.downloadErrors' },
  { type: 'import.editMapping' },
  { type: 'import.start' },
  { type: 'xstate.done.actor.sendBatch', output: WRITTEN },
  { type: 'xstate.error.actor.sendBatch', error: REFUSED },
  { type: 'xstate.error.actor.sendBatch', error: LIMITED },
  { type: 'xstate.error.actor.sendBatch', error: DOWN },
  { type: 'import.cancel' },
  TIMER,
  { type: 'import.retry' },
  { type: 'import.reset' },
];

function allowed(s: Snapshot, event: ModelEvent): boolean {
  // A radio or a select shows one choice: choosing it again sends nothing.
  if (event.type === 'import.kind' && s.context.kind === event.kind) return false;
  if (event.type === 'import.mapColumn' && (s.context.mapping[event.field] ?? null) === event.column) return false;
  if (event.type === 'import.mapColumn' && event.column !== null && !s.context.info?.headers.includes(event.column)) return false;
  // The pager shows a page that exists, and links only the others.
  if (event.type === 'import.errorPage' && (event.page === s.context.errorPage || s.context.errors.length <= 10)) return false;
  // "Import the menu first" is offered when the menu is missing or lacks the file's SKUs.
  if (event.type === 'import.menuFirst' && !s.context.menuMissing && s.context.unknownSkus.length === 0) return false;
  // Cancel is disabled once pressed.
  if (event.type === 'import.cancel' && s.context.stopRequested) return false;
  // The fixtures are an orders file.
  if (event.type === 'import.file' && s.context.kind !== 'orders') return false;
  return s.can(event as ImportEvent);
}

export const model = new TestModel(importMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as ImportEvent[],
  // The mapping's two fields, the file's check, the batch to send, the page of problems and why it failed choose the
  // alternatives; the event and the state it came from tell ways into a state apart (a template downloaded, a page
  // turned, Choose another file from each step), so each is on some shortest path.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([
      s.value,
      s.context.kind,
      s.context.mapping.sku ?? null,
      s.context.mapping.customer_ref ?? null,
      s.context.prepared?.records ?? null,
      s.context.next,
      s.context.errorPage,
      s.context.failure,
      s.context.error?.message ?? null,
      s.context.menuError?.message ?? null,
      s.context.menuMissing,
      s.context.unknownSkus.length,
      s.context.stopRequested,
      eventKey(event),
      previous?.value,
    ]),
});

export const INPUT = { restaurantIds: [7, 9] };
const all = model.getShortestPaths({ input: INPUT } as never);
/** Cancel, then the server asks to wait: the import stops there (an eventless transition, which selectPaths cannot foresee). */
const cancelThenWait = all
  .filter((p) =>
    p.steps.some((step) => (step.event as ModelEvent).type === 'xstate.error.actor.sendBatch' && step.state.matches('cancelled')),
  )
  .sort((a, b) => a.steps.length - b.steps.length)
  .slice(0, 1);
export const paths = [...selectPaths(importMachine, all, eventKey), ...cancelThenWait];
