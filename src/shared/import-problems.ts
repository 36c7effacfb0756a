import type { IngestKind } from '@contract/ingest.contract';
import { PAYMENT_METHODS_IN_COLUMNS, specOf, type ColumnMapping, type ImportBatch, type RecordSource, type RowError } from './import-spec';

// Where a problem of a record is on the owner's file: the worker's checks and the server's refusals name a path inside
// a record; the owner fixes a row and a column.

/**
 * The row and column of a problem at `path` inside a record (a zod issue's path, or the rest of the server's
 * `orders[3].lines[0].sku`): a line's problem is on that line's row, an order's on its first row.
 */
export function locate(
  kind: IngestKind,
  path: readonly PropertyKey[],
  source: RecordSource,
  mapping: ColumnMapping,
): { row: number; column: string } {
  const first = source.rows[0] ?? 0;
  const column = (name: PropertyKey | undefined) => (typeof name === 'string' ? (mapping[name] ?? name) : '');
  const [head, index, inner] = path;
  if (kind === 'orders' && head === 'lines') {
    if (typeof index !== 'number') return { row: first, column: column('amount_cents') };
    return { row: source.rows[index] ?? first, column: column(inner ?? 'sku') };
  }
  if (kind === 'orders' && head === 'payments') {
    const method = typeof index === 'number' ? source.payments?.[index] : undefined;
    if (method) return { row: first, column: column(`${method}_cents`) };
    return { row: first, column: PAYMENT_METHODS_IN_COLUMNS.map((m) => column(`${m}_cents`)).join(', ') };
  }
  return { row: first, column: column(head) };
}

/**
 * A problem of a record on the owner's file: its row, the owner's column, and the message in the owner's words. The
 * contract's and the server's messages start with our field's name ("card_cents must be a whole number"); a file
 * whose column is called otherwise reads "Column 'Card total': must be a whole number".
 */
export function problemAt(
  kind: IngestKind,
  path: readonly PropertyKey[],
  source: RecordSource,
  mapping: ColumnMapping,
  message: string,
): RowError {
  const { row, column } = locate(kind, path, source, mapping);
  const named = path.findLast((p): p is string => typeof p === 'string');
  const owners = named !== undefined && column !== '' && column !== named && message.startsWith(`${named} `);
  return { row, column, message: owners ? `Column '${column}': ${message.slice(named.length + 1)}` : message };
}

/** `orders[3].lines[0].sku` → ['orders', 3, 'lines', 0, 'sku']. */
export function parseErrorPath(key: string): (string | number)[] {
  return [...key.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

/**
 * A refused batch's problems on the file's rows: the server keys them by path (`orders[3].lines[0].sku`), the
 * batch's record index leads to the record's rows. A key naming no record (the whole body) is put on the batch's first row.
 */
export function batchErrorsToRows(
  kind: IngestKind,
  errors: Record<string, readonly string[]>,
  batch: ImportBatch,
  mapping: ColumnMapping,
): RowError[] {
  const sources = JSON.parse(batch.sources) as RecordSource[];
  const found: RowError[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const [list, index, ...rest] = parseErrorPath(key);
    const source = list === specOf(kind).bodyKey && typeof index === 'number' ? sources[index] : undefined;
    for (const message of messages) {
      found.push(source ? problemAt(kind, rest, source, mapping, message) : { row: batch.firstRow, column: '', message });
    }
  }
  return found.sort((a, b) => a.row - b.row);
}
