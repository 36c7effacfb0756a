import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import { copiesFromBlob, type Db } from '../../db/database.js';
import { CopyData } from '../../db/pglite-dialect.js';
import { columnsOf, table as tableRef, type TableName } from '../../db/typed-sql.js';
import { ROLLUP_COLUMNS, type Column, type PgType, type RollupTable } from './rollup-columns.js';

// The bulk statements of the write path, raw SQL because Kysely's builder has no INSERT … SELECT FROM
// unnest(arrays) (one parameter per column, so a statement's size does not grow with its rows) nor
// an upsert adding each counter to the stored one. Columns are named through typed-sql.ts.

/** Rows per statement. */
const CHUNK = 5000;

export type Cell = string | number | boolean | null;

/** A cell as an element of PostgreSQL's array literal: strings quoted, so any text (commas, quotes, 'NULL') stays itself. */
const element = (cell: Cell | undefined): string =>
  cell === null || cell === undefined
    ? 'NULL'
    : typeof cell === 'string'
      ? `"${cell.replace(/["\\]/g, '\\$&')}"`
      : typeof cell === 'boolean'
        ? cell
          ? 't'
          : 'f'
        : String(cell);

/** Column `c` of the rows as one array literal ('{1,"a",NULL}'): one string parameter, which both drivers send as is, where a JS array is serialised element by element. */
function arrayLiteral(rows: Cell[][], c: number): string {
  const elements = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) elements[i] = element(rows[i]![c]);
  return `{${elements.join(',')}}`;
}

/** `unnest($1::int[], $2::text[], …)`: the rows as one array per column. */
export const unnestOf = (columns: readonly (readonly [name: string, pgType: PgType])[], rows: Cell[][]): RawBuilder<unknown> =>
  sql`unnest(${sql.join(columns.map(([, type], c) => sql`${arrayLiteral(rows, c)}::${sql.raw(type)}[]`))})`;

const names = <T extends TableName>(table: T, columns: readonly Column<T>[]) => sql.join(columns.map(([name]) => columnsOf(table)(name)));

/** Rows per COPY: big enough that a statement's overhead vanishes, small enough to build one while the previous is copied. */
const COPY_CHUNK = 10_000;

const ESCAPED = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A cell in COPY's text format: \\N for null, backslash escapes for the four characters that would end or bend a field. */
function copyField(cell: Cell): string {
  if (cell === null) return '\\N';
  if (typeof cell === 'boolean') return cell ? 't' : 'f';
  if (typeof cell === 'number') return String(cell);
  return ESCAPED.test(cell) ? cell.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : cell;
}

/** The rows as COPY text: a line per row, fields separated by tabs. */
export function copyText(rows: Cell[][]): string {
  let text = '';
  for (const row of rows) {
    for (let c = 0; c < row.length; c++) text += (c === 0 ? '' : '\t') + copyField(row[c]!);
    text += '\n';
  }
  return text;
}

/** One statement, its data built already: sending it is all that is left. */
type Built = () => Promise<unknown>;

/** The INSERT of a chunk of rows, column-wise. */
function insertChunk<T extends TableName>(db: Db, table: T, columns: readonly Column<T>[], rows: Cell[][]): Built {
  const query = sql`insert into ${tableRef(table)} (${names(table, columns)}) select * from ${unnestOf(columns, rows)}`;
  return () => query.execute(db);
}

/**
 * The COPY of a chunk of rows from a blob, on the embedded database only (see copiesFromBlob): several
 * times cheaper than an INSERT of the same rows, whose arrays PostgreSQL parses element by element.
 */
function copyChunk<T extends TableName>(db: Db, table: T, columns: readonly Column<T>[], rows: Cell[][]): Built {
  const { sql: statement } = sql`copy ${tableRef(table)} (${names(table, columns)}) from '/dev/blob'`.compile(db);
  const data = new CopyData(new Blob([copyText(rows)]));
  return () => db.executeQuery(CompiledQuery.raw(statement, [data]));
}

type ChunkBuilder = <T extends TableName>(db: Db, table: T, columns: readonly Column<T>[], rows: Cell[][]) => Built;

/** The fastest way the database takes rows in: COPY on the embedded one, INSERT on PostgreSQL. */
const rowWriter = (db: Db): [ChunkBuilder, number] => (copiesFromBlob(db) ? [copyChunk, COPY_CHUNK] : [insertChunk, CHUNK]);

/** Writes the rows chunk by chunk, each chunk's statement built while the previous one runs. */
async function writeChunks<T extends TableName>(
  [build, size]: [ChunkBuilder, number],
  db: Db,
  table: T,
  columns: readonly Column<T>[],
  rows: Cell[][],
): Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  for (let i = 0; i < rows.length; i += size) {
    const send = build(db, table, columns, rows.slice(i, i + size));
    await running;
    running = send();
  }
  await running;
}

/** Inserts the rows by COPY, on the embedded database only. */
export const copyRows = <T extends TableName>(db: Db, table: T, columns: readonly Column<T>[], rows: Cell[][]) =>
  writeChunks([copyChunk, COPY_CHUNK], db, table, columns, rows);

/** Inserts the rows the fastest way the database takes them. */
export const writeRows = <T extends TableName>(db: Db, table: T, columns: readonly Column<T>[], rows: Cell[][]) =>
  writeChunks(rowWriter(db), db, table, columns, rows);

/**
 * The same, every statement built now and sent when the returned function is called: to build one
 * write's statements while an earlier write runs on the database's one connection.
 */
