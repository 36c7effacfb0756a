import type { Generated } from 'kysely';

/** A timestamp column the database fills in (default now()). */
export type Timestamp = Generated<Date>;
