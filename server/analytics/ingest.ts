// The write path of the analytics (docs/integrations.md), used by every writer: the demo generator,
// the ingest API and the CSV import. Raw trade rows and the daily rollups that summarise them are
// written in one transaction per batch (write/frame.ts), through one skeleton for every kind of sent
// record (write/sent.ts); rollups are added to, so batches may arrive in any order, and always equal
// what rollups.ts computes from the raw rows.
export { withIndexesBuiltAfter } from './write/bulk.js';
export { beginFranchiseWrite, ForeignReferenceError, transaction, type WriteCounts } from './write/frame.js';
export { recordOrders, type OrderInput } from './write/orders.js';
export { recordPurchases, removePurchases, type PurchaseInput } from './write/purchases.js';
export type { RecordRef, SentRecord } from './write/sent.js';
export { labourCostCents, recordShifts, removeShifts, type ShiftInput } from './write/shifts.js';