export function prepareRows<T extends TableName>(db: Db, table: T, columns: readonly Column<T>[], rows: Cell[][]): () => Promise<void> {
  const [build, size] = rowWriter(db);
  const statements: Built[] = [];
  for (let i = 0; i < rows.length; i += size) statements.push(build(db, table, columns, rows.slice(i, i + size)));
  return async () => {
    for (const send of statements) await send();
  };
}

/**
 * `n` fresh consecutive ids of `table`'s serial id, on the embedded database only: its one connection
 * runs one statement at a time, so no one takes an id between this statement's nextval and setval
 * (on PostgreSQL another session could). A nextval per id costs as much as the COPY they go with.
 */
export async function nextIds(db: Db, table: TableName, n: number): Promise<number[]> {
  if (n === 0) return [];
  const { rows } = await sql<{ last: number }>`select setval(pg_get_serial_sequence(${table}, 'id'),
    nextval(pg_get_serial_sequence(${table}, 'id')) + ${n - 1}) as last`.execute(db);
  const first = Number(rows[0]!.last) - n + 1;
  return Array.from({ length: n }, (_, i) => first + i);
}

/** `t.x = t.x + excluded.x` for each counter. */
const addCounters = <T extends TableName>(table: T, counters: readonly Column<T>[]) =>
  counters.map(([name]) => {
    const [stored, excluded] = [columnsOf(table, table)(name), columnsOf(table, 'excluded')(name)];
    return sql`${columnsOf(table)(name)} = ${stored} + ${excluded}`;
  });

/**
 * Additive upsert of daily rollup rows (keys then counters, in ROLLUP_COLUMNS' order): counters of a key already present are added to.
 * `newKeys`: the caller vouches that no row of these keys is stored, so they are inserted the fastest way (writeRows), without
 * the key lookup of an upsert (see `appending` in sent.ts); a stored one makes the write fail, on its key or when a bulk load
 * adds the key back.
 */
export async function addToRollup<T extends RollupTable>(db: Db, table: T, rows: Cell[][], newKeys = false): Promise<void> {
  const { keys, counters } = ROLLUP_COLUMNS[table] as { keys: readonly Column<T>[]; counters: readonly Column<T>[] };
  const columns = [...keys, ...counters];
  if (newKeys) return writeRows(db, table, columns, rows);
  const add = sql.join(addCounters(table, counters));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await sql`insert into ${tableRef(table)} (${names(table, columns)}) select * from ${unnestOf(columns, rows.slice(i, i + CHUNK))}
      on conflict (${names(table, keys)}) do update set ${add}`.execute(db);
  }
}

/** Days in the month of `month` ('YYYY-MM-01'). */
const daysInMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** A monthly row being built: its keys besides the month, its counters, and per running counter one element per day of the month. */
export type RunningRow = { keys: Cell[]; month: string; counters: number[]; running: number[][] };

/** Adds a day's `counters` to its month's row for `key`, and its `running` counters to elements day..end of month. */
export function addRunning(
  rows: Map<string, RunningRow>,
  key: string,
  keys: Cell[],
  day: string,
  counters: number[],
  running: number[],
): void {
  const month = monthOf(day);
  const rowKey = `${key}|${month}`;
  const row =
    rows.get(rowKey) ??
    rows
      .set(rowKey, { keys, month, counters: counters.map(() => 0), running: running.map(() => Array<number>(daysInMonth(month)).fill(0)) })
      .get(rowKey)!;
  for (const [c, n] of counters.entries()) row.counters[c]! += n;
  const from = Number(day.slice(8)) - 1;
  for (const [c, n] of running.entries()) {
    const elements = row.running[c]!;
    for (let d = from; d < elements.length; d++) elements[d]! += n;
  }
}

/**
 * Additive upsert of a monthly rollup's rows (its keys but month in ROLLUP_COLUMNS' order): counters
 * added, running-total arrays added element-wise, so batches may still arrive in any order.
 */
export async function addToRunningRollup<
  T extends 'monthly_restaurant_stats' | 'monthly_restaurant_labour' | 'monthly_restaurant_purchases' | 'monthly_staff_hours',
>(db: Db, table: T, rows: RunningRow[]): Promise<void> {
  const columns = ROLLUP_COLUMNS[table] as { keys: readonly Column<T>[]; counters: readonly Column<T>[]; running: readonly Column<T>[] };
  const month = columns.keys.find(([name]) => name === 'month')!;
  const keys = columns.keys.filter((key) => key !== month);
  const scalars = [...keys, month, ...columns.counters];
  // Arrays travel as text literals ('{1,2,3}'): an array of arrays would be flattened by unnest.
  const texts: Column<T>[] = columns.running.map(([name]) => [name, 'text']);
  const ref = columnsOf(table);
  const add = sql.join([
    ...addCounters(table, columns.counters),
    ...columns.running.map(
      ([name]) =>
        sql`${ref(name)} = array(select a + b from unnest(${columnsOf(table, table)(name)}, ${columnsOf(table, 'excluded')(name)}) with ordinality as u(a, b, i) order by i)`,
    ),
  ]);
  const u = columnsOf(table, 'u');
  const select = sql.join([
    ...scalars.map(([name]) => u(name)),
    ...columns.running.map(([name, type]) => sql`${u(name)}::${sql.raw(type)}`),
  ]);
  const all = [...scalars, ...texts];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((r) => [...r.keys, r.month, ...r.counters, ...r.running.map((a) => `{${a.join(',')}}`)]);
    await sql`insert into ${tableRef(table)} (${names(table, [...scalars, ...columns.running])})
      select ${select} from ${unnestOf(all, chunk)} as u(${names(table, all)})
      on conflict (${names(table, columns.keys)}) do update set ${add}`.execute(db);
  }
}
