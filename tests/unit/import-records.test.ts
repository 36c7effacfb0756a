import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CHANNELS, INGEST_KINDS, MENUS, ORDER_STATUSES, PURCHASE_CATEGORIES, SOURCES, type IngestKind } from '@contract/ingest.contract';
import { csvBlob, errorsCsv, toCsv } from '../../src/shared/import-csv';
import { initialMapping, missingFields } from '../../src/shared/import-mapping';
import { batchErrorsToRows, parseErrorPath } from '../../src/shared/import-problems';
import { skusNotOnMenu } from '../../src/machines/support/import-calls';
import { IMPORT_KINDS, IMPORT_SPECS, templateRows, type ColumnMapping, type FileRow, type ImportBatch } from '../../src/shared/import-spec';
import { FILE_EMPTY, csvImportApi, readCsv } from '../../src/workers/csv-import';
import { cellValue, prepareRows } from '../../src/workers/import-records';

const identity = (kind: IngestKind): ColumnMapping => Object.fromEntries(IMPORT_SPECS[kind].fields.map((f) => [f.name, f.name]));
const csv = (rows: readonly (readonly string[])[]) => rows.map((r) => r.join(',')).join('\r\n');
/** A file's text read and checked as the worker does. */
function check(kind: IngestKind, text: string, mapping: ColumnMapping = identity(kind)) {
  const { headers, rows, problems } = readCsv(text);
  return prepareRows(kind, headers, rows, mapping, problems);
}
const bodyOf = (batch: ImportBatch) => JSON.parse(batch.body) as Record<string, Record<string, unknown>[]>;

const ORDER_HEADER = IMPORT_SPECS.orders.fields.map((f) => f.name);
/** The owner's restaurants and menu, as the templates name them. */
const OWNERS = { restaurantIds: [7, 9], skus: ['BURGER-CLASSIC', 'FRIES-LARGE', 'COMBO-LUNCH'] };
/** An order line: the order's columns (overridable by name), then sku, quantity, amount_cents, and the payments. */
function orderRow(values: Record<string, string>): string[] {
  const base: Record<string, string> = {
    external_id: 'POS-1',
    restaurant_id: '7',
    placed_at: '2026-11-24T12:30:00+11:00',
    channel: 'dine_in',
    source: 'pos',
    guests: '2',
    customer_ref: '',
    status: 'completed',
    sku: 'BURGER',
    quantity: '1',
    amount_cents: '1000',
    card_cents: '1000',
    cash_cents: '',
    app_cents: '',
    discount_cents: '',
    tip_cents: '',
    platform: '',
  };
  return ORDER_HEADER.map((name) => values[name] ?? base[name]!);
}

describe('reading a CSV file', () => {
  it('numbers rows by the file line (header = row 1): blank lines are skipped but counted, a quoted line break counts', () => {
    const text = '\ufeffsku,name\r\nA,"two\r\nlines"\r\n\r\nB,plain\r\n';
    const read = readCsv(text);
    expect(read.headers).toEqual(['sku', 'name']);
    expect(read.rows).toEqual([
      { row: 2, cells: ['A', 'two\r\nlines'] },
      { row: 5, cells: ['B', 'plain'] },
    ]);
  });

  it('detects a semicolon delimiter, names a blank header by its position, and reports an unclosed quote', () => {
    expect(readCsv('sku;;name\nA;x;Alpha\n').headers).toEqual(['sku', 'column 2', 'name']);
    const broken = readCsv('sku,name\nA,"open\nB,b\n');
    expect(broken.problems).toEqual([expect.objectContaining({ row: 2, column: '' })]);
    expect(broken.problems[0]!.message).toMatch(/^The row could not be read/);
  });

  it('the worker API reads a File: inspect gives the header and at most 10 rows; an empty file is an error', async () => {
    const lines = ['sku,name', ...Array.from({ length: 30 }, (_, i) => `S${i},Item ${i}`)];
    const info = await csvImportApi.inspect(new File([lines.join('\n')], 'menu.csv'));
    expect(info).toMatchObject({ name: 'menu.csv', headers: ['sku', 'name'] });
    expect(info.preview).toHaveLength(10);
    expect(info.preview[0]).toEqual({ row: 2, cells: ['S0', 'Item 0'] });
    await expect(csvImportApi.inspect(new File(['\n\n'], 'empty.csv'))).rejects.toThrow(FILE_EMPTY);
  });
});

