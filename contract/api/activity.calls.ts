import * as z from 'zod';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ENTITIES,
  ACTIVITY_EXPORT_MAX_ROWS,
  ACTIVITY_RETENTION_DAYS,
  activityQuery,
} from '../activity.contract.js';
import { defineCalls } from './call.js';
import { id, instant } from './primitives.js';

/** One entry of the log: who changed what and when, and each changed field before → after. */
export const activityItem = z.object({
  at: instant,
  user: z.object({
    id: id.nullable().meta({ description: 'null: an API key made the change' }),
    name: z.string().meta({ description: 'The member’s name then, or “API key “{name}””' }),
  }),
  action: z.enum(ACTIVITY_ACTIONS),
  entity: z.enum(ACTIVITY_ENTITIES),
  entity_id: z.string().nullable().meta({ description: 'The record’s id; null for an import or ingest batch' }),
  changes: z
    .record(z.string(), z.tuple([z.unknown(), z.unknown()]))
    .meta({ description: 'Each changed field as [before, after]; a secret as [null, "changed"], never its value' }),
});
export type ActivityItem = z.output<typeof activityItem>;

export const activityPage = z.object({
  items: z.array(activityItem),
  page: id,
  total: z.int().min(0).meta({ description: 'Entries the filters match' }),
});
export type ActivityPage = z.output<typeof activityPage>;

/** A member who appears in the log (id and the name of their latest entry), for the member filter; API keys are not members. */
export const activityMember = z.object({ id, name: z.string() });
export type ActivityMember = z.output<typeof activityMember>;

/** The activity log (docs/product.md, Team and Activity), owners only. */
export const ACTIVITY_CALLS = defineCalls({
  'GET /franchise/activity': {
    operationId: 'listActivity',
    summary: 'The activity log, newest first, a page at a time',
    description: `Every change made in the console or through the ingest API, recorded in its transaction (an ingest call that changed nothing leaves no entry; a CSV import always does); kept ${ACTIVITY_RETENTION_DAYS} days. A page past the end has no items and the real total.`,
    tag: 'Activity',
    access: 'owner',
    query: activityQuery,
    success: { data: activityPage },
  },
  'GET /franchise/activity/export': {
    operationId: 'exportActivity',
    summary: 'Every entry the filters match as a CSV file, newest first',
    description: `Columns: When (ISO 8601 on the franchise’s clock, with its offset), Member, Member ID (empty for an API key), Action, Entity, Entity ID, Changes ("field: before → after; …"). At most ${ACTIVITY_EXPORT_MAX_ROWS} entries, the newest; \`page\` is ignored.`,
    tag: 'Activity',
    access: 'owner',
    query: activityQuery,
    success: { files: { 'text/csv': z.string() } },
    errors: [429],
  },
  'GET /franchise/activity/members': {
    operationId: 'listActivityMembers',
    summary: 'The members the activity log names, by name: the choices of its member filter',
    tag: 'Activity',
    access: 'owner',
    success: { data: z.array(activityMember) },
  },
});
