import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// People deleted before deletion erased their details get the same erasure now: contact details,
// picture and password hash go, the e-mail becomes a placeholder; the name stays for past rosters.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update people set picture = null, phone = null, state = null, city = null, street_address = null, suburb = null,
    post_code = null, password_hash = null, email = 'deleted-' || id || '@people.invalid'
    where deleted_at is not null`.execute(db);
}

// What was erased cannot come back.
export async function down(): Promise<void> {}
