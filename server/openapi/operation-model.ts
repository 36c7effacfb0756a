import * as z from 'zod';

// The shape of an entry of the OpenAPI description (operations.ts) and the helpers its tables share.

/** `bearer`: a console access token; `bearer-or-expired`: one also accepted expired, inside the refresh window; `api-key`: an Integrations key. */
export type Auth = 'public' | 'bearer' | 'bearer-or-expired' | 'api-key';

/** Failures an entry names beyond those its auth, body, query and path parameters imply. */
export type ExtraError = 400 | 403 | 404 | 409 | 429;

export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  /** The JSON body the handler validates. */
  body?: z.ZodType;
  /** The query the handler validates: one parameter per property. */
  query?: z.ZodObject;
  /** A success's status when not 200. */
  status?: 201;
  /** `data` of the success envelope; `files`: the answer is a file (media type → its schema, null for binary); `document`: JSON without the envelope. */
  success: { data: z.ZodType } | { files: Record<string, z.ZodType | null> } | { document: z.ZodType };
  errors?: ExtraError[];
  /** The call never reads the database (so no 503). */
  withoutDatabase?: true;
};

export const TAGS = {
  Auth: 'Sign-in, tokens and password reset',
  Profile: 'The signed-in user',
  People: 'Users and staff of the franchise',
  Restaurants: 'The franchise’s restaurants',
  Analytics: 'Figures of the dashboard and the analytics pages, from daily rollups',
  Reports: 'The analytics pages as reports, and as CSV or PDF files',
  Integrations: 'API keys for the ingest calls',
  Team: 'Members who sign in to the console: owners (every branch) and managers (their branches); owners only',
  Ingest: 'Trade sent by a POS, roster or supplier system with an API key; the console’s CSV import sends the same bodies',
  Service: 'Liveness and this document',
  Activity: 'Who changed what and when, owners only',
  Alerts: 'Owners’ alert rules on the daily figures, and the alerts they raise for the members they name',
} as const;
export type Tag = keyof typeof TAGS;

/** Builds an entry of `tag`. */
export const op = (tag: Tag, operation: Omit<Operation, 'tag'>): Operation => ({ tag, ...operation });

const camel = (kebab: string) => kebab.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
export const pascal = (kebab: string) => camel(kebab).replace(/^\w/, (c) => c.toUpperCase());

export const OWNERS_ONLY = 'Owners only: to a manager the call does not exist (404).';
