import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Members removed before removal erased their details from the activity log get the same erasure
// now: the entries they made name them by id only, and their name, e-mail and contact details read
// "erased" in the entries about them as a member and about their profile.
export async function up(db: Kysely<unknown>): Promise<void> {
  const details = sql`array['picture', 'name', 'email', 'phone', 'state', 'city', 'street_address', 'suburb', 'post_code']::text[]`;
  await sql`update activity_log a set user_name = 'Removed member #' || a.user_id
    where a.user_id is not null and not exists (select 1 from franchise_users u where u.id = a.user_id)`.execute(db);
  await sql`update activity_log a set changes = (
      select jsonb_object_agg(key, case when key = any(${details}) then '["erased", "erased"]'::jsonb else value end)
      from jsonb_each(a.changes))
    where a.entity in ('member', 'profile') and jsonb_exists_any(a.changes, ${details})
      and not exists (select 1 from franchise_users u where u.id::text = a.entity_id)`.execute(db);
}

// What was erased cannot come back.
export async function down(): Promise<void> {}