describe('cells become record fields', () => {
  const spec = (kind: IngestKind, name: string) => IMPORT_SPECS[kind].fields.find((f) => f.name === name)!;
  it('whole numbers, booleans, choices (case, spaces and dashes aside), nullable text', () => {
    expect(cellValue(spec('menu-items', 'price_cents'), ' 1595 ')).toBe(1595);
    expect(cellValue(spec('menu-items', 'price_cents'), '15.95')).toBe('15.95');
    expect(cellValue(spec('menu-items', 'price_cents'), '')).toBeUndefined();
    expect(cellValue(spec('menu-items', 'is_combo'), 'Yes')).toBe(true);
    expect(cellValue(spec('menu-items', 'is_combo'), '0')).toBe(false);
    expect(cellValue(spec('menu-items', 'is_combo'), 'maybe')).toBe('maybe');
    expect(cellValue(spec('menu-items', 'menu'), 'all-day')).toBe('All Day');
    expect(cellValue(spec('orders', 'channel'), 'Dine In')).toBe('dine_in');
    expect(cellValue(spec('purchases', 'category'), 'VEGETABLES')).toBe('vegetables');
    expect(cellValue(spec('orders', 'customer_ref'), '  ')).toBeNull();
    expect(cellValue(spec('orders', 'card_cents'), '')).toBe(0);
  });

  it("an unconvertible cell reaches the schema, which names the problem on the owner's column", () => {
    const result = check(
      'menu-items',
      csv([
        ['Item Code', 'name', 'price_cents', 'menu', 'is_combo'],
        ['BURGER', 'Burger', '15.95', 'Brunch', 'maybe'],
      ]),
      { ...identity('menu-items'), sku: 'Item Code' },
    );
    expect(result).toMatchObject({ rows: 1, records: 0, rejected: 1, errorCount: 3, batches: [] });
    expect(result.errors).toEqual([
      { row: 2, column: 'price_cents', message: 'price_cents must be a whole number' },
      { row: 2, column: 'menu', message: 'menu must be one of Lunch, Dinner, All Day' },
      { row: 2, column: 'is_combo', message: 'is_combo must be true or false' },
    ]);
  });

  it('a menu file carries each item’s cost in cents, an empty cost none and a negative one its problem', () => {
    const result = check(
      'menu-items',
      csv([
        ['sku', 'name', 'price_cents', 'menu', 'is_combo', 'cost_cents'],
        ['BURGER', 'Burger', '1595', 'All Day', 'false', '490'],
        ['CHIPS', 'Chips', '600', 'All Day', 'false', ''],
        ['SHAKE', 'Shake', '700', 'All Day', 'false', '-5'],
      ]),
    );
    expect(result.errors).toEqual([{ row: 4, column: 'cost_cents', message: 'cost_cents must not be negative' }]);
    expect(JSON.parse(result.batches[0]!.body).items).toEqual([
      { sku: 'BURGER', name: 'Burger', price_cents: 1595, menu: 'All Day', is_combo: false, cost_cents: 490 },
      { sku: 'CHIPS', name: 'Chips', price_cents: 600, menu: 'All Day', is_combo: false },
    ]);
  });

  it("a field mapped to the owner's column reads that column; its problem is reported under the column's name", () => {
    const result = check(
      'shifts',
      csv([
        ['ID', 'restaurant_id', 'person_email', 'day', 'assigned_minutes', 'actual_minutes', 'hourly_rate_cents', 'attended'],
        ['', '7', 'mia@example.com', '2026-11-24', '480', '480', '3000', 'true'],
      ]),
      {
        ...identity('shifts'),
        external_id: 'ID',
      },
    );
    expect(result.errors).toEqual([{ row: 2, column: 'ID', message: "Column 'ID': is required" }]);
  });
});

