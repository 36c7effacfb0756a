import {
  CHANNELS,
  MAX_INGEST_BODY_BYTES,
  MAX_RECORDS_PER_CALL,
  MENUS,
  ORDER_STATUSES,
  PURCHASE_CATEGORIES,
  SOURCES,
  menuItemRecord,
  orderRecord,
  purchaseRecord,
  shiftRecord,
  type IngestKind,
} from '@contract/ingest.contract';
import { targetRecord } from '@contract/targets.contract';
import { csvBlob, errorsCsv } from '../shared/import-csv';
import { headerKey } from '../shared/import-mapping';
import { problemAt } from '../shared/import-problems';
import {
  ERRORS_KEPT,
  specOf,
  type ColumnMapping,
  type FileRow,
  type ImportBatch,
  type ImportField,
  type PaymentColumnMethod,
  type PreparedFile,
  type RecordSource,
  type RowError,
} from '../shared/import-spec';

// Rows → ingest records, checked with the ingest contract's own schemas (the server checks the same), then cut into
// batches of at most one call each. Runs in the parsing worker; pure, so unit tests call it directly.

const SCHEMAS = {
  'menu-items': menuItemRecord,
  orders: orderRecord,
  shifts: shiftRecord,
  purchases: purchaseRecord,
  targets: targetRecord,
} as const;

const CHOICES: Record<string, readonly string[]> = {
  menu: MENUS,
  channel: CHANNELS,
  source: SOURCES,
  status: ORDER_STATUSES,
  category: PURCHASE_CATEGORIES,
};

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/**
 * A cell as the field's value. What cannot be converted stays the text it was, so the record's schema
 * names the problem in its own words ("price_cents must be a whole number").
 */
export function cellValue(field: ImportField, raw: string | undefined): unknown {
  const text = (raw ?? '').trim();
  switch (field.type) {
    case 'integer':
    case 'payment':
      if (text === '') return field.type === 'payment' ? 0 : undefined;
      return /^[+-]?\d+$/.test(text) ? Number(text) : text;
    case 'boolean': {
      const key = text.toLowerCase();
      if (TRUE.has(key)) return true;
      if (FALSE.has(key)) return false;
      return text === '' ? undefined : text;
    }
    case 'choice':
      return CHOICES[field.name]?.find((choice) => headerKey(choice) === headerKey(text)) ?? text;
    case 'nullable':
      return text === '' ? null : text;
    case 'decimal':
      if (text === '') return null;
      return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : text;
    default:
      return text;
  }
}

/** Reads a row's cell of a field through the mapping; a field without a column reads as empty. */
function columnReader(headers: readonly string[], mapping: ColumnMapping) {
  const index = new Map<string, number>();
  for (const [name, column] of Object.entries(mapping)) index.set(name, column === null ? -1 : headers.indexOf(column));
  return (cells: readonly string[], name: string): string | undefined => {
    const i = index.get(name) ?? -1;
    return i < 0 ? undefined : cells[i];
  };
}

type Built = { record: Record<string, unknown>; source: RecordSource; problems: RowError[]; identity: string };

const read = (fields: readonly ImportField[], cell: (name: string) => string | undefined) =>
  Object.fromEntries(fields.map((f) => [f.name, cellValue(f, cell(f.name))]));

/** What names a record in a file: a menu item's SKU, a target's restaurant and day, another's restaurant and external id. */
const IDENTITY: Record<Exclude<IngestKind, 'orders'>, readonly string[]> = {
  'menu-items': ['sku'],
  shifts: ['restaurant_id', 'external_id'],
  purchases: ['restaurant_id', 'external_id'],
  targets: ['restaurant_id', 'day'],
};

/** Menu items, shifts, purchases, targets: one record per row. */
function rowRecords(kind: Exclude<IngestKind, 'orders'>, rows: readonly FileRow[], cellOf: ReturnType<typeof columnReader>): Built[] {
  const { fields } = specOf(kind);
  return rows.map(({ row, cells }) => {
    const record = read(fields, (name) => cellOf(cells, name));
    const identity = IDENTITY[kind].map((name) => String(record[name])).join('\u0000');
    return { record, source: { rows: [row] }, problems: [], identity };
  });
}

/**
 * Orders: one row per line, the order's columns repeated on each (as POS exports are). Rows with the same
 * restaurant_id and external_id make one order, wherever they are in the file; a row that repeats the order's
 * columns with other values is a problem on that row, and the order is left out.
 */
