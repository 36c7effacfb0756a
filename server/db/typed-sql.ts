import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './database.js';

// Raw SQL kept where Kysely's builder cannot say it (additive upserts, set-wise rebuilds) names its
// tables and columns through these, so renaming one in the Database type fails `tsc` there too.

export type TableName = keyof Database & string;
export type ColumnName<T extends TableName> = keyof Database[T] & string;

/** A table of the Database type, as an identifier. */
export const table = <T extends TableName>(name: T): RawBuilder<unknown> => sql.table(name);

/** The columns of `name` (qualified by `alias` when given): `o('placed_at')` is `o.placed_at`. */
export const columnsOf =
  <T extends TableName>(name: T, alias?: string) =>
  (column: ColumnName<T>): RawBuilder<unknown> =>
    sql.ref(alias === undefined ? column : `${alias}.${column}`);

/** A comma-separated list of columns of `name`. */
export const columnList = <T extends TableName>(name: T, columns: readonly ColumnName<T>[], alias?: string): RawBuilder<unknown> =>
  sql.join(columns.map(columnsOf(name, alias)));

/** `any($1::type[])`, the right side of `where(column, '=', …)`: one array parameter however many values. */
export const anyOf = <V extends string | number>(values: readonly V[], pgType: 'int' | 'bigint' | 'text' | 'date'): RawBuilder<V> =>
  sql<V>`any(${values}::${sql.raw(pgType)}[])`;

/**
 * A member's branches as a condition on the restaurant id `column`: null reaches every branch (no
 * condition), an empty list none, else those (docs/product.md, Manager).
 */
export const withinBranches = (column: RawBuilder<unknown>, branches: readonly number[] | null): RawBuilder<SqlBool> =>
  branches === null ? sql<SqlBool>`true` : branches.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`${column} in (${sql.join(branches)})`;
