import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

// The franchise and who works in it: members and their branches, restaurants, people, sign-in state.

export interface FranchisesTable {
  id: Generated<number>;
  name: string;
  time_zone: Generated<string>;
  /** Bumped with every write that changes analytics; part of every cached answer's key. */
  data_version: Generated<number>;
  /** Bumped by every targets write: a targets grid saved over a newer one is refused (409). */
  targets_version: Generated<number>;
  created_at: Timestamp;
}

export type MemberRole = 'owner' | 'manager';

/** The optional contact details a sign-in and a person both have. */
export interface ContactColumns {
  picture: string | null;
  phone: string | null;
  state: string | null;
  city: string | null;
  street_address: string | null;
  suburb: string | null;
  post_code: string | null;
}

export interface FranchiseUsersTable extends ContactColumns {
  id: Generated<number>;
  franchise_id: number;
  email: string;
  /** Null while invited: the invitation link sets the first password. */
  password_hash: string | null;
  /** An owner sees the whole franchise; a manager only the branches in franchise_user_restaurants. */
  role: Generated<MemberRole>;
  name: string;
  token_version: Generated<number>;
  /** Bumped by every profile save; a save naming an older version is refused. */
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When this member dismissed the dashboard's first steps; null: shown while the franchise has no trade. */
  getting_started_dismissed_at: Generated<Date | null>;
}

export interface RestaurantsTable {
  id: Generated<number>;
  franchise_id: number;
  logo: string | null;
  name: string;
  /** Null: none given. The other nullable details too: only the name, address, state and zone are required. */
  abn_no: string | null;
  address: string;
  suburb: string | null;
  post_code: string | null;
  city: string | null;
  state: string;
  phone_no: string | null;
  email: string | null;
  business_type: string | null;
  capacity: number | null;
  status: 0 | 1;
  location: string;
  /** The branch's IANA zone; an insert that leaves it out takes the franchise's. */
  time_zone: Generated<string>;
  /** Minutes after local midnight (0–360) the branch's trading day starts. */
  day_starts_at: Generated<number>;
  version: Generated<number>;
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

export interface PeopleTable extends ContactColumns {
  id: Generated<number>;
  franchise_id: number;
  restaurant_id: number | null;
  name: string;
  email: string;
  role: PersonRole;
  status: PersonStatus;
  password_hash: string | null;
  version: Generated<number>;
  /** Soft delete: the person leaves every list, their shifts still count in the roster. */
  deleted_at: Generated<Date | null>;
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

/** The branches a manager may access. */
export interface FranchiseUserRestaurantsTable {
  user_id: number;
  restaurant_id: number;
}
