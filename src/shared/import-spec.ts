import type { IngestKind, IngestResult } from '@contract/ingest.contract';

/**
 * The CSV files the Data Import page reads (docs/import.md): for each kind, its columns in template
 * order, how a cell becomes a field of the ingest record, and the template's example rows. Free of
 * zod and papaparse: the page's chunk imports it; the parsing worker adds the contract's schemas.
 */

/**
 * How a cell becomes a field: `integer` whole numbers (money in cents), `boolean` true/false (yes/no,
 * 1/0), `choice` one of the contract's values (case, spaces and dashes aside), `nullable` text whose
 * empty cell is null, `payment` an order's amount paid by one method (empty or 0: not paid that way),
 * `decimal` a number whose empty cell is null (a target's labour cost %); everything else is text,
 * checked by the record's schema.
 */
export type CellType = 'text' | 'integer' | 'boolean' | 'choice' | 'nullable' | 'payment' | 'decimal';

export type ImportField = {
  name: string;
  type: CellType;
  /** A file without this column cannot be imported; an optional column may be missing (empty). */
  required: boolean;
  /** Orders: a column of the order itself, repeated on every row (line) of the order. */
  perOrder?: boolean;
  /** What the owner types, for the mapping step and docs/import.md. */
  hint: string;
  /** Other names of its column in POS, roster and supplier exports, as `headerKey` writes them. */
  aliases?: readonly string[];
};

export type ImportSpec = {
  label: string;
  /** What one record is, plural: "orders", "menu items". */
  noun: string;
  /** The key of the ingest body's list: `{ orders: [...] }`. */
  bodyKey: 'items' | 'orders' | 'shifts' | 'purchases' | 'targets';
  fields: readonly ImportField[];
  /**
   * The template's example rows, in `fields` order; `{restaurant1}`, `{restaurant2}` become restaurants of the
   * owner's, `{sku1}`... SKUs of the franchise's menu, `{day1}`... days of the coming month.
   */
  example: readonly (readonly string[])[];
};

const field = (name: string, type: CellType, hint: string, extra: Partial<ImportField> = {}): ImportField => ({
  name,
  type,
  required: true,
  hint,
  ...extra,
});

const EXTERNAL_ID = field('external_id', 'text', "your system's id of the record (with restaurant_id it names the record)", {
  aliases: ['id', 'order_id', 'order_no', 'order_number', 'shift_id', 'invoice', 'invoice_no', 'invoice_number', 'reference'],
});
const RESTAURANT_ID = field('restaurant_id', 'integer', 'the restaurant id shown on Restaurant Management');
const DAY = field('day', 'text', 'a date, YYYY-MM-DD', { aliases: ['date'] });

export const PAYMENT_METHODS_IN_COLUMNS = ['card', 'cash', 'app'] as const;
export type PaymentColumnMethod = (typeof PAYMENT_METHODS_IN_COLUMNS)[number];

// The orders example: an order's own columns and its payments stand again on each of its lines.
const POS_ORDER = ['POS-1001', '{restaurant1}', '2026-11-24T12:30:00+11:00', 'dine_in', 'pos', '2', 'CUST-42', 'completed'];
const POS_PAID = ['2000', '1740', ''];
const APP_ORDER = ['APP-2002', '{restaurant2}', '2026-11-24T18:05:00+11:00', 'delivery', 'app', '1', '', 'completed'];