export function groupOrders(rows: readonly FileRow[], cellOf: ReturnType<typeof columnReader>, mapping: ColumnMapping): Built[] {
  const { fields } = specOf('orders');
  const orderFields = fields.filter((f) => f.perOrder && f.type !== 'payment');
  const payments = fields.filter((f) => f.type === 'payment');
  const lineFields = fields.filter((f) => !f.perOrder);
  const repeated = fields.filter((f) => f.perOrder);
  const groups = new Map<string, FileRow[]>();
  for (const fileRow of rows) {
    const id = (cellOf(fileRow.cells, 'external_id') ?? '').trim();
    // A row without an id is an order of its own, which its schema refuses.
    const key = id === '' ? `\u0001${fileRow.row}` : `${(cellOf(fileRow.cells, 'restaurant_id') ?? '').trim()}\u0000${id}`;
    const group = groups.get(key);
    if (group) group.push(fileRow);
    else groups.set(key, [fileRow]);
  }
  return [...groups.values()].map((lines) => {
    const first = lines[0]!;
    const cell = (cells: readonly string[], name: string) => cellOf(cells, name);
    const methods: PaymentColumnMethod[] = [];
    const paid: { method: PaymentColumnMethod; amount_cents: unknown }[] = [];
    for (const f of payments) {
      const amount = cellValue(f, cell(first.cells, f.name));
      if (amount === 0) continue;
      const method = f.name.replace(/_cents$/, '') as PaymentColumnMethod;
      methods.push(method);
      paid.push({ method, amount_cents: amount });
    }
    const record = {
      ...read(orderFields, (name) => cell(first.cells, name)),
      lines: lines.map(({ cells }) => read(lineFields, (name) => cell(cells, name))),
      payments: paid,
    };
    const problems: RowError[] = [];
    for (const { row, cells } of lines.slice(1)) {
      for (const f of repeated) {
        const here = (cell(cells, f.name) ?? '').trim();
        const there = (cell(first.cells, f.name) ?? '').trim();
        if (here !== there) {
          problems.push({
            row,
            column: mapping[f.name] ?? f.name,
            message: `Rows of one order must repeat its columns: "${here}" here, "${there}" on row ${first.row}`,
          });
        }
      }
    }
    return { record, source: { rows: lines.map((l) => l.row), payments: methods }, problems, identity: '' };
  });
}

const encoder = new TextEncoder();

/** The valid records in calls of at most MAX_RECORDS_PER_CALL records and MAX_INGEST_BODY_BYTES bytes, each as its JSON body. */
export function toBatches(kind: IngestKind, valid: readonly { record: unknown; source: RecordSource }[]): ImportBatch[] {
  const key = specOf(kind).bodyKey;
  const frame = encoder.encode(`{"${key}":[]}`).length;
  const batches: ImportBatch[] = [];
  let jsons: string[] = [];
  let sources: RecordSource[] = [];
  let bytes = frame;
  const flush = () => {
    if (jsons.length === 0) return;
    batches.push({
      body: `{"${key}":[${jsons.join(',')}]}`,
      records: jsons.length,
      rows: sources.reduce((sum, s) => sum + s.rows.length, 0),
      firstRow: Math.min(...sources.map((s) => s.rows[0] ?? 0)),
      sources: JSON.stringify(sources),
    });
    jsons = [];
    sources = [];
    bytes = frame;
  };
  for (const { record, source } of valid) {
    const json = JSON.stringify(record);
    const size = encoder.encode(json).length + 1;
    if (jsons.length === MAX_RECORDS_PER_CALL || (jsons.length > 0 && bytes + size > MAX_INGEST_BODY_BYTES)) flush();
    jsons.push(json);
    sources.push(source);
    bytes += size;
  }
  flush();
  return batches;
}

/**
 * The file's data rows checked and batched: each record built from its row(s) through the mapping and checked
 * with its ingest schema; each problem put on its row and the owner's column. `problems` are the reader's own
 * (unbalanced quotes), whose rows are left out. Records named twice (one SKU, or one restaurant_id and
 * external_id) are a problem on the later row: the second would silently replace the first.
 */
export function prepareRows(
  kind: IngestKind,
  headers: readonly string[],
  rows: readonly FileRow[],
  mapping: ColumnMapping,
  problems: readonly RowError[] = [],
): PreparedFile {
  const cellOf = columnReader(headers, mapping);
  const built = kind === 'orders' ? groupOrders(rows, cellOf, mapping) : rowRecords(kind, rows, cellOf);
  const schema = SCHEMAS[kind];
  const errors: RowError[] = [...problems];
  const valid: { record: unknown; source: RecordSource }[] = [];
  const seen = new Map<string, number>();
  const skus = new Set<string>();
  let rejected = problems.length;
  for (const { record, source, problems: own, identity } of built) {
    if (kind === 'orders')
      for (const line of record.lines as { sku: unknown }[]) if (typeof line.sku === 'string' && line.sku) skus.add(line.sku);
    const found = [...own];
    const result = schema.safeParse(record);
    if (!result.success) {
      for (const issue of result.error.issues) found.push(problemAt(kind, issue.path, source, mapping, issue.message));
    }
    const row = source.rows[0]!;
    if (found.length === 0 && identity) {
      const earlier = seen.get(identity);
      if (earlier === undefined) seen.set(identity, row);
      else {
        const names = kind === 'orders' ? 'external_id' : IDENTITY[kind].at(-1)!;
        found.push({ row, column: mapping[names] ?? names, message: `The same record is on row ${earlier}: each record once per file` });
      }
    }
    if (found.length > 0) {
      rejected += 1;
      errors.push(...found);
    } else valid.push({ record: result.data, source });
  }
  errors.sort((a, b) => a.row - b.row);
  return {
    rows: rows.length + problems.length,
    records: valid.length,
    rejected,
    errorCount: errors.length,
    errors: errors.slice(0, ERRORS_KEPT),
    errorFile: errors.length > 0 ? csvBlob(errorsCsv(errors)) : null,
    batches: toBatches(kind, valid),
    skus: [...skus].sort(),
  };
}
