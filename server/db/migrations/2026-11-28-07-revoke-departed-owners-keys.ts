import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// An API key goes with its creator's ownership (docs/team.md). Keys of owners removed (created_by
// null: keys are only ever made by an owner) or made managers before that rule are revoked now, each
// recorded in the activity log as revoked by the console itself.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`with revoked as (
      update api_keys k set revoked_at = now()
      where k.revoked_at is null
        and not exists (select 1 from franchise_users u where u.id = k.created_by and u.role = 'owner')
      returning k.id, k.franchise_id, k.name, k.restaurant_id
    )
    insert into activity_log (franchise_id, at, user_id, user_name, action, entity, entity_id, changes)
    select franchise_id, now(), null, 'Franchise Console: its creator is no longer an owner', 'revoked', 'api_key', id::text,
      jsonb_build_object('name', jsonb_build_array(name, null), 'restaurant_id', jsonb_build_array(restaurant_id, null))
    from revoked order by id`.execute(db);
}

// A revoked key stays revoked: its secret may have left with its creator.
export async function down(): Promise<void> {}
