import type { IngestKind } from '@contract/ingest.contract';
import { specOf, type ColumnMapping } from './import-spec';

// Which column of the owner's file holds which field of the import: found by the headers' names, or as chosen last time.

/** A header as compared with our field names: "Placed At", "placed-at", "Placed at:" and "placed_at" match. */
export const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * The names a field's column may have in an owner's file, as POS and roster exports name them: the field's own,
 * the field without its unit or kind of id ("Card" is card_cents, "Customer" customer_ref, "Restaurant"
 * restaurant_id, "Placed" placed_at), and the field's usual other names ("Qty", "Date").
 */
export function namesOf(field: { name: string; aliases?: readonly string[] }): string[] {
  const bare = field.name.replace(/_(cents|ref|id|at)$/, '');
  return [...new Set([field.name, bare, ...(field.aliases ?? [])])];
}

/**
 * The mapping a file starts with: for each field, the column the owner chose last time for this kind when
 * the file has it, else the first column named like the field (`namesOf`) and not taken by an earlier field, else none.
 */
export function initialMapping(kind: IngestKind, headers: readonly string[], saved: ColumnMapping | null): ColumnMapping {
  const byKey = new Map<string, string>();
  for (const header of headers) if (!byKey.has(headerKey(header))) byKey.set(headerKey(header), header);
  const mapping: ColumnMapping = {};
  const taken = new Set<string>();
  for (const field of specOf(kind).fields) {
    const remembered = saved?.[field.name];
    const named = namesOf(field)
      .map((name) => byKey.get(name))
      .find((header) => header !== undefined && !taken.has(header));
    const column = remembered && headers.includes(remembered) ? remembered : (named ?? null);
    if (column) taken.add(column);
    mapping[field.name] = column;
  }
  return mapping;
}

/** The required fields the mapping leaves without a column. */
export const missingFields = (kind: IngestKind, mapping: ColumnMapping): string[] =>
  specOf(kind)
    .fields.filter((f) => f.required && !mapping[f.name])
    .map((f) => f.name);
