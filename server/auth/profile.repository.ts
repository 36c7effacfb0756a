import { CONTACT_FIELDS } from '@contract/people.contract.js';
import type { Profile } from '@contract/profile.contract.js';
import type { Db } from '../db/database.js';

/** The signed-in member's own record: its version, and whether another member has an e-mail. */

/** franchise_users.email is unique across franchises: it is the sign-in name. */
export const EMAIL_KEY = 'franchise_users_email_key';

export type ProfileValues = Omit<Profile, 'id' | 'franchise' | 'version' | 'role'>;

export async function readVersion(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('franchise_users').select('version').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.version;
}

export async function emailTaken(db: Db, email: string, userId: number): Promise<boolean> {
  const row = await db.selectFrom('franchise_users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst();
  return row !== undefined;
}

/** What the profile form edits, as the activity log compares it. */
export const PROFILE_FIELDS = CONTACT_FIELDS satisfies readonly (keyof ProfileValues)[];
