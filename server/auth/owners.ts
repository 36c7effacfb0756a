import { resolve } from 'node:path';
import * as z from 'zod';
import { email, newPassword } from '@contract/auth.contract.js';
import { timeZoneName } from '@contract/branch-clock.js';
import { displayName } from '@contract/text.js';
import type { Config } from '../config.js';
import { NO_CONTACT_DETAILS } from '../db/contact-details.js';
import type { Db } from '../db/database.js';
import { findUserByEmail } from './franchise-users.repository.js';
import { hashPassword } from './passwords.js';

/** `text` as one shell word: quoted only when it has to be. */
const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * The start message of a database without accounts: the command that creates the first owner in this
 * server's database, with the database named as this server was given it (docs/operations.md).
 */
export function firstOwnerHint(config: Pick<Config, 'dataDir' | 'databaseUrl'>): string {
  const database = config.databaseUrl ? 'DATABASE_URL="<this server\'s DATABASE_URL>"' : `DATA_DIR=${shellWord(resolve(config.dataDir))}`;
  return [
    'No accounts yet. Create the first owner while this server runs (the password is prompted, or read from stdin):',
    `  ${database} npm run owner:create -- --email you@example.com --name "Your Name" --franchise "Your Franchise" --time-zone Australia/Sydney`,
    'Demo data with published passwords: start once with SEED_DEMO=1.',
  ].join('\n');
}

export const ownerInput = z.object({
  email,
  name: displayName(),
  franchise: displayName(200, 'Franchise name'),
  time_zone: timeZoneName,
  password: newPassword,
});
export type OwnerInput = z.input<typeof ownerInput>;

export class OwnerExistsError extends Error {
  constructor(address: string) {
    super(`An account with the e-mail ${address} already exists.`);
  }
}

/** A new franchise and its owner, who can sign in at once. */
export async function createOwner(db: Db, input: OwnerInput): Promise<{ franchiseId: number; userId: number }> {
  const owner = ownerInput.parse(input);
  if (await findUserByEmail(db, owner.email)) throw new OwnerExistsError(owner.email);
  // Hashed before the transaction: PGlite is busy while a transaction is open.
  const passwordHash = await hashPassword(owner.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const franchise = await trx
        .insertInto('franchises')
        .values({ name: owner.franchise, time_zone: owner.time_zone })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('franchise_users')
        .values({
          franchise_id: franchise.id,
          email: owner.email,
          name: owner.name,
          password_hash: passwordHash,
          ...NO_CONTACT_DETAILS,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { franchiseId: franchise.id, userId: user.id };
    });
  } catch (error) {
    // Someone created the same e-mail between the check and the insert.
    if ((error as { code?: unknown }).code === '23505') throw new OwnerExistsError(owner.email);
    throw error;
  }
}
