/**
 * The activity log (`GET /api/v1/franchise/activity`, owners): who changed what, when, and each
 * changed field before → after. Secrets (passwords, API key secrets) are recorded as "changed" only.
 */

/** What an entry is about. */
export const ACTIVITY_ENTITIES = ['person', 'restaurant', 'profile', 'member', 'api_key', 'import', 'ingest'] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

export const ACTIVITY_ACTIONS = ['created', 'updated', 'deleted', 'invited', 'invitation_resent', 'revoked', 'imported', 'ingested', 'removed'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What a secret field's change reads as: never the value. */
export const SECRET_CHANGED = 'changed';

/** Entries are kept at least this long; the housekeeping purge removes older ones. */
export const ACTIVITY_RETENTION_DAYS = 400;

export type ActivityChanges = Record<string, [unknown, unknown]>;

export type ActivityItem = {
  /** RFC 3339 instant. */
  at: string;
  /** The member who made the change; id null for an API key (name says which). */
  user: { id: number | null; name: string };
  action: ActivityAction;
  entity: ActivityEntity;
  entity_id: string | null;
  changes: ActivityChanges;
};