describe("problems in the owner's words", () => {
  it("a problem of a field mapped to another column names that column, not our field: Column 'Card total': ...", () => {
    const headers = ORDER_HEADER.map((h) => ({ card_cents: 'Card total', guests: 'Covers' })[h] ?? h);
    const mapping = { ...identity('orders'), card_cents: 'Card total', guests: 'Covers' };
    const result = check('orders', csv([headers, orderRow({ card_cents: '10.00', guests: 'two' })]), mapping);
    expect(result.errors).toEqual([
      { row: 2, column: 'Covers', message: "Column 'Covers': must be a whole number" },
      { row: 2, column: 'Card total', message: "Column 'Card total': must be a whole number" },
    ]);
    // The server's refusal too, on the owner's column; a message that names no field stays as it is.
    const batch: ImportBatch = { body: '{"orders":[]}', records: 1, rows: 1, firstRow: 2, sources: '[{"rows":[2],"payments":["card"]}]' };
    const refused = batchErrorsToRows(
      'orders',
      { 'orders[0].guests': ['guests must be at most 1000'], 'orders[0].lines[0].sku': ['Unknown SKU "X"'] },
      batch,
      mapping,
    );
    expect(refused).toEqual([
      { row: 2, column: 'Covers', message: "Column 'Covers': must be at most 1000" },
      { row: 2, column: 'sku', message: 'Unknown SKU "X"' },
    ]);
  });
});

describe('orders: one row per line', () => {
  it('rows with one restaurant_id and external_id make one order, also when apart; payments come from the order columns', () => {
    const result = check(
      'orders',
      csv([
        ORDER_HEADER,
        orderRow({ sku: 'BURGER', quantity: '2', amount_cents: '2000', card_cents: '1500', cash_cents: '1000' }),
        orderRow({ external_id: 'POS-2', amount_cents: '700', card_cents: '', app_cents: '700', source: 'app' }),
        orderRow({ sku: 'FRIES', amount_cents: '500', card_cents: '1500', cash_cents: '1000' }),
        orderRow({ restaurant_id: '9', amount_cents: '1000' }),
      ]),
    );
    expect(result).toMatchObject({ rows: 4, records: 3, rejected: 0, errorCount: 0, errorFile: null });
    const [batch] = result.batches;
    expect(batch).toMatchObject({ records: 3, rows: 4, firstRow: 2 });
    const orders = bodyOf(batch!).orders!;
    expect(orders[0]).toEqual({
      external_id: 'POS-1',
      restaurant_id: 7,
      placed_at: '2026-11-24T12:30:00+11:00',
      channel: 'dine_in',
      source: 'pos',
      guests: 2,
      customer_ref: null,
      status: 'completed',
      // No platform column: none named.
      platform: null,
      lines: [
        { sku: 'BURGER', quantity: 2, amount_cents: 2000 },
        { sku: 'FRIES', quantity: 1, amount_cents: 500 },
      ],
      payments: [
        { method: 'card', amount_cents: 1500 },
        { method: 'cash', amount_cents: 1000 },
      ],
    });
    expect(orders[1]).toMatchObject({ external_id: 'POS-2', payments: [{ method: 'app', amount_cents: 700 }] });
    expect(orders[2]).toMatchObject({ external_id: 'POS-1', restaurant_id: 9 });
    expect(JSON.parse(batch!.sources)).toEqual([
      { rows: [2, 4], payments: ['card', 'cash'] },
      { rows: [3], payments: ['app'] },
      { rows: [5], payments: ['card'] },
    ]);
  });

  it('reads a discount, a tip and a delivery platform from the order columns; a tip left out of the payments is named', () => {
    const result = check(
      'orders',
      csv([
        ORDER_HEADER,
        orderRow({ channel: 'delivery', platform: 'Uber Eats', discount_cents: '150', tip_cents: '300', card_cents: '1150' }),
        orderRow({ external_id: 'POS-2', status: 'refunded', discount_cents: '100', card_cents: '900' }),
        orderRow({ external_id: 'POS-3', tip_cents: '200' }),
      ]),
    );
    const orders = bodyOf(result.batches[0]!).orders!;
    expect(orders[0]).toMatchObject({ channel: 'delivery', platform: 'Uber Eats', discount_cents: 150, tip_cents: 300 });
    expect(orders[1]).toMatchObject({ status: 'refunded', discount_cents: 100, platform: null });
    expect(result.errors).toEqual([
      {
        row: 4,
        column: 'card_cents, cash_cents, app_cents',
        message: 'Payments add up to 1000 cents but the lines less the discount plus the tip to 1200 cents',
      },
    ]);
  });

  it('a row of an order that disagrees on the order columns is a problem naming that row, and the order is left out', () => {
    const result = check(
      'orders',
      csv([
        ORDER_HEADER,
        orderRow({ amount_cents: '500', card_cents: '1000' }),
        orderRow({ channel: 'takeaway', sku: 'FRIES', amount_cents: '500', card_cents: '1000' }),
        orderRow({ external_id: 'POS-2' }),
      ]),
    );
    expect(result).toMatchObject({ records: 1, rejected: 1 });
    expect(result.errors).toEqual([
      { row: 3, column: 'channel', message: 'Rows of one order must repeat its columns: "takeaway" here, "dine_in" on row 2' },
    ]);
  });

  it("a line's problem is on the line's row; the payments' total on the order's first row, under the payment columns", () => {
    const result = check(
      'orders',
      csv([
        ORDER_HEADER,
        orderRow({ amount_cents: '1000' }),
        orderRow({ sku: '', amount_cents: '500' }),
        orderRow({ external_id: 'POS-3', card_cents: 'ten' }),
      ]),
    );
    expect(result.errors).toEqual([
      { row: 2, column: 'card_cents, cash_cents, app_cents', message: 'Payments add up to 1000 cents but the lines to 1500 cents' },
      { row: 3, column: 'sku', message: 'sku is required' },
      { row: 4, column: 'card_cents', message: "Column 'card_cents': must be a whole number" },
    ]);
  });
});

