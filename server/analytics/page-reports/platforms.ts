import type { PlatformRow } from '../answers/revenues.js';
import { dollars } from '../answers/rounding.js';
import { column, row, share, sum, table } from './report-parts.js';

/** What a delivery order that named no platform is listed as. */
const UNNAMED_PLATFORM = 'Not named';

/**
 * The delivery channel split by platform (the Order and Revenue pages'): each platform's completed delivery orders,
 * their revenue and its share of the delivery revenue, most revenue first, with their Total.
 */
export function deliveryPlatformsTable(platforms: readonly PlatformRow[]) {
  const cents = sum(platforms, (p) => p.revenue_cents);
  return table(
    'platforms',
    'Delivery by Platform',
    [
      column('platform', 'Platform', 'text'),
      column('orders', 'Orders', 'count'),
      column('revenue', 'Revenue', 'money'),
      column('delivery_share', 'Share of Delivery Revenue', 'percent'),
    ],
    platforms.map((p) => row([p.platform || UNNAMED_PLATFORM, p.orders, dollars(p.revenue_cents), share(p.revenue_cents, cents)])),
    platforms.length === 0 ? null : row(['Total', sum(platforms, (p) => p.orders), dollars(cents), share(cents, cents)]),
    'No delivery orders in this window.',
  );
}
