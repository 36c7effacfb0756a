import { parse } from 'csv-parse/sync';
import { EXPORTS_PER_USER } from '../../server/analytics/exports/export-slots';
import * as exportsModule from '../../server/analytics/exports/report-export';
import { formatDay } from '@contract/presentation/format';
import { ANALYTICS_PAGES, type AnalyticsPage, type PageReport } from '@contract/page-reports.contract';
import { formatCell } from '@contract/presentation/report-display';
import type { Db } from '../../server/db/database';
import { addFixtureOwners, createAnalyticsFixture, FIXTURE_OWNERS, type AnalyticsFixture } from './support/analytics-fixture';
import { csvTables, pdfText, readBack } from '../support/report-files';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Every page's CSV and PDF against the report the page shows for the same query (the analytics
// fixture's trade, seen on Monday 23 November 2026 in Sydney): the files must hold the screen's rows
// and totals, franchise-wide and for one branch.

const DAY = 86_400_000;

let database: TestDatabase;
let db: Db;
let f: AnalyticsFixture;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let rival: string;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  f = await createAnalyticsFixture(db);
  await addFixtureOwners(db, f);
  t = createTestApp(db);
  t.advance(DAY);
  owner = await t.login(FIXTURE_OWNERS.harbour);
  rival = await t.login(FIXTURE_OWNERS.rival);
});
afterAll(() => database.close());

async function report(path: string): Promise<PageReport> {
  const res = await t.call('GET', `/api/v1/franchise/${path}`, { token: owner });
  expect(res.status, res.text).toBe(200);
  expectSuccessEnvelope(res.body);
  return res.body.data as PageReport;
}

/** An export as bytes (the test app's call() reads bodies as text, which a PDF is not). */
async function download(path: string, token: string | null = owner) {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const env = { incoming: { socket: { remoteAddress: '203.0.113.1' } } };
  const res = await t.app.request(`/api/v1/franchise/${path}`, { headers }, env);
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const scopes = () => [
  { name: 'franchise-wide', prefix: 'analytics/pages', branch: 'all-branches' },
  { name: 'Parramatta', prefix: `restaurants/${f.parramatta}/analytics/pages`, branch: 'harbour-parramatta' },
];

describe.each(ANALYTICS_PAGES)('the %s page', (page: AnalyticsPage) => {
  it.each(['7days', '1month', '3months'])(
    'CSV, %s: the report’s header facts, every table with its rows and total, franchise-wide and per branch',
    async (period) => {
      for (const scope of scopes()) {
        const query = `period=${period}&limit=3`;
        const r = await report(`${scope.prefix}/${page}?${query}`);
        const file = await download(`${scope.prefix}/${page}/export?${query}&format=csv`);
        expect(file.status, scope.name).toBe(200);
        expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        const name = `${page}_${scope.branch}_${r.window.start_date}_${r.window.end_date}.csv`;
        expect(file.headers.get('content-disposition')).toContain(`filename="${name}"`);
        expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

        // Strict parsing: RFC 4180 quoting, CRLF, and the same number of fields in every record.
        const records: string[][] = parse(file.bytes, { bom: true, record_delimiter: '\r\n' });
        const facts = Object.fromEntries(records.slice(0, 8).map(([key, value]) => [key, value]));
        expect(facts).toMatchObject({
          Report: r.title,
          Franchise: 'Fixture Harbour',
          Branch: r.branch ? `${r.branch.name} (${r.branch.location})` : 'All Branches',
          'Start date': r.window.start_date,
          'End date': r.window.end_date,
          'Time zone': 'Australia/Sydney',
        });
        // What the figures leave out (the dishes without a cost) is a fact of the header.
        const header = records.slice(
          0,
          records.findIndex((record) => record.every((field) => field === '')),
        );
        expect(header.find(([key]) => key === 'Note')?.[1] ?? null).toBe(r.note ?? null);
        const tables = csvTables(records);
        expect(tables.map((table) => table.title)).toEqual(r.tables.map((table) => table.title));
        r.tables.forEach((table, index) => {
          const csv = tables[index]!;
          expect(csv.header.slice(0, table.columns.length)).toEqual(table.columns.map((column) => column.label));
          const rows = csv.records.slice(0, table.rows.length).map((record) => readBack(table, record, false));
          expect(rows, `${scope.name} ${table.id}`).toEqual(table.rows.map((row) => row.cells));
          const total = csv.records.slice(table.rows.length);
          expect(total.map((record) => readBack(table, record, true))).toEqual(table.total ? [table.total.cells] : []);
        });
      }
    },
  );

  it('PDF: the title, franchise, branch, window, every table title and every total figure, as the screen formats them', async () => {
    for (const scope of scopes()) {
      const r = await report(`${scope.prefix}/${page}?period=7days`);
      const file = await download(`${scope.prefix}/${page}/export?period=7days&format=pdf`);
      expect(file.status, scope.name).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toContain(`filename="${page}_${scope.branch}_2026-11-16_2026-11-22.pdf"`);
      expect(new TextDecoder().decode(file.bytes.slice(0, 5))).toBe('%PDF-');
      const text = await pdfText(file.bytes);
      expect(text).toContain(r.title);
      expect(text).toContain('Franchise: Fixture Harbour');
      expect(text).toContain(`Branch: ${r.branch ? `${r.branch.name}, ${r.branch.location}` : 'All Branches'}`);
      expect(text).toContain(`${formatDay(r.window.start_date)} – ${formatDay(r.window.end_date)} (Last 7 Days)`);
      expect(text).toContain('Australia/Sydney');
      for (const card of r.cards) expect(text).toContain(`${card.label} ${formatCell(card.unit, card.value)}`);
      for (const table of r.tables) {
        expect(text).toContain(table.title);
        if (!table.total) continue;
        // The total row's cells in a row, as the screen shows them ("–" where undefined).
        const cells = table.total.cells.map((cell, index) => formatCell(table.columns[index]!.unit, cell));
        expect(text, `${scope.name} ${table.id}`).toContain(cells.join(' '));
      }
    }
  });
});

describe('the files of a window with no data', () => {
  it('say what the page says (the header facts, then "No orders in this window."), not a table of zeros', async () => {
    const prefix = `restaurants/${f.manly}/analytics/pages/order/export?period=7days`;
    const records: string[][] = parse((await download(`${prefix}&format=csv`)).bytes, { bom: true, record_delimiter: '\r\n' });
    const facts = Object.fromEntries(records.slice(0, 9).map(([key, value]) => [key, value]));
    expect(facts).toMatchObject({ Branch: 'Harbour Manly (Manly, NSW)', 'Start date': '2026-11-16', 'End date': '2026-11-22' });
    // When the report was read, on the franchise's clock: 11:00 on 23 November in Sydney.
    expect(facts['Generated at']).toMatch(/^2026-11-23T11:00:\d\d\+11:00$/);
    expect(records.slice(9).map((record) => record.filter(Boolean))).toEqual([[], ['No orders in this window.']]);
    const text = await pdfText((await download(`${prefix}&format=pdf`)).bytes);
    expect(text).toContain('Branch: Harbour Manly, Manly, NSW');
    expect(text).toContain('No orders in this window.');
    expect(text).not.toContain('Order Breakdown');
    expect(text).not.toContain('Total Orders');
  });
});

describe('export errors are JSON envelopes', () => {
  it('no token 401, an unknown page or a foreign restaurant 404, a missing or unknown format 422', async () => {
    const cases: [string, string | null, number, string | RegExp][] = [
      ['analytics/pages/order/export?format=csv', null, 401, 'Unauthenticated'],
      ['analytics/pages/sales/export?format=csv', owner, 404, 'Not found'],
      [`restaurants/${f.parramatta}/analytics/pages/order/export?format=pdf`, rival, 404, 'Restaurant not found'],
      ['analytics/pages/order/export', owner, 422, /format: must be one of csv, pdf/],
      ['analytics/pages/order/export?format=xlsx', owner, 422, /format: must be one of csv, pdf/],
      ['analytics/pages/order/export?format=csv&period=fortnight', owner, 422, /period/],
    ];
    for (const [path, token, status, message] of cases) {
      const res = await download(path, token);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expectErrorEnvelope(JSON.parse(new TextDecoder().decode(res.bytes)), message);
    }
  });
});

describe('a report’s files', () => {
  it('are rendered once per cached report: the next export of the same report answers the same bytes without rendering again', async () => {
    const path = 'analytics/pages/revenue/export?format=pdf&period=14days';
    const render = vi.spyOn(exportsModule, 'renderExport');
    try {
      const first = await download(path);
      const second = await download(path);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.bytes).toEqual(first.bytes);
      expect(render).toHaveBeenCalledTimes(1);
      expect((await download(path.replace('pdf', 'csv'))).status).toBe(200);
      expect(render).toHaveBeenCalledTimes(2);
    } finally {
      render.mockRestore();
    }
  });
});