describe('records named twice, and batches', () => {
  it('the same record twice is a problem on the later row', () => {
    const row = ['P-1', '7', 'Fresh Farms', '2026-11-24', 'vegetables', '4', '1250'];
    const result = check('purchases', csv([IMPORT_SPECS.purchases.fields.map((f) => f.name), row, row]));
    expect(result).toMatchObject({ records: 1, rejected: 1 });
    expect(result.errors).toEqual([{ row: 3, column: 'external_id', message: 'The same record is on row 2: each record once per file' }]);
  });

  it('2,500 purchases make calls of 1000, 1000 and 500 records, each remembering its rows', () => {
    const rows: FileRow[] = Array.from({ length: 2500 }, (_, i) => ({
      row: i + 2,
      cells: [`P-${i}`, '7', 'Fresh Farms', '2026-11-24', 'meat', '1', '100'],
    }));
    const headers = IMPORT_SPECS.purchases.fields.map((f) => f.name);
    const { batches } = prepareRows('purchases', headers, rows, identity('purchases'));
    expect(batches.map((b) => [b.records, b.rows, b.firstRow])).toEqual([
      [1000, 1000, 2],
      [1000, 1000, 1002],
      [500, 500, 2002],
    ]);
    expect(bodyOf(batches[2]!).purchases![499]).toEqual({
      external_id: 'P-2499',
      restaurant_id: 7,
      supplier: 'Fresh Farms',
      day: '2026-11-24',
      category: 'meat',
      quantity: 1,
      amount_cents: 100,
    });
  });

  it('the screen gets the first 1000 problems; the file has every one, in row order', async () => {
    const rows: FileRow[] = Array.from({ length: 1200 }, (_, i) => ({ row: i + 2, cells: [`S${i}`, 'Item', 'free', 'Lunch', 'true'] }));
    const result = prepareRows('menu-items', ['sku', 'name', 'price_cents', 'menu', 'is_combo'], rows, identity('menu-items'));
    expect(result).toMatchObject({ records: 0, rejected: 1200, errorCount: 1200 });
    expect(result.errors).toHaveLength(1000);
    const lines = parse(await result.errorFile!.text(), { bom: true }) as string[][];
    expect(lines).toHaveLength(1201);
    expect(lines[1200]).toEqual(['1201', 'price_cents', 'price_cents must be a whole number']);
  });
});

