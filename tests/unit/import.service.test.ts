import { describe, expect, it, vi } from 'vitest';
import { waitAfter } from '../../src/machines/support/import-calls';
import { ApiError } from '../../src/services/api-error';
import type { HttpClient } from '../../src/services/http-client';
import { createImportService, IMPORT_FAILED, importMappings } from '../../src/services/import.service';

function setup(answer: (path: string, options: unknown) => Promise<unknown>) {
  const request = vi.fn(answer);
  return { service: createImportService({ request, refresh: vi.fn() } as unknown as HttpClient), request };
}

describe('import service', () => {
  it("POSTs a batch's JSON body, as it is, to /franchise/import/{kind} and answers what was written", async () => {
    const written = { created: 2, updated: 1, unchanged: 0 };
    const { service, request } = setup(async () => ({ status: 'success', message: 'Orders recorded', data: written }));
    const body = '{"orders":[{"external_id":"POS-1"}]}';
    expect(await service.send('orders', body)).toEqual(written);
    expect(request).toHaveBeenCalledWith('/franchise/import/orders', { method: 'POST', body });
  });

  it("a refused batch keeps the server's status and errors by path; a failure without a message gets the default", async () => {
    const refusal = { status: 'error', message: '1 problem in this batch', errors: { 'orders[0].lines[0].sku': ['Unknown SKU "X"'] } };
    const refused = setup(async () => Promise.reject(new ApiError('1 problem in this batch', 422, refusal)));
    await expect(refused.service.send('orders', '{}')).rejects.toMatchObject({ status: 422, data: refusal });
    const down = setup(async () => Promise.reject(new ApiError('An unexpected error occurred', 0)));
    await expect(down.service.send('shifts', '{}')).rejects.toMatchObject({ message: IMPORT_FAILED, status: 0 });
  });

  it("a 429 waits as long as the server's message says, else 5 s, at most a minute", () => {
    expect(waitAfter(new ApiError('Too many ingest calls. Try again in 12 seconds.', 429))).toBe(12_000);
    expect(waitAfter(new ApiError('Too many ingest calls. Try again in 1 second.', 429))).toBe(1_000);
    expect(waitAfter(new ApiError('Slow down', 429))).toBe(5_000);
    expect(waitAfter(new ApiError('Try again in 600 seconds', 429))).toBe(60_000);
  });
});

describe('remembered column mappings', () => {
  it('are kept per kind under franchise_import_mapping_<kind>; anything unreadable is no mapping', () => {
    importMappings.save('shifts', { external_id: 'Shift ID', person_email: null });
    expect(localStorage.getItem('franchise_import_mapping_shifts')).toBe('{"external_id":"Shift ID","person_email":null}');
    expect(importMappings.load('shifts')).toEqual({ external_id: 'Shift ID', person_email: null });
    expect(importMappings.load('orders')).toBeNull();
    localStorage.setItem('franchise_import_mapping_orders', '{not json');
    expect(importMappings.load('orders')).toBeNull();
    localStorage.setItem('franchise_import_mapping_orders', '["sku"]');
    expect(importMappings.load('orders')).toBeNull();
    localStorage.setItem('franchise_import_mapping_orders', '{"sku":"Item","qty":3}');
    expect(importMappings.load('orders')).toEqual({ sku: 'Item' });
  });
});
