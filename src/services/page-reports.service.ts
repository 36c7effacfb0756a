import type { AnalyticsQuery } from '@contract/analytics.contract';
import { addressOf } from '@contract/api/call';
import type { Calls } from '@contract/api/calls';
import type { ApiSuccess } from '@contract/envelope';
import type { AnalyticsPage, ExportFormat, PageReport } from '@contract/page-reports.contract';
import { ApiError, withDefaultMessage } from './api-error';
import type { AnalyticsScope } from './analytics.service';
import { httpClient, type FileClient, type HttpClient } from './http-client';

/**
 * An export is made on request (the PDF renders the page's chart on the server) and is bigger than a JSON
 * answer: it gets three times the usual 10 s, so a 3-month PDF of a large franchise on a busy server
 * is not cut off and lost.
 */
export const EXPORT_TIMEOUT_MS = 30_000;

export const EXPORT_FAILED = 'Export failed. Please try again.';

/** An analytics page's failure that brings no message of its own, not even its call's default (docs/product.md#errors). */
export const PAGE_FETCH_FAILED = 'Failed to fetch data';

/** The five pages' nouns in the style of docs/product.md#errors ("Failed to fetch order report", "Failed to fetch restaurant order report"). */
export function pageReportErrorMessage(page: AnalyticsPage, { restaurantId }: AnalyticsScope): string {
  return `Failed to fetch ${restaurantId === null ? '' : 'restaurant '}${page} report`;
}

/** The path of the contract's call for the page's report, or (`file`) for its export, in the scope. */
export function pageReportPath(page: AnalyticsPage, { restaurantId }: AnalyticsScope, file = false): string {
  const key =
    restaurantId === null
      ? (`GET /franchise/analytics/pages/{page}${file ? '/export' : ''}` as const)
      : (`GET /franchise/restaurants/{id}/analytics/pages/{page}${file ? '/export' : ''}` as const);
  return addressOf(key satisfies keyof Calls, { page, ...(restaurantId === null ? {} : { id: restaurantId }) }).path;
}

/** A file ready to save, named as the server named it. */
export type ExportFile = { blob: Blob; filename: string };

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*` (RFC 5987, UTF-8, percent-encoded)
 * wins over `filename`, quoted or not; null without either.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w!#$&+.^`|~-]+)'[\w-]*'([^;\s]+)/i.exec(header);
  if (extended) {
    try {
      const name = decodeURIComponent(extended[2]!);
      if (extended[1]!.toLowerCase() === 'utf-8' && name) return name;
    } catch {
      // A malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : undefined;
  return name ? name : null;
}

export function createPageReportsService(client: HttpClient & FileClient) {
  /** One page's report; rejects with ApiError carrying the server's message or the page's default. */
  async function fetchReport(page: AnalyticsPage, scope: AnalyticsScope, query: AnalyticsQuery = {}): Promise<PageReport> {
    const fallback = pageReportErrorMessage(page, scope);
    let response: ApiSuccess<PageReport>;
    try {
      response = await client.request<PageReport>(pageReportPath(page, scope), { query });
    } catch (error) {
      throw withDefaultMessage(error, fallback);
    }
    if (response?.status !== 'success' || response.data == null) throw withDefaultMessage(new ApiError(fallback, 200, response), fallback);
    return response.data;
  }

  /** The page's file of those filters; rejects with ApiError carrying the server's message or "Export failed. Please try again.". */
  async function exportReport(
    page: AnalyticsPage,
    scope: AnalyticsScope,
    query: AnalyticsQuery,
    format: ExportFormat,
  ): Promise<ExportFile> {
    try {
      const { blob, headers } = await client.download(pageReportPath(page, scope, true), {
        query: { ...query, format },
        timeout: EXPORT_TIMEOUT_MS,
      });
      return { blob, filename: filenameFromDisposition(headers.get('Content-Disposition')) ?? `${page}.${format}` };
    } catch (error) {
      throw withDefaultMessage(error, EXPORT_FAILED);
    }
  }

  return { fetchReport, exportReport };
}

export type PageReportsService = ReturnType<typeof createPageReportsService>;

export const pageReportsService = createPageReportsService(httpClient);