describe('templates and the mapping', () => {
  it('are defined for exactly the ingest kinds, and each template imports with no problem', () => {
    expect([...IMPORT_KINDS].sort()).toEqual([...INGEST_KINDS].sort());
    for (const kind of IMPORT_KINDS) {
      const result = check(kind, toCsv(templateRows(kind, OWNERS)));
      expect(result.errors, kind).toEqual([]);
      expect(result.records, kind).toBe(2);
    }
  });

  it("names the coming month's days in a targets template, and reads an empty labour % as none", () => {
    const rows = templateRows('targets', { ...OWNERS, today: '2026-12-15' });
    expect(rows.slice(1).map((r) => r[1])).toEqual(['2027-01-01', '2027-01-02']);
    const { batches } = check('targets', toCsv(rows));
    expect(JSON.parse(batches[0]!.body).targets.map((t: { labour_cost_pct: number | null }) => t.labour_cost_pct)).toEqual([28.5, null]);
  });

  it('refuses a targets file naming one restaurant and day twice, on the later row', () => {
    const rows = templateRows('targets', { ...OWNERS, today: '2026-11-22' });
    const result = check('targets', toCsv([...rows, rows[1]!]));
    expect(result.errors).toEqual([{ row: 4, column: 'day', message: 'The same record is on row 2: each record once per file' }]);
  });

  it("every kind's template maps with no manual step: each of its headers is found for its field", () => {
    for (const kind of IMPORT_KINDS) {
      const [headers] = templateRows(kind, OWNERS);
      expect(initialMapping(kind, headers!, null), kind).toEqual(identity(kind));
    }
  });

  it("names the owner's restaurants in turn and, for orders, the menu's SKUs (the menu template's without a menu)", () => {
    const orders = templateRows('orders', { restaurantIds: [7, 9], skus: ['A', 'B', 'C'] });
    const column = (rows: string[][], name: string) => rows.slice(1).map((r) => r[rows[0]!.indexOf(name)]);
    expect(column(orders, 'restaurant_id')).toEqual(['7', '7', '9']);
    expect(column(orders, 'sku')).toEqual(['A', 'B', 'C']);
    expect(column(templateRows('orders', { restaurantIds: [7], skus: ['A'] }), 'sku')).toEqual(['A', 'A', 'A']);
    const menuSkus = column(templateRows('menu-items', OWNERS), 'sku');
    expect(column(templateRows('orders', { restaurantIds: [7], skus: [] }), 'sku')).toEqual([...menuSkus, menuSkus[0]]);
    expect(column(templateRows('shifts', { restaurantIds: [7], skus: [] }), 'restaurant_id')).toEqual(['7', '7']);
  });

  it('an orders file gives every SKU its lines name; the menu check lists those the menu lacks', () => {
    const result = check(
      'orders',
      csv([
        ORDER_HEADER,
        orderRow({ sku: 'FRIES' }),
        orderRow({ sku: 'BURGER' }),
        orderRow({ external_id: 'POS-2', sku: 'SODA', guests: 'x' }),
      ]),
    );
    expect(result.skus).toEqual(['BURGER', 'FRIES', 'SODA']);
    expect(skusNotOnMenu(result.skus, [{ sku: 'BURGER', name: 'Burger' }])).toEqual(['FRIES', 'SODA']);
    expect(skusNotOnMenu(result.skus, [])).toEqual(result.skus);
    expect(check('menu-items', toCsv(templateRows('menu-items', OWNERS))).skus).toEqual([]);
  });

  it('purchases use exactly the ingest field names, so a file made from the API documentation needs no mapping', () => {
    const headers = ['external_id', 'restaurant_id', 'supplier', 'day', 'category', 'quantity', 'amount_cents'];
    expect(templateRows('purchases', OWNERS)[0]).toEqual(headers);
    expect(missingFields('purchases', initialMapping('purchases', headers, null))).toEqual([]);
  });

  it("each choice column's hint names every value the contract accepts", () => {
    const hint = (kind: IngestKind, name: string) => IMPORT_SPECS[kind].fields.find((f) => f.name === name)!.hint;
    const expectAll = (text: string, values: readonly string[]) => values.forEach((v) => expect(text).toContain(v));
    expectAll(hint('menu-items', 'menu'), MENUS);
    expectAll(hint('orders', 'channel'), CHANNELS);
    expectAll(hint('orders', 'source'), SOURCES);
    expectAll(hint('orders', 'status'), ORDER_STATUSES);
    expectAll(hint('purchases', 'category'), PURCHASE_CATEGORIES);
  });

  it("maps a POS export's own headers (Card, Cash, App, Customer, Qty…) with no manual step; a column serves one field", () => {
    const headers = [
      'Order No',
      'Restaurant',
      'Date/Time',
      'Channel',
      'Source',
      'Guests',
      'Customer',
      'Status',
      'PLU',
      'Qty',
      'Line Total',
      'Card',
      'Cash',
      'App',
      'Discount',
      'Tip',
      'Platform',
    ];
    const mapping = initialMapping('orders', headers, null);
    expect(mapping).toEqual({
      external_id: 'Order No',
      restaurant_id: 'Restaurant',
      placed_at: 'Date/Time',
      channel: 'Channel',
      source: 'Source',
      guests: 'Guests',
      customer_ref: 'Customer',
      status: 'Status',
      sku: 'PLU',
      quantity: 'Qty',
      amount_cents: 'Line Total',
      card_cents: 'Card',
      cash_cents: 'Cash',
      app_cents: 'App',
      discount_cents: 'Discount',
      tip_cents: 'Tip',
      platform: 'Platform',
    });
    expect(missingFields('orders', mapping)).toEqual([]);
    const roster = initialMapping(
      'shifts',
      ['Shift ID', 'Restaurant ID', 'Email', 'Date', 'Assigned (minutes)', 'Actual minutes', 'Hourly rate (cents)', 'Attended?'],
      null,
    );
    expect(missingFields('shifts', roster)).toEqual([]);
    expect(roster).toMatchObject({
      external_id: 'Shift ID',
      assigned_minutes: 'Assigned (minutes)',
      person_email: 'Email',
      day: 'Date',
      actual_minutes: 'Actual minutes',
      hourly_rate_cents: 'Hourly rate (cents)',
      attended: 'Attended?',
    });
    // A file with both "Date" and "Time": the first name of placed_at found wins, and "Date" is not used twice.
    expect(
      initialMapping('purchases', ['Invoice', 'Restaurant', 'Supplier', 'Date', 'Category', 'Qty', 'Amount', 'Date'], null),
    ).toMatchObject({ day: 'Date', amount_cents: 'Amount' });
  });

  it('maps by name (case, spaces and dashes aside); a remembered column wins when the file has it', () => {
    const headers = ['SKU', 'Description', 'Price Cents', 'menu', 'is-combo'];
    const first = initialMapping('menu-items', headers, null);
    expect(first).toEqual({ sku: 'SKU', name: null, price_cents: 'Price Cents', menu: 'menu', is_combo: 'is-combo', cost_cents: null });
    expect(missingFields('menu-items', first)).toEqual(['name']);
    const again = initialMapping('menu-items', headers, { name: 'Description', sku: 'Code' });
    expect(again).toMatchObject({ name: 'Description', sku: 'SKU' });
    expect(missingFields('menu-items', again)).toEqual([]);
  });
});

