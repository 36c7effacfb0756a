import { memberWrite } from '../../server/activity/member-write';
import { findUserByEmail, type AuthUser } from '../../server/auth/franchise-users.repository';
import type { ProfileValues } from '../../server/auth/profile.repository';
import { saveProfile } from '../../server/auth/profile.service';
import { NO_CONTACT_DETAILS } from '../../server/db/contact-details';
import type { Db } from '../../server/db/database';
import { findPerson, listPeople } from '../../server/people/people.repository';
import { deletePerson } from '../../server/people/people.service';
import { listRestaurants } from '../../server/restaurants/restaurants.repository';
import { createRestaurant } from '../../server/restaurants/restaurants.service';
import { listSubscriptions } from '../../server/reports/report-subscriptions.repository';
import { addSubscription, removeSubscription } from '../../server/reports/report-subscriptions.service';
import { findMember, insertMember } from '../../server/team/team.repository';
import { updateMember } from '../../server/team/team.service';
import { LAST_OWNER_MESSAGE } from '@contract/team.contract';
import { createRestaurantInput } from '@contract/restaurants.contract';
import { validAbn } from '../support/abn';
import { OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The one shape of a member's write: lock (or data_version bump), the owner re-checked under the lock, the activity
// entry in the same transaction as the change.

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const NOW = new Date('2026-11-22T00:00:00Z');
const version = async (franchiseId: number) =>
  (await db.selectFrom('franchises').select('data_version').where('id', '=', franchiseId).executeTakeFirstOrThrow()).data_version;
const entries = (franchiseId: number) =>
  db.selectFrom('activity_log').select(['action', 'entity', 'entity_id']).where('franchise_id', '=', franchiseId).execute();

it('records the entry as the member’s, bumps data_version only for a write that changes figures, skips an update without changes', async () => {
  const owner = (await findUserByEmail(db, OWNER.email))!;
  const franchiseId = owner.franchise.id;
  const before = await version(franchiseId);
  const logged = (await entries(franchiseId)).length;

  await memberWrite(db, owner, { now: NOW }, ({ record }) => record({ action: 'created', entity: 'alert_rule', entityId: 7 }));
  expect(await version(franchiseId)).toBe(before);
  await memberWrite(db, owner, { now: NOW, changesFigures: true }, ({ record }) =>
    record({ action: 'updated', entity: 'restaurant', entityId: 1, changes: {} }),
  );
  expect(await version(franchiseId)).toBe(before + 1);

  const added = (await entries(franchiseId)).slice(logged);
  expect(added).toEqual([{ action: 'created', entity: 'alert_rule', entity_id: '7' }]);
  const [entry] = await db.selectFrom('activity_log').select(['user_id', 'user_name', 'at']).orderBy('id', 'desc').limit(1).execute();
  expect(entry).toEqual({ user_id: owner.id, user_name: owner.name, at: NOW });
});

it('refuses an owners-only write of a member who is no owner any more (404), and a failing write leaves no entry', async () => {
  const owner = (await findUserByEmail(db, OWNER.email))!;
  const logged = (await entries(owner.franchise.id)).length;
  const demoted = { ...owner, role: 'manager' as const };
  await db.updateTable('franchise_users').set({ role: 'manager' }).where('id', '=', owner.id).execute();
  try {
    let ran = false;
    await expect(
      memberWrite(db, demoted, { now: NOW, owner: true }, async () => {
        ran = true;
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(ran).toBe(false);
  } finally {
    await db.updateTable('franchise_users').set({ role: 'owner' }).where('id', '=', owner.id).execute();
  }
  await expect(
    memberWrite(db, owner, { now: NOW, owner: true }, async ({ record }) => {
      await record({ action: 'deleted', entity: 'alert_rule', entityId: 9 });
      throw new Error('the change failed');
    }),
  ).rejects.toThrow('the change failed');
  expect(await entries(owner.franchise.id)).toHaveLength(logged);
});

it('refuses any write of a member who is no longer in the franchise (404), so their erased name cannot come back', async () => {
  const owner = (await findUserByEmail(db, OWNER.email))!;
  const removed = { ...owner, id: 999_999, name: 'Removed Rita', role: 'manager' as const };
  const logged = (await entries(owner.franchise.id)).length;
  await expect(
    memberWrite(db, removed, { now: NOW }, ({ record }) => record({ action: 'created', entity: 'alert_rule', entityId: 1 })),
  ).rejects.toMatchObject({ status: 404 });
  expect(await entries(owner.franchise.id)).toHaveLength(logged);
});

it('gives the work the member’s role as it stands under the lock, not as the request was authenticated', async () => {
  const owner = (await findUserByEmail(db, OWNER.email))!;
  await db.updateTable('franchise_users').set({ role: 'manager' }).where('id', '=', owner.id).execute();
  try {
    expect(await memberWrite(db, owner, { now: NOW }, async ({ role }) => role)).toBe('manager');
  } finally {
    await db.updateTable('franchise_users').set({ role: 'owner' }).where('id', '=', owner.id).execute();
  }
});

it('takes the profile save through the same write: a member removed while it waited gets 404, not a version conflict', async () => {
  const owner = (await findUserByEmail(db, OWNER.email))!;
  const removed = { ...owner, id: 999_999, name: 'Removed Rita', role: 'manager' as const };
  const values: ProfileValues = { ...NO_CONTACT_DETAILS, name: 'Rita Again', email: 'rita@example.com' };
  const logged = (await entries(owner.franchise.id)).length;
  await expect(saveProfile(db, removed, 1, values, undefined, NOW)).rejects.toMatchObject({ status: 404 });
  expect(await entries(owner.franchise.id)).toHaveLength(logged);
});

it('takes a person’s deletion through the same write: a member removed while it waited deletes no one and logs nothing', async () => {
  const owner = (await findUserByEmail(db, OWNER.email))!;
  const removed = { ...owner, id: 999_999, name: 'Removed Rita' };
  const franchiseId = owner.franchise.id;
  const [person] = await listPeople(db, franchiseId, null);
  const logged = (await entries(franchiseId)).length;
  await expect(deletePerson(db, removed, person!.id, NOW)).rejects.toMatchObject({ status: 404 });
  expect(await findPerson(db, franchiseId, person!.id, null)).toEqual(person);
  expect(await entries(franchiseId)).toHaveLength(logged);
});

it('takes report mails through the same write: a member removed while it waited adds none, removes none, and neither is logged', async () => {
  const owner = (await findUserByEmail(db, OWNER.email))!;
  const franchiseId = owner.franchise.id;
  const input = { page: 'revenue', range: '7days', frequency: 'weekly', weekday: 1, hour: 7 } as const;
  const logged = (await entries(franchiseId)).length;
  const mail = await addSubscription(db, owner, input, { now: NOW, jwtSecret: 'x'.repeat(32) });
  expect(await listSubscriptions(db, franchiseId, owner.id)).toContainEqual(mail);
  const removed = { ...owner, id: 999_999, name: 'Removed Rita' };
  await expect(addSubscription(db, removed, input, { now: NOW, jwtSecret: 'x'.repeat(32) })).rejects.toMatchObject({ status: 404 });
  expect(await listSubscriptions(db, franchiseId, removed.id)).toEqual([]);
  await expect(removeSubscription(db, removed, mail.id, NOW)).rejects.toMatchObject({ status: 404 });
  expect(await listSubscriptions(db, franchiseId, owner.id)).toContainEqual(mail);
  await removeSubscription(db, owner, mail.id, NOW);
  expect(await listSubscriptions(db, franchiseId, owner.id)).not.toContainEqual(mail);
  expect(await entries(franchiseId)).toHaveLength(logged);
});

it('takes a restaurant’s creation through the same write: an owner demoted while it waited adds none and logs nothing', async () => {
  const owner = (await findUserByEmail(db, OWNER.email))!;
  const franchiseId = owner.franchise.id;
  const count = async () => (await listRestaurants(db, franchiseId, null)).length;
  const [restaurants, logged] = [await count(), (await entries(franchiseId)).length];
  const values = createRestaurantInput.parse({
    name: 'Demoted Diner',
    abn_no: validAbn(700_000_001),
    address: '1 Late Street',
    suburb: 'Manly',
    post_code: '2095',
    city: 'Sydney',
    state: 'NSW',
    phone_no: '(02) 9977 1234',
    email: 'diner@example.com',
    business_type: 'Cafe',
    capacity: 40,
    status: 1,
  });
  await db.updateTable('franchise_users').set({ role: 'manager' }).where('id', '=', owner.id).execute();
  try {
    await expect(createRestaurant(db, owner, values, NOW)).rejects.toMatchObject({ status: 404 });
  } finally {
    await db.updateTable('franchise_users').set({ role: 'owner' }).where('id', '=', owner.id).execute();
  }
  expect(await count()).toBe(restaurants);
  expect(await entries(franchiseId)).toHaveLength(logged);
});

it('checks a write’s own refusals before the member’s standing: of two owners demoting each other, the second is told a franchise needs an owner', async () => {
  const first = (await findUserByEmail(db, OWNER.email))!;
  const franchiseId = first.franchise.id;
  const secondId = await insertMember(
    db,
    franchiseId,
    'second.owner@example.com',
    { name: 'Second Owner', role: 'owner', restaurant_ids: [] },
    NOW,
  );
  const second = (await findUserByEmail(db, 'second.owner@example.com'))!;
  try {
    const demote = async (owner: AuthUser, id: number) =>
      updateMember(
        db,
        owner,
        id,
        {
          name: (await findMember(db, franchiseId, id))!.name,
          role: 'manager',
          restaurant_ids: [1],
          version: (await findMember(db, franchiseId, id))!.version,
        },
        NOW,
      );
    await demote(first, secondId);
    // The second's request was authenticated as an owner's, before the first change committed.
    await expect(demote(second, first.id)).rejects.toMatchObject({ status: 409, message: LAST_OWNER_MESSAGE });
    expect((await findMember(db, franchiseId, first.id))!.role).toBe('owner');
  } finally {
    await db.deleteFrom('franchise_users').where('id', '=', secondId).execute();
  }
});
