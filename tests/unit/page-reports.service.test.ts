import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_PAGES, type PageReport } from '@contract/page-reports.contract';
import { ApiError } from '../../src/services/api-error';
import { createHttpClient } from '../../src/services/http-client';
import {
  createPageReportsService,
  EXPORT_FAILED,
  EXPORT_TIMEOUT_MS,
  filenameFromDisposition,
  pageReportErrorMessage,
  pageReportPath,
} from '../../src/services/page-reports.service';
import { createSessionStore } from '../../src/services/session-storage';
import { failure, json, ok, OWNER } from './support/fake-server';
import { fakeJwt } from './support/jwt';

const NOW = Date.UTC(2026, 10, 23);
const VALID = fakeJwt(NOW / 1000 + 3600, { n: 1 });
const FRESH = fakeJwt(NOW / 1000 + 7200, { n: 2 });
const REPORT = { page: 'order', title: 'Order' } as PageReport;

type Call = { url: URL; authorization: string | null; accept: string | null };

const csv = (body: string, disposition: string | null) =>
  new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', ...(disposition ? { 'Content-Disposition': disposition } : {}) },
  });

/** The real HTTP client over a fake fetch, as the page's machine uses it. */
function setup(handler: (call: Call, signal?: AbortSignal | null) => Response | Promise<Response>, { timeout }: { timeout?: number } = {}) {
  const storage = createSessionStore({ local: localStorage, session: sessionStorage });
  storage.save({ token: VALID, user: OWNER, restaurants: [], remember: false });
  const calls: Call[] = [];
  const onSessionExpired = vi.fn();
  const client = createHttpClient({
    baseURL: '/api/v1',
    storage,
    now: () => NOW,
    onSessionExpired,
    timeout,
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      const call = {
        url: new URL(String(input), 'http://test'),
        authorization: headers.get('Authorization'),
        accept: headers.get('Accept'),
      };
      calls.push(call);
      return handler(call, init?.signal);
    },
  });
  return { service: createPageReportsService(client), calls, storage, onSessionExpired };
}