describe("the server's problems on the file's rows", () => {
  const batch: ImportBatch = {
    body: '{"orders":[]}',
    records: 2,
    rows: 3,
    firstRow: 40,
    sources: JSON.stringify([
      { rows: [40], payments: ['card'] },
      { rows: [41, 42], payments: ['cash', 'app'] },
    ]),
  };
  it('reads paths like orders[1].lines[1].sku', () => {
    expect(parseErrorPath('orders[1].lines[1].sku')).toEqual(['orders', 1, 'lines', 1, 'sku']);
    expect(parseErrorPath('orders')).toEqual(['orders']);
  });

  it('a record index leads to its rows, a line to its row, a payment to its method column; a key without a record to the first row', () => {
    const mapping = { ...identity('orders'), sku: 'Item Code' };
    const errors = batchErrorsToRows(
      'orders',
      {
        'orders[1].lines[1].sku': ['unknown SKU "NOPE"'],
        'orders[1].payments[1].amount_cents': ['amount_cents is too large'],
        'orders[0].restaurant_id': ['restaurant_id is not one of your restaurants'],
        orders: ['At most 1000 records per call'],
      },
      batch,
      mapping,
    );
    expect(errors).toEqual([
      { row: 40, column: 'restaurant_id', message: 'restaurant_id is not one of your restaurants' },
      { row: 40, column: '', message: 'At most 1000 records per call' },
      { row: 41, column: 'app_cents', message: "Column 'app_cents': is too large" },
      { row: 42, column: 'Item Code', message: 'unknown SKU "NOPE"' },
    ]);
  });
});

describe('the list of problems as a file', () => {
  it('row, column, message; quotes and commas escaped, formulas neutralised, a byte order mark for spreadsheets', async () => {
    const text = errorsCsv([
      { row: 3, column: 'name', message: 'Say "hi", then go' },
      { row: 4, column: '=HYPERLINK("x")', message: '-1 is not allowed' },
    ]);
    expect(text).toBe('row,column,message\r\n3,name,"Say ""hi"", then go"\r\n4,"\'=HYPERLINK(""x"")","\'-1 is not allowed"');
    const blob = csvBlob(text);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
