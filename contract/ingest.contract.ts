import * as z from 'zod';
import { displayName } from './text.js';

import { isDayFrom2000 } from './calendar-day.js';
/**
 * The bodies of the ingest calls (docs/integrations.md): what a POS, roster or supplier system
 * sends, and what the console's CSV import sends through the same code. A record is identified by
 * (restaurant_id, external_id); sending it again replaces it. The server validates with these
 * schemas, the import page validates rows with them before anything is sent.
 */

export const MAX_RECORDS_PER_CALL = 1000;
export const MAX_INGEST_BODY_BYTES = 8 * 1024 * 1024;
/** Lines or payments of one order. */
export const MAX_PARTS_PER_ORDER = 200;
/** A day or time later than this after the server's now is refused (a clock or typing error). */
export const MAX_FUTURE_DAYS = 1;

export const MENUS = ['Lunch', 'Dinner', 'All Day'] as const;
export const CHANNELS = ['dine_in', 'takeaway', 'delivery'] as const;
export const SOURCES = ['pos', 'app'] as const;
/** Refunded: a completed order given back (not revenue, its units not sold). */
export const ORDER_STATUSES = ['completed', 'voided', 'refunded'] as const;
/** The delivery platforms the demo trade uses; an order may name any platform. */
export const DELIVERY_PLATFORMS = ['Uber Eats', 'DoorDash', 'Menulog'] as const;
export const MAX_PLATFORM_LENGTH = 40;
export const PAYMENT_METHODS = ['card', 'cash', 'app'] as const;
export const PURCHASE_CATEGORIES = [
  'vegetables',
  'meat',
  'dairy',
  'bakery',
  'seafood',
  'beverages',
  'fruits',
  'grains',
  'snacks',
  'condiments',
] as const;

const MAX_INT = 2_147_483_647;

const count = (label: string, min = 0) =>
  z
    .number(`${label} must be a whole number`)
    .int(`${label} must be a whole number`)
    .min(min, min === 0 ? `${label} must not be negative` : `${label} must be at least ${min}`)
    .max(MAX_INT, `${label} is too large`);

const cents = (label: string) => count(label);

const name = (label: string, max = 200) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const externalId = z
  .string('external_id is required')
  .trim()
  .min(1, 'external_id is required')
  .max(100, 'external_id must be at most 100 characters');

export const restaurantId = z
  .number('restaurant_id is required')
  .int('restaurant_id must be a whole number')
  .min(1, 'restaurant_id must be a restaurant id')
  .max(MAX_INT, 'restaurant_id must be a restaurant id');

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, `${label} must be one of ${values.join(', ')}`);

/** A calendar day that exists (2026-02-30 does not). */
export const day = z
  .string('day is required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be a date (YYYY-MM-DD)')
  .refine(isDayFrom2000, 'day must be a date (YYYY-MM-DD) from 2000 on');

/** RFC 3339 with an offset (Z or ±hh:mm), as POS systems export it. */
export const placedAt = z.iso
  .datetime({ offset: true, message: 'placed_at must be an RFC 3339 date-time with an offset, e.g. 2026-11-24T12:30:00+11:00' })
  .refine((v) => new Date(v).getTime() >= Date.UTC(2000, 0, 1), 'placed_at must be from 2000 on');

export const menuItemRecord = z.strictObject({
  sku: name('sku', 64),
  name: displayName(200, 'name'),
  price_cents: cents('price_cents'),
  menu: oneOf('menu', MENUS),
  is_combo: z.boolean('is_combo must be true or false'),
  /** Applies from the franchise's today on; absent leaves the item's costs as they are (docs/product.md#costs). */
  cost_cents: cents('cost_cents').optional(),
});

export const orderLine = z.strictObject({
  sku: name('sku', 64),
  quantity: count('quantity', 1),
  amount_cents: cents('amount_cents'),
});

export const payment = z.strictObject({
  method: oneOf('method', PAYMENT_METHODS),
  amount_cents: cents('amount_cents'),
});