describe('page reports service: the report', () => {
  it('calls the franchise-wide path without a branch and the restaurant path with one, with the query', async () => {
    const { service, calls } = setup(() => ok(REPORT, 200, 'Order report retrieved'));
    await expect(service.fetchReport('order', { restaurantId: null }, { period: '7days' })).resolves.toEqual(REPORT);
    await service.fetchReport(
      'roster',
      { restaurantId: 7 },
      { period: 'weekly', start_date: '2026-10-01', end_date: '2026-10-31', limit: 5 },
    );
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`)).toEqual([
      '/api/v1/franchise/analytics/pages/order?period=7days',
      '/api/v1/franchise/restaurants/7/analytics/pages/roster?period=weekly&start_date=2026-10-01&end_date=2026-10-31&limit=5',
    ]);
    expect(calls[0]!.authorization).toBe(`Bearer ${VALID}`);
  });

  it.each(ANALYTICS_PAGES)('%s: its own path, franchise-wide and per branch, for the report and the file', (page) => {
    expect(pageReportPath(page, { restaurantId: null })).toBe(`/franchise/analytics/pages/${page}`);
    expect(pageReportPath(page, { restaurantId: 3 })).toBe(`/franchise/restaurants/3/analytics/pages/${page}`);
    expect(pageReportPath(page, { restaurantId: null }, true)).toBe(`/franchise/analytics/pages/${page}/export`);
    expect(pageReportPath(page, { restaurantId: 3 }, true)).toBe(`/franchise/restaurants/3/analytics/pages/${page}/export`);
  });

  it("keeps the server's message and status; without one, the page's default", async () => {
    const { service } = setup(({ url }) =>
      url.pathname.includes('/restaurants/')
        ? json(500, { status: 'error' })
        : failure(422, 'period: must be one of daily, weekly, monthly, 7days, 14days, 1month, 3months'),
    );
    await expect(service.fetchReport('revenue', { restaurantId: null }, { period: '7days' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 422,
      message: 'period: must be one of daily, weekly, monthly, 7days, 14days, 1month, 3months',
    });
    await expect(service.fetchReport('revenue', { restaurantId: 4 })).rejects.toMatchObject({
      status: 500,
      message: 'Failed to fetch restaurant revenue report',
    });
    expect(pageReportErrorMessage('headcount', { restaurantId: null })).toBe('Failed to fetch headcount report');
  });

  it('refuses an answer that is not a success envelope', async () => {
    const { service } = setup(() => json(200, { status: 'error', message: '' }));
    await expect(service.fetchReport('order', { restaurantId: null })).rejects.toMatchObject({ message: 'Failed to fetch order report' });
  });
});

describe('page reports service: the export', () => {
  it('downloads the file of the query plus the format, as a Blob, named by Content-Disposition', async () => {
    const body = '\uFEFFDate,Dine-In,Takeaway,Total\r\nTotal,109,69,178\r\n';
    const { service, calls } = setup(() => csv(body, `attachment; filename="order-all-branches-2026-11-16_2026-11-22.csv"`));
    const file = await service.exportReport('order', { restaurantId: null }, { period: '1month' }, 'csv');
    expect(file.filename).toBe('order-all-branches-2026-11-16_2026-11-22.csv');
    expect(file.blob).toBeInstanceOf(Blob);
    // The bytes as sent, the byte-order mark included.
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new TextEncoder().encode(body));
    expect(`${calls[0]!.url.pathname}${calls[0]!.url.search}`).toBe(
      '/api/v1/franchise/analytics/pages/order/export?period=1month&format=csv',
    );
    expect(calls[0]!.authorization).toBe(`Bearer ${VALID}`);
    expect(calls[0]!.accept).toBe('*/*');
  });

  it('a branch export goes to the restaurant path; without Content-Disposition the file is named after page and format', async () => {
    const { service, calls } = setup(
      () => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } }),
    );
    const file = await service.exportReport('procurement', { restaurantId: 9 }, { period: '7days' }, 'pdf');
    expect(calls[0]!.url.pathname).toBe('/api/v1/franchise/restaurants/9/analytics/pages/procurement/export');
    expect(file.filename).toBe('procurement.pdf');
    expect(await file.blob.text()).toBe('%PDF');
  });

  it("reads the JSON error envelope of a failed export (a Blob was asked for) and keeps the server's message", async () => {
    const { service } = setup(() => failure(422, 'format: must be one of csv, pdf'));
    await expect(service.exportReport('order', { restaurantId: null }, { period: '7days' }, 'csv')).rejects.toMatchObject({
      name: 'ApiError',
      status: 422,
      message: 'format: must be one of csv, pdf',
    });
  });

  it('says "Export failed. Please try again." when the server sent no message, and when it cannot be reached', async () => {
    const failing = setup(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await expect(failing.service.exportReport('order', { restaurantId: null }, {}, 'pdf')).rejects.toMatchObject({
      status: 502,
      message: EXPORT_FAILED,
    });
    const offline = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline.service.exportReport('order', { restaurantId: null }, {}, 'pdf')).rejects.toMatchObject({
      status: 0,
      message: EXPORT_FAILED,
    });
  });

  it('on 401 refreshes once and replays the download with the new token', async () => {
    const { service, calls, storage } = setup(({ url, authorization }) => {
      if (url.pathname.endsWith('/refresh')) return ok({ access_token: FRESH, user: OWNER });
      return authorization === `Bearer ${FRESH}` ? csv('a\r\n', 'attachment; filename=a.csv') : failure(401, 'Unauthenticated');
    });
    await expect(service.exportReport('headcount', { restaurantId: null }, {}, 'csv')).resolves.toMatchObject({ filename: 'a.csv' });
    expect(calls.map((c) => [c.url.pathname, c.authorization])).toEqual([
      ['/api/v1/franchise/analytics/pages/headcount/export', `Bearer ${VALID}`],
      ['/api/v1/franchise/refresh', `Bearer ${VALID}`],
      ['/api/v1/franchise/analytics/pages/headcount/export', `Bearer ${FRESH}`],
    ]);
    expect(storage.readToken()).toBe(FRESH);
  });

  it('a second 401 ends the session', async () => {
    const { service, onSessionExpired, storage } = setup(({ url }) =>
      url.pathname.endsWith('/refresh') ? ok({ access_token: FRESH, user: OWNER }) : failure(401, 'Unauthenticated'),
    );
    await expect(service.exportReport('order', { restaurantId: null }, {}, 'csv')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(storage.readToken()).toBeNull();
  });

  it('waits longer than a JSON call: the export gets its own time-out, a JSON call keeps the 10 s one', async () => {
    vi.useFakeTimers();
    try {
      const hang = (_: Call, signal?: AbortSignal | null) =>
        new Promise<Response>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
      const { service } = setup(hang);
      const report = service.fetchReport('order', { restaurantId: null }).catch((e: unknown) => e);
      const file = service.exportReport('order', { restaurantId: null }, {}, 'pdf').catch((e: unknown) => e);
      let fileSettled = false;
      void file.then(() => (fileSettled = true));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await report).toMatchObject({ status: 0 });
      expect(fileSettled).toBe(false);
      await vi.advanceTimersByTimeAsync(EXPORT_TIMEOUT_MS - 10_000);
      expect(await file).toMatchObject({ status: 0, message: EXPORT_FAILED });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Content-Disposition file names (RFC 6266)', () => {
  it.each([
    ['attachment; filename="order-all-branches.csv"', 'order-all-branches.csv'],
    ['attachment; filename=revenue.pdf', 'revenue.pdf'],
    ['attachment; filename="a \\"b\\".csv"', 'a "b".csv'],
    [`attachment; filename="roster-parramatta.csv"; filename*=UTF-8''roster-parramatta.csv`, 'roster-parramatta.csv'],
    [`attachment; filename="cafe.csv"; filename*=UTF-8''caf%C3%A9%20m%C3%BCnchen.csv`, 'café münchen.csv'],
    [`attachment; filename*=utf-8''%E2%82%AC-rates.pdf`, '€-rates.pdf'],
    [`attachment; filename="fallback.csv"; filename*=UTF-8''bad%E2%82.csv`, 'fallback.csv'],
    ['attachment', null],
    [null, null],
  ])('%s -> %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });
});