describe('exports in progress', () => {
  const slotsOf = (userId: number) => db.selectFrom('export_slots').select(['slot', 'taken_at']).where('user_id', '=', userId).execute();

  it(`allow ${EXPORTS_PER_USER} at a time per user (429 with Retry-After beyond, on every server), give their slot back, and reuse a slot left by a stopped server`, async () => {
    const me = (await t.call('GET', 'profile', { token: owner })).body.data.user.id as number;
    const them = (await t.call('GET', 'profile', { token: rival })).body.data.user.id as number;
    const path = 'analytics/pages/order/export?format=pdf';
    expect((await download(path)).status).toBe(200);
    expect(await slotsOf(me)).toEqual([]);

    // Two exports of this user under way, as another server would have them.
    const now = new Date(t.now());
    await db
      .insertInto('export_slots')
      .values([1, 2].map((slot) => ({ user_id: me, slot, taken_at: now })))
      .execute();
    const refused = await download(path);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2');
    expectErrorEnvelope(
      JSON.parse(new TextDecoder().decode(refused.bytes)),
      `At most ${EXPORTS_PER_USER} exports at a time. Try again in 2 seconds.`,
    );
    expect((await download('analytics/pages/order/export?format=csv', rival)).status).toBe(200);
    expect(await slotsOf(them)).toEqual([]);

    // A slot whose server never gave it back is free after two minutes.
    t.advance(2 * 60_000 + 1);
    expect((await download(path)).status).toBe(200);
    expect((await slotsOf(me)).map((s) => s.slot)).toEqual([2]);
    await db.deleteFrom('export_slots').where('user_id', '=', me).execute();
  });
});