export const IMPORT_SPECS = {
  'menu-items': {
    label: 'Menu items',
    noun: 'menu items',
    bodyKey: 'items',
    fields: [
      field('sku', 'text', 'the item code your orders use (at most 64 characters)', { aliases: ['item_code', 'code', 'plu'] }),
      field('name', 'text', 'the name on the menu', { aliases: ['item', 'item_name'] }),
      field('price_cents', 'integer', 'price in cents, e.g. 1595 for $15.95'),
      field('menu', 'choice', 'Lunch, Dinner or All Day'),
      field('is_combo', 'boolean', 'true or false (yes/no, 1/0)', { aliases: ['combo'] }),
      field('cost_cents', 'integer', 'food cost per unit in cents, from today on (empty: the cost stays as it is)', {
        aliases: ['cost', 'unit_cost'],
        required: false,
      }),
    ],
    example: [
      ['BURGER-CLASSIC', 'Classic Burger', '1595', 'All Day', 'false', '490'],
      ['COMBO-LUNCH', 'Lunch Combo', '1890', 'Lunch', 'true', ''],
    ],
  },
  orders: {
    label: 'Orders',
    noun: 'orders',
    bodyKey: 'orders',
    fields: [
      { ...EXTERNAL_ID, perOrder: true },
      { ...RESTAURANT_ID, perOrder: true },
      field('placed_at', 'text', 'date and time with its offset, e.g. 2026-11-24T12:30:00+11:00', {
        perOrder: true,
        aliases: ['date_time', 'datetime', 'time', 'date'],
      }),
      field('channel', 'choice', 'dine_in, takeaway or delivery', { perOrder: true }),
      field('source', 'choice', 'pos or app', { perOrder: true }),
      field('guests', 'integer', 'number of guests', { perOrder: true }),
      field('customer_ref', 'nullable', 'your id of a known customer; empty for an anonymous guest', { perOrder: true, required: false }),
      field('status', 'choice', 'completed, voided or refunded', { perOrder: true }),
      field('sku', 'text', "the line's menu item code", { aliases: ['item_code', 'code', 'plu'] }),
      field('quantity', 'integer', 'units on the line, at least 1', { aliases: ['qty', 'units'] }),
      field('amount_cents', 'integer', "the line's amount in cents (all its units)", { aliases: ['line_total', 'total'] }),
      ...PAYMENT_METHODS_IN_COLUMNS.map((method) =>
        field(`${method}_cents`, 'payment', `paid by ${method}, in cents (empty or 0: none)`, { perOrder: true, required: false }),
      ),
      field('discount_cents', 'integer', "taken off the order's lines, in cents (empty: none)", { perOrder: true, required: false }),
      field('tip_cents', 'integer', 'tip paid on top of the total, in cents (empty: none)', { perOrder: true, required: false }),
      field('platform', 'nullable', 'the delivery platform, e.g. Uber Eats (delivery orders only; empty: not named)', {
        perOrder: true,
        required: false,
      }),
    ],
    example: [
      [...POS_ORDER, '{sku1}', '2', '3190', ...POS_PAID, '', '', ''],
      [...POS_ORDER, '{sku2}', '1', '550', ...POS_PAID, '', '', ''],
      // Delivered through Uber Eats: 1890 less a 189 discount, plus a 200 tip, paid in the app.
      [...APP_ORDER, '{sku3}', '1', '1890', '', '', '1901', '189', '200', 'Uber Eats'],
    ],
  },
  shifts: {
    label: 'Shifts',
    noun: 'shifts',
    bodyKey: 'shifts',
    fields: [
      EXTERNAL_ID,
      RESTAURANT_ID,
      field('person_email', 'text', "the staff member's e-mail address", { aliases: ['email', 'staff_email', 'employee_email'] }),
      DAY,
      field('assigned_minutes', 'integer', 'rostered minutes, at most 1440'),
      field('actual_minutes', 'integer', 'minutes worked, at most 1440 (0 when not attended)'),
      field('hourly_rate_cents', 'integer', 'hourly rate in cents, e.g. 3250 for $32.50'),
      field('attended', 'boolean', 'true or false (yes/no, 1/0)'),
    ],
    example: [
      ['ROSTER-5001', '{restaurant1}', 'mia.chen@example.com', '2026-11-24', '480', '495', '3250', 'true'],
      ['ROSTER-5002', '{restaurant2}', 'noah.smith@example.com', '2026-11-24', '360', '0', '2875', 'false'],
    ],
  },
  purchases: {
    label: 'Purchases',
    noun: 'purchases',
    bodyKey: 'purchases',
    fields: [
      EXTERNAL_ID,
      RESTAURANT_ID,
      field('supplier', 'text', "the supplier's name"),
      DAY,
      field('category', 'choice', 'vegetables, meat, dairy, bakery, seafood, beverages, fruits, grains, snacks or condiments'),
      field('quantity', 'integer', 'units delivered, at least 1', { aliases: ['qty', 'units'] }),
      field('amount_cents', 'integer', 'amount in cents, e.g. 12500 for $125.00'),
    ],
    example: [
      ['INV-7001', '{restaurant1}', 'Fresh Farms', '2026-11-24', 'vegetables', '40', '12500'],
      ['INV-7002', '{restaurant2}', 'Harbour Dairy', '2026-11-24', 'dairy', '12', '8640'],
    ],
  },
  targets: {
    label: 'Targets',
    noun: 'targets',
    bodyKey: 'targets',
    fields: [
      RESTAURANT_ID,
      DAY,
      field('revenue_cents', 'integer', "the day's revenue target in cents, e.g. 450000 for $4,500.00", {
        aliases: ['revenue_target', 'target', 'target_cents'],
      }),
      field('labour_cost_pct', 'decimal', 'labour cost target, % of revenue from 0 to 100 with one decimal at most; empty for none', {
        required: false,
        aliases: ['labour_pct', 'labour_target', 'labor_cost_pct'],
      }),
    ],
    example: [
      ['{restaurant1}', '{day1}', '450000', '28.5'],
      ['{restaurant2}', '{day2}', '320000', ''],
    ],
  },
} as const satisfies Record<IngestKind, ImportSpec>;

