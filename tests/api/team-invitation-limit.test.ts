import { MEMBER_NOT_FOUND_MESSAGE } from '@contract/team.contract';
import { INVITATIONS_PER_WINDOW } from '../../server/auth/rate-limit';
import { inviteMember } from './support/team-members';
import { createTestApp, expectErrorEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

/**
 * The resend limit (INVITATIONS_PER_WINDOW mails per member in 15 minutes) is counted only for a
 * resend the caller may make: another franchise naming our member's id takes none of it.
 */
let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let rival: string;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  rival = await t.login(RIVAL);
});
afterAll(() => database.close());

let serial = 0;
const invite = () => {
  serial++;
  return inviteMember(t, owner, { email: `limit.${serial}@example.com`, name: `Limit ${serial}` });
};

const resend = (id: number, token = owner) => t.call('POST', `team/${id}/invitation`, { token });
const mailsTo = (email: string) => t.mailer.messages.filter((m) => m.to === email).length;

describe('POST /franchise/team/{id}/invitation and its limit', () => {
  it('another franchise’s owner naming our member gets 404 every time and spends none of our resends', async () => {
    const member = await invite();
    for (let i = 0; i < INVITATIONS_PER_WINDOW * 3; i++) {
      const res = await resend(member.id, rival);
      expect(res.status, `call ${i + 1}: ${res.text}`).toBe(404);
      expectErrorEnvelope(res.body, MEMBER_NOT_FOUND_MESSAGE);
    }
    expect(mailsTo(member.email)).toBe(1);
    for (let i = 0; i < INVITATIONS_PER_WINDOW; i++) expect((await resend(member.id)).status).toBe(200);
    expect(mailsTo(member.email)).toBe(1 + INVITATIONS_PER_WINDOW);
    expect((await resend(member.id)).status).toBe(429);
  });

  it('a burst of simultaneous resends by our owner mails the allowed number, the rest 429', async () => {
    const member = await invite();
    const answers = await Promise.all(Array.from({ length: INVITATIONS_PER_WINDOW * 3 }, () => resend(member.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses, answers.map((r) => r.text).join('\n')).toEqual([
      ...Array<number>(INVITATIONS_PER_WINDOW).fill(200),
      ...Array<number>(INVITATIONS_PER_WINDOW * 2).fill(429),
    ]);
    expect(mailsTo(member.email)).toBe(1 + INVITATIONS_PER_WINDOW);
    const resent = await database.db
      .selectFrom('activity_log')
      .select('id')
      .where('entity', '=', 'member')
      .where('entity_id', '=', String(member.id))
      .where('action', '=', 'invitation_resent')
      .execute();
    expect(resent).toHaveLength(INVITATIONS_PER_WINDOW);
  });

  it('a rival’s burst on our member’s id is all 404, and our own resend still goes through', async () => {
    const member = await invite();
    const answers = await Promise.all(Array.from({ length: INVITATIONS_PER_WINDOW * 3 }, () => resend(member.id, rival)));
    expect(answers.map((r) => r.status)).toEqual(Array<number>(INVITATIONS_PER_WINDOW * 3).fill(404));
    expect((await resend(member.id)).status).toBe(200);
  });
});
