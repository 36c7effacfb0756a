import * as z from 'zod';
import { email, newPassword } from '@contract/auth.contract.js';
import { timeZoneName } from '@contract/branch-clock.js';
import { displayName } from '@contract/text.js';
import { NO_CONTACT_DETAILS } from '../db/contact-details.js';
import type { Db } from '../db/database.js';
import { findUserByEmail } from './franchise-users.repository.js';
import { hashPassword } from './passwords.js';

export const FIRST_OWNER_HINT = [
  'No accounts yet. Create the first owner (the password is prompted, or read from stdin):',
  '  npm run owner:create -- --email you@example.com --name "Your Name" --franchise "Your Franchise" --time-zone Australia/Sydney',
  'Demo data with published passwords: start once with SEED_DEMO=1.',
].join('\n');

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
