import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Names refuse control characters, line and paragraph separators and bidirectional controls
// (contract/text.ts); names stored before still held them, and a mail body keeps its line feeds. Each
// run of them, with the spaces around it, becomes one space, and the name is trimmed; a name left
// empty becomes "<kind> #<id>". A live API key whose cleaned name another live key of its franchise
// already has (in any case) gets " (2)", " (3)"…, its name being unique among them.

// PostgreSQL's \uXXXX class escapes: C0 (NUL cannot be stored), DEL and C1, the bidirectional
// controls, the line and paragraph separators.
const UNWANTED = String.raw`\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029`;
const RUN = `[ ${UNWANTED}]*[${UNWANTED}][ ${UNWANTED}]*`;

const TABLES = [
  { table: 'people', kind: 'Person' },
  { table: 'franchise_users', kind: 'Member' },
  { table: 'restaurants', kind: 'Restaurant' },
  { table: 'franchises', kind: 'Franchise' },
  { table: 'api_keys', kind: 'API key' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const cleaned = (kind: string) =>
    sql<string>`coalesce(nullif(btrim(regexp_replace(name, ${RUN}, ' ', 'g'), ' '), ''), ${`${kind} #`}::text || id)`;
  for (const { table, kind } of TABLES.filter((t) => t.table !== 'api_keys')) {
    await sql`update ${sql.table(table)} set name = ${cleaned(kind)} where name ~ ${`[${UNWANTED}]`}`.execute(db);
  }
  // One key at a time, in id order: each cleaned name is checked against those already clean.
  const { rows: keys } = await sql<{ id: number; franchise_id: number; live: boolean; name: string }>`
    select id, franchise_id, revoked_at is null as live, ${cleaned('API key')} as name
    from api_keys where name ~ ${`[${UNWANTED}]`} order by id`.execute(db);
  for (const key of keys) {
    let name = key.name;
    for (let n = 2; key.live && (await taken(db, key.franchise_id, key.id, name)); n++) name = `${key.name} (${n})`;
    await sql`update api_keys set name = ${name} where id = ${key.id}`.execute(db);
  }
}

const taken = async (db: Kysely<unknown>, franchiseId: number, id: number, name: string) =>
  (
    await sql`select 1 from api_keys where franchise_id = ${franchiseId} and revoked_at is null and id <> ${id}
      and lower(name) = lower(${name})`.execute(db)
  ).rows.length > 0;

// What was cleaned cannot come back.
export async function down(): Promise<void> {}
