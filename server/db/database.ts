import { Kysely, PostgresDialect, type Generated, type Selectable } from 'kysely';
import { PgliteDialect, type PgliteSession } from './pglite-dialect.js';
import { TYPE_PARSERS } from './pglite-options.mjs';
import { openEmbedded } from './pglite-thread.mjs';

type Timestamp = Generated<Date>;

export interface FranchisesTable {
  id: Generated<number>;
  name: string;
  time_zone: Generated<string>;
  created_at: Timestamp;
}

export interface FranchiseUsersTable {
  id: Generated<number>;
  franchise_id: number;
  email: string;
  password_hash: string;
  name: string;
  picture: string | null;
  phone: string | null;
  state: string | null;
  city: string | null;
  street_address: string | null;
  suburb: string | null;
  post_code: string | null;
  token_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RestaurantsTable {
  id: Generated<number>;
  franchise_id: number;
  logo: string | null;
  name: string;
  abn_no: string;
  address: string;
  suburb: string;
  post_code: string;
  city: string;
  state: string;
  phone_no: string;
  email: string;
  business_type: string;
  capacity: number;
  status: 0 | 1;
  location: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RestaurantUsersTable {
  id: Generated<number>;
  restaurant_id: number;
  name: string;
  email: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  restaurant_id: number;
  product_name: string;
  plan_name: string;
  web_link: string;
}

export type PersonRole = 'Manager' | 'Chef' | 'Waiter';
export type PersonStatus = 'Active' | 'Inactive';

export interface PeopleTable {
  id: Generated<number>;
  franchise_id: number;
  restaurant_id: number | null;
  picture: string | null;
  name: string;
  email: string;
  phone: string | null;
  state: string | null;
  city: string | null;
  street_address: string | null;
  suburb: string | null;
  post_code: string | null;
  role: PersonRole;
  status: PersonStatus;
  password_hash: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: Date;
}

export interface RevokedSessionsTable {
  sid: string;
  expires_at: Date;
}

/** Attempt counters of every limit (login, password forgot and reset), not only logins. */
export interface LoginAttemptsTable {
  key: string;
  window_start: Date;
  count: number;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export interface Database {
  franchises: FranchisesTable;
  franchise_users: FranchiseUsersTable;
  restaurants: RestaurantsTable;
  restaurant_users: RestaurantUsersTable;
  subscriptions: SubscriptionsTable;
  people: PeopleTable;
  revoked_tokens: RevokedTokensTable;
  revoked_sessions: RevokedSessionsTable;
  login_attempts: LoginAttemptsTable;
  password_reset_tokens: PasswordResetTokensTable;
}

export type Db = Kysely<Database>;
export type FranchiseUserRow = Selectable<FranchiseUsersTable>;

export function pgliteDatabase(pglite: PgliteSession): Db {
  return new Kysely<Database>({ dialect: new PgliteDialect(pglite) });
}

export function postgresDatabase(connectionString: string, max = 10): Db {
  // pg is loaded when the first query needs a connection, so the embedded default never loads it.
  const pool = async () => {
    const { default: pg } = await import('pg');
    const created = new pg.Pool({
      connectionString,
      max,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    created.on('error', () => {});
    return created;
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/pglite, run in a worker thread. */
export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Db {
  if (config.databaseUrl) return postgresDatabase(config.databaseUrl);
  return pgliteDatabase(openEmbedded(config.dataDir));
}
