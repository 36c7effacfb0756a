import * as z from 'zod';
import { INGEST_KINDS } from '../ingest.contract.js';
import { ANALYTICS_PAGES } from '../page-reports.contract.js';
import { MAX_RECORD_ID } from '../record-id.js';

/**
 * Every `{name}` a call's path may hold, wherever it occurs: the server refuses a value outside the
 * schema with 404 before it reads the query or the body, and the OpenAPI document describes it. An
 * `{id}` is read as the contract's record id (plain digits); the others as their schema says.
 */
export const PATH_PARAMETERS = {
  id: { schema: z.int().min(1).max(MAX_RECORD_ID), description: 'The record’s id; one not of the caller’s franchise is 404' },
  page: { schema: z.enum(ANALYTICS_PAGES), description: 'The analytics page' },
  kind: { schema: z.enum(INGEST_KINDS), description: 'What the file held: the body is that ingest call’s' },
} as const satisfies Record<string, { schema: z.ZodType; description: string }>;

export type PathParameter = keyof typeof PATH_PARAMETERS;
/** A path parameter's value once checked. */
export type PathValue<N extends string> = N extends PathParameter ? z.output<(typeof PATH_PARAMETERS)[N]['schema']> : never;