export const orderRecord = z
  .strictObject({
    external_id: externalId,
    restaurant_id: restaurantId,
    placed_at: placedAt,
    channel: oneOf('channel', CHANNELS),
    source: oneOf('source', SOURCES),
    guests: count('guests').max(1000, 'guests must be at most 1000'),
    customer_ref: z
      .string('customer_ref must be text or null')
      .trim()
      .min(1, 'customer_ref must not be blank (send null for an anonymous guest)')
      .max(100, 'customer_ref must be at most 100 characters')
      .nullable(),
    status: oneOf('status', ORDER_STATUSES),
    lines: z.array(orderLine, 'lines must be a list').min(1, 'An order needs at least one line').max(MAX_PARTS_PER_ORDER),
    payments: z.array(payment, 'payments must be a list').max(MAX_PARTS_PER_ORDER),
    discount_cents: cents('discount_cents').optional(),
    tip_cents: cents('tip_cents').optional(),
    platform: z
      .string('platform must be text or null')
      .trim()
      .min(1, 'platform must not be blank (send null when the platform is not known)')
      .max(MAX_PLATFORM_LENGTH, `platform must be at most ${MAX_PLATFORM_LENGTH} characters`)
      .nullable()
      .optional(),
  })
  .superRefine((order, ctx) => {
    const lines = order.lines.reduce((sum, l) => sum + l.amount_cents, 0);
    const discount = order.discount_cents ?? 0;
    const tip = order.tip_cents ?? 0;
    const paid = order.payments.reduce((sum, p) => sum + p.amount_cents, 0);
    // A negative discount or tip is its own field's problem; the sums below would only repeat it.
    if (discount < 0 || tip < 0) return;
    if (lines > MAX_INT) ctx.addIssue({ code: 'custom', path: ['lines'], message: "The lines' amounts add up to too much" });
    else if (discount > lines) {
      ctx.addIssue({
        code: 'custom',
        path: ['discount_cents'],
        message: `The discount of ${discount} cents is more than the lines' ${lines} cents`,
      });
    } else if (lines - discount + tip > MAX_INT)
      ctx.addIssue({ code: 'custom', path: ['tip_cents'], message: 'The total and tip add up to too much' });
    // A voided order may have been voided before it was paid: no payments at all.
    else if (paid !== lines - discount + tip && !(order.status === 'voided' && order.payments.length === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['payments'],
        message:
          discount === 0 && tip === 0
            ? `Payments add up to ${paid} cents but the lines to ${lines} cents`
            : `Payments add up to ${paid} cents but the lines less the discount plus the tip to ${lines - discount + tip} cents`,
      });
    }
    if (order.platform != null && order.channel !== 'delivery') {
      ctx.addIssue({ code: 'custom', path: ['platform'], message: 'Only a delivery order has a platform' });
    }
  });

export const shiftRecord = z
  .strictObject({
    external_id: externalId,
    restaurant_id: restaurantId,
    person_email: z.email('person_email must be an e-mail address').trim().toLowerCase().max(254),
    day,
    assigned_minutes: count('assigned_minutes').max(24 * 60, 'assigned_minutes must be at most 1440'),
    actual_minutes: count('actual_minutes').max(24 * 60, 'actual_minutes must be at most 1440'),
    hourly_rate_cents: cents('hourly_rate_cents').max(100_000, 'hourly_rate_cents must be at most 100000'),
    attended: z.boolean('attended must be true or false'),
  })
  .refine((s) => s.attended || s.actual_minutes === 0, {
    path: ['actual_minutes'],
    message: 'A shift not attended has no actual minutes',
  });

export const purchaseRecord = z.strictObject({
  external_id: externalId,
  restaurant_id: restaurantId,
  supplier: displayName(200, 'supplier'),
  day,
  category: oneOf('category', PURCHASE_CATEGORIES),
  quantity: count('quantity', 1),
  amount_cents: cents('amount_cents'),
});

export const recordKey = z.strictObject({ restaurant_id: restaurantId, external_id: externalId });

export const batch = <S extends z.ZodType>(schema: S, label: string) =>
  z
    .array(schema, `${label} must be a list`)
    .min(1, `${label} must hold at least one record`)
    .max(MAX_RECORDS_PER_CALL, `At most ${MAX_RECORDS_PER_CALL} records per call`);

export const menuItemsBody = z.strictObject({ items: batch(menuItemRecord, 'items') });
export const ordersBody = z.strictObject({ orders: batch(orderRecord, 'orders') });
export const shiftsBody = z.strictObject({ shifts: batch(shiftRecord, 'shifts') });
export const purchasesBody = z.strictObject({ purchases: batch(purchaseRecord, 'purchases') });
export const removalBody = z.strictObject({ records: batch(recordKey, 'records') });

export type MenuItemRecord = z.output<typeof menuItemRecord>;
export type OrderRecord = z.output<typeof orderRecord>;
export type ShiftRecord = z.output<typeof shiftRecord>;
export type PurchaseRecord = z.output<typeof purchaseRecord>;
export type RecordKey = z.output<typeof recordKey>;

/** What the console's import sends, one kind per call: the same bodies as the ingest calls. */
export const INGEST_KINDS = ['menu-items', 'orders', 'shifts', 'purchases', 'targets'] as const;
export type IngestKind = (typeof INGEST_KINDS)[number];

export type IngestResult = { created: number; updated: number; unchanged: number };
export type RemovalResult = { removed: number };
