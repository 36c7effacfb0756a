import { CompiledQuery, sql } from 'kysely';
import fc from 'fast-check';
import { copyText, type Cell } from '../../server/analytics/write/statements';
import type { Db } from '../../server/db/database';
import { CopyData } from '../../server/db/pglite-dialect';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// COPY's text format as copyText writes it reads back as the same cells, whatever the text holds; the
// embedded database's write path copies orders, lines and payments in it (PostgreSQL inserts them instead).

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

// Tabs, newlines, carriage returns, backslashes and the text "\N" are the characters COPY reads specially.
const textArb = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'é', '\t', '\n', '\r', '\\', 'N', '.', ' ', '"', ',', '😀') }),
  fc.string({ unit: 'grapheme' }),
  fc.constant('\\N'),
);
const rowArb = fc.tuple(fc.option(textArb), fc.option(fc.integer()), fc.option(fc.boolean()));

describe.skipIf(process.env.DATABASE_URL)('copyText', () => {
  it('reads back through COPY … FROM the blob as the rows it was given', async () => {
    const reached = { special: 0, nulls: 0 };
    await sql`create temporary table copied (i int, t text, n int, b boolean)`.execute(db);
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { maxLength: 30 }), async (rows) => {
        await sql`truncate copied`.execute(db);
        const cells: Cell[][] = rows.map(([t, n, b], i) => [i, t, n, b]);
        await db.executeQuery(CompiledQuery.raw(`copy copied (i, t, n, b) from '/dev/blob'`, [new CopyData(new Blob([copyText(cells)]))]));
        const { rows: read } = await sql<{ i: number; t: string | null; n: number | null; b: boolean | null }>`
          select i, t, n, b from copied order by i`.execute(db);
        expect(read.map((r) => [r.i, r.t, r.n, r.b])).toEqual(cells);
        if (rows.some(([t]) => t !== null && /[\t\n\r\\]/.test(t))) reached.special++;
        if (rows.some((row) => row.includes(null))) reached.nulls++;
      }),
      { numRuns: 200 },
    );
    expect(reached.special).toBeGreaterThanOrEqual(50);
    expect(reached.nulls).toBeGreaterThanOrEqual(50);
  });
});