/** The kinds in the order the page offers them. */
export const IMPORT_KINDS = Object.keys(IMPORT_SPECS) as IngestKind[];

export const specOf = (kind: IngestKind): ImportSpec => IMPORT_SPECS[kind];

/** Our field → the file's column (a header of the file), or null when the file has none for it. */
export type ColumnMapping = Record<string, string | null>;

/** One problem of the file: its row (the file's line, the header is row 1), the file's column and what is wrong. */
export type RowError = { row: number; column: string; message: string };

/** A row as read: its line in the file and its cells. */
export type FileRow = { row: number; cells: string[] };

/** What reading the top of a file tells: its headers and first rows (the preview). */
export type FileInfo = { name: string; headers: string[]; preview: FileRow[] };

/** Where a record came from: the rows of its lines (one row for other kinds), and for orders the method of each payment. */
export type RecordSource = { rows: number[]; payments?: PaymentColumnMethod[] };

/** One call's worth of records, already as the call's JSON body. `sources` is the JSON of each record's RecordSource. */
export type ImportBatch = { body: string; records: number; rows: number; firstRow: number; sources: string };

/** The file checked against the contract: the batches of valid records, and every problem found. */
export type PreparedFile = {
  /** Data rows read (blank lines not counted). */
  rows: number;
  records: number;
  /** Records left out because a row of theirs has a problem. */
  rejected: number;
  errorCount: number;
  /** The first problems, sorted by row (the screen shows these); `errorFile` has them all. */
  errors: RowError[];
  errorFile: Blob | null;
  batches: ImportBatch[];
  /** Orders: every SKU the file's lines name (the menu must know them); other kinds: none. */
  skus: string[];
};

/** What the import wrote so far, as the calls answered. */
export type ImportTotals = IngestResult;

/** Rows the preview shows. */
export const PREVIEW_ROWS = 10;

/** How many problems the worker hands over for the screen; the download has every one. */
export const ERRORS_KEPT = 1000;

export const MAPPING_STORAGE_PREFIX = 'franchise_import_mapping_';

/** What a template's example rows name: the owner's restaurants and the franchise's SKUs, in turn; the day it is made on (YYYY-MM-DD, default today in UTC). */
export type TemplateData = { restaurantIds: readonly number[]; skus: readonly string[]; today?: string };

/** The `n`th day (from 1) of the month after `today`'s: a targets template plans the coming month. */
const comingMonthDay = (today: string, n: number) => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return `${next}-${String(n).padStart(2, '0')}`;
};

/** A franchise without a menu yet: the orders template names the menu template's SKUs. */
const MENU_TEMPLATE_SKUS = IMPORT_SPECS['menu-items'].example.map((row) => row[0]);

/** A kind's template: the header (our field names, which the mapping finds by themselves), then the example rows. */
export const templateRows = (
  kind: IngestKind,
  { restaurantIds, skus, today = new Date().toISOString().slice(0, 10) }: TemplateData,
): string[][] => {
  const nth = <T>(list: readonly T[], n: number) => (list.length > 0 ? list[(n - 1) % list.length] : undefined);
  const fill = (cell: string) =>
    cell.replace(/^\{(restaurant|sku|day)(\d)\}$/, (_, what: string, n: string) => {
      if (what === 'sku') return nth(skus, Number(n)) ?? nth(MENU_TEMPLATE_SKUS, Number(n))!;
      if (what === 'day') return comingMonthDay(today, Number(n));
      return String(nth(restaurantIds, Number(n)) ?? '');
    });
  return [specOf(kind).fields.map((f) => f.name), ...specOf(kind).example.map((row) => row.map(fill))];
};
