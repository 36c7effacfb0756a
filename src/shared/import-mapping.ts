import type { IngestKind } from '@contract/ingest.contract';
import { specOf, type ColumnMapping } from './import-spec';

// Which column of the owner's file holds which field of the import: found by the headers' names, or as chosen last time.

/** A header as compared with our field names: "Placed At", "placed-at" and "placed_at" match. */
export const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * The mapping a file starts with: for each field, the column the owner chose last time for this kind when
 * the file has it, else the column named like the field, else none.
 */
export function initialMapping(kind: IngestKind, headers: readonly string[], saved: ColumnMapping | null): ColumnMapping {
  const byKey = new Map<string, string>();
  for (const header of headers) if (!byKey.has(headerKey(header))) byKey.set(headerKey(header), header);
  const mapping: ColumnMapping = {};
  for (const { name } of specOf(kind).fields) {
    const remembered = saved?.[name];
    mapping[name] = remembered && headers.includes(remembered) ? remembered : (byKey.get(name) ?? null);
  }
  return mapping;
}

/** The required fields the mapping leaves without a column. */
export const missingFields = (kind: IngestKind, mapping: ColumnMapping): string[] =>
  specOf(kind)
    .fields.filter((f) => f.required && !mapping[f.name])
    .map((f) => f.name);
