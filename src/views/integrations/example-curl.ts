/**
 * A command that sends one order for `restaurantId` with the ingest key in `$FC_KEY` (a key for all branches): the menu item
 * it names first, then the order, placed yesterday at 00:30 UTC: yesterday or the day before on the franchise's clock, so
 * the dashboard's default window (the last 7 days, ending yesterday) shows it.
 */
export function exampleCurl(baseUrl: string, restaurantId: number): string {
  return [
    `BASE=${baseUrl}`,
    'AUTH="Authorization: Bearer $FC_KEY"   # FC_KEY: the secret of an ingest key for all branches',
    `curl -fsS -w '\\n' -X PUT "$BASE/ingest/menu-items" -H "$AUTH" -H 'Content-Type: application/json' -d '{`,
    '  "items": [{ "sku": "BURGER-CL", "name": "Classic Burger", "price_cents": 1650, "menu": "All Day", "is_combo": false }]',
    "}'",
    `curl -fsS -w '\\n' -X POST "$BASE/ingest/orders" -H "$AUTH" -H 'Content-Type: application/json' -d '{`,
    `  "orders": [{ "external_id": "POS-1001", "restaurant_id": ${restaurantId}, "placed_at": "'"$(date -u -d yesterday +%F)"'T00:30:00Z",`,
    '    "channel": "dine_in", "source": "pos", "guests": 1, "customer_ref": null, "status": "completed",',
    '    "lines": [{ "sku": "BURGER-CL", "quantity": 1, "amount_cents": 1650 }], "payments": [{ "method": "card", "amount_cents": 1650 }] }]',
    "}'",
  ].join('\n');
}
