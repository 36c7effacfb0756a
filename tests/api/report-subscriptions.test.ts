import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDemoFranchise, writeTrade } from '../../server/analytics/demo/write';
import { MONTHS } from '@contract/presentation/labels';
import { MAX_SUBSCRIPTIONS_PER_MEMBER, WEEKDAY_MESSAGE } from '@contract/report-subscriptions.contract';
import type { PageReport } from '@contract/page-reports.contract';
import { formatCell } from '@contract/presentation/report-display';
import type { Db } from '../../server/db/database';
import { DEMO_MANAGER } from '../../server/db/seed';
import { silentLogger } from '../../server/logger';
import { createMailer, type MailMessage } from '../../server/mail/mailer';
import { unsubscribeToken } from '../../server/reports/report-mail';
import { REPORT_SENDS_PER_WINDOW, SEND_FAILED_MESSAGE } from '../../server/reports/report-subscriptions.routes';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, PUBLIC_URL, RIVAL, testConfig } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Scheduled report mails: a member's own subscriptions, "Send now" (the figures of the member's page
// report for the same window and branches, the page's PDF, the one-click unsubscribe headers), and the
// unsubscribe link, which a GET only describes and a POST uses up. The demo franchise trades from
// 1 November to now (11:00 on Sunday 22 November in Sydney).

let database: TestDatabase;
let db: Db;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let manager: string;
let rival: string;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  t = createTestApp(db);
  const franchiseId = (await db.selectFrom('franchises').select('id').where('name', '=', DEMO_MANAGER.franchise).executeTakeFirstOrThrow())
    .id;
  const franchise = await prepareDemoFranchise(db, franchiseId, { customers: 200 });
  await writeTrade(db, 20_261_125, franchise, { firstDay: '2026-11-01', until: new Date(t.now()) }, { daysPerBatch: 30 });
  owner = await t.login(OWNER);
  manager = await t.login(DEMO_MANAGER);
  rival = await t.login(RIVAL);
}, 120_000);
afterAll(() => database.close());

const PATH = 'report-subscriptions';
const weekly = { page: 'revenue', range: '7days', frequency: 'weekly', weekday: 1, hour: 7 };
const create = (token: string, body: unknown = weekly) => t.call('POST', PATH, { token, body });
const list = async (token: string) => (await t.call('GET', PATH, { token })).body.data as { id: number }[];
async function clear(token: string) {
  for (const { id } of await list(token)) expect((await t.call('DELETE', `${PATH}/${id}`, { token })).status).toBe(200);
}
/** Past the send limit's window, with new sign-ins (an access token lasts an hour). */
async function later() {
  t.advance(16 * 60_000);
  [owner, manager, rival] = await Promise.all([t.login(OWNER), t.login(DEMO_MANAGER), t.login(RIVAL)]);
}
/** "2026-11-19" as the pages and the PDF spell it: "19 Nov 2026". */
const spelt = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]} ${year}`;
};
/** The token of the unsubscribe link in a mail, from its List-Unsubscribe header. */
const tokenOf = (mail: MailMessage) => new URL(mail.headers!['List-Unsubscribe']!.slice(1, -1)).searchParams.get('token')!;

describe('report subscriptions', () => {
  it('are created, listed and deleted by their member; next_run_at is the next slot on the franchise’s clock', async () => {
    await clear(owner);
    const res = await create(owner);
    expect(res.status).toBe(201);
    expectSuccessEnvelope(res.body);
    // Sunday 22 Nov, 11:00 in Sydney (+11:00): the next Monday 07:00 there is 23 Nov, 20:00 UTC on the 22nd.
    expect(res.body.data).toMatchObject({ ...weekly, id: expect.any(Number), next_run_at: '2026-11-22T20:00:00.000Z' });
    const daily = await create(owner, { ...weekly, frequency: 'daily', weekday: null, hour: 12 });
    // Noon today has not come yet in Sydney.
    expect(daily.body.data.next_run_at).toBe('2026-11-22T01:00:00.000Z');
    expect((await list(owner)).map((s) => s.id)).toEqual([res.body.data.id, daily.body.data.id]);
    expect((await t.call('DELETE', `${PATH}/${res.body.data.id}`, { token: owner })).status).toBe(200);
    expect((await list(owner)).map((s) => s.id)).toEqual([daily.body.data.id]);
    expect((await t.call('DELETE', `${PATH}/${res.body.data.id}`, { token: owner })).status).toBe(404);
  });

  it.each([
    ['weekly without a weekday', { ...weekly, weekday: null }, 'weekday'],
    ['daily with a weekday', { ...weekly, frequency: 'daily' }, 'weekday'],
    ['weekday 8', { ...weekly, weekday: 8 }, 'weekday'],
    ['weekday 0', { ...weekly, weekday: 0 }, 'weekday'],
    ['hour 24', { ...weekly, hour: 24 }, 'hour'],
    ['hour -1', { ...weekly, hour: -1 }, 'hour'],
    ['hour 7.5', { ...weekly, hour: 7.5 }, 'hour'],
    ['an unknown page', { ...weekly, page: 'sales' }, 'page'],
    ['an unknown range', { ...weekly, range: '30days' }, 'range'],
    ['an unknown frequency', { ...weekly, frequency: 'monthly' }, 'frequency'],
  ])('refuse %s (422 naming the field)', async (_, body, field) => {
    const res = await create(owner, body);
    expect(res.status).toBe(422);
    expectErrorEnvelope(res.body);
    expect(Object.keys(res.body.errors)).toContain(field);
    if (field === 'weekday') expect(res.body.errors.weekday).toContain(WEEKDAY_MESSAGE);
  });

  it('are each member’s own: another member’s or franchise’s is 404 to delete and to send', async () => {
    await clear(owner);
    const mine = (await create(owner)).body.data.id as number;
    const theirs = (await create(rival)).body.data.id as number;
    expect((await list(manager)).map((s) => s.id)).not.toContain(mine);
    for (const [token, id] of [
      [manager, mine],
      [owner, theirs],
    ] as const) {
      for (const path of [`${PATH}/${id}`, `${PATH}/${id}/send`]) {
        const res = await t.call(path.endsWith('send') ? 'POST' : 'DELETE', path, { token });
        expect(res.status, path).toBe(404);
        expectErrorEnvelope(res.body);
      }
    }
    expect((await list(owner)).map((s) => s.id)).toEqual([mine]);
    expect((await list(rival)).map((s) => s.id)).toEqual([theirs]);
  });

  it(`are at most ${MAX_SUBSCRIPTIONS_PER_MEMBER} per member (409), others unaffected`, async () => {
    await clear(owner);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_MEMBER; i++) expect((await create(owner)).status).toBe(201);
    const refused = await create(owner);
    expect(refused.status).toBe(409);
    expectErrorEnvelope(refused.body);
    expect((await create(manager)).status).toBe(201);
    await clear(owner);
    await clear(manager);
  });
});

describe('Send now', () => {
  /** The member's page report for the subscription's window and branches, through the API. */
  const pageReport = async (token: string) =>
    (await t.call('GET', 'analytics/pages/revenue?period=7days', { token })).body.data as PageReport;

  async function sendNow(member: 'owner' | 'manager') {
    await later();
    const token = member === 'owner' ? owner : manager;
    const id = (await create(token)).body.data.id as number;
    const before = t.mailer.messages.length;
    const res = await t.call('POST', `${PATH}/${id}/send`, { token });
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(t.mailer.messages).toHaveLength(before + 1);
    return { id, mail: t.mailer.messages.at(-1)! };
  }

  const figures = (report: PageReport) => report.cards.map((card) => `${card.label}: ${formatCell(card.unit, card.value)}`);

  it('mails the key figures of the member’s page report, the page’s PDF and the one-click unsubscribe headers', async () => {
    const { mail } = await sendNow('owner');
    const report = await pageReport(owner);
    expect(mail.to).toBe(OWNER.email);
    expect(mail.subject).toMatch(/Revenue report: Last 7 Days/);
    expect(report.cards.length).toBeGreaterThan(0);
    expect(report.cards.some((card) => card.value !== 0)).toBe(true);
    for (const line of figures(report)) expect(mail.text).toContain(line);
    for (const card of report.cards) expect(mail.html).toContain(`<td>${formatCell(card.unit, card.value)}</td>`);
    // The window's days as the page and the PDF write them.
    const days = `${spelt(report.window.start_date)} – ${spelt(report.window.end_date)}`;
    expect(mail.text).toContain(`Revenue report of ${report.franchise.name}, Last 7 Days (${days}), all branches:`);
    expect(mail.html).toContain(`Last 7 Days (${days}), all branches:</p>`);
    expect(mail.text).not.toContain(report.window.start_date);
    expect(mail.text).toMatch(/vs previous 7 days|no previous data/);
    const pdf = mail.attachments?.[0];
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/^revenue_all-branches_.*\.pdf$/) });
    expect(Buffer.from(pdf!.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The one-click header names the API (a mail client POSTs to it); the body's link opens the console's page.
    const header = mail.headers!['List-Unsubscribe']!;
    expect(header).toMatch(new RegExp(`^<${PUBLIC_URL}/api/v1/unsubscribe\\?token=[A-Za-z0-9_-]{43}>$`));
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const page = `${PUBLIC_URL}/unsubscribe?token=${tokenOf(mail)}`;
    expect(mail.text).toContain(`To stop these mails, unsubscribe: ${page}\n`);
    expect(mail.html).toContain(`<a href="${page}">Unsubscribe</a>`);
    // And back to the console's page it is about, over the same range.
    expect(mail.text).toContain(`See it in the console: ${PUBLIC_URL}/revenue?range=7days\n`);
    expect(mail.html).toContain(`<a href="${PUBLIC_URL}/revenue?range=7days">See it in the console</a>`);
    for (const body of [mail.text, mail.html]) expect(body).not.toContain('/api/');
  });

  it('mails the Loss, Food & Prime Cost and Menu Engineering pages’ key figures and PDFs', async () => {
    for (const [page, title] of [
      ['loss', 'Loss'],
      ['costs', 'Food & Prime Cost'],
      ['menu-engineering', 'Menu Engineering'],
    ] as const) {
      await later();
      const id = (await create(owner, { ...weekly, page, range: '7days' })).body.data.id as number;
      expect((await t.call('POST', `${PATH}/${id}/send`, { token: owner })).status).toBe(200);
      const mail = t.mailer.messages.at(-1)!;
      expect(mail.subject).toMatch(new RegExp(`^${title} report: Last 7 Days`));
      const report = (await t.call('GET', `analytics/pages/${page}?period=7days`, { token: owner })).body.data as PageReport;
      expect(
        report.cards.some((card) => card.value !== 0),
        page,
      ).toBe(true);
      for (const line of figures(report)) expect(mail.text).toContain(line);
      expect(mail.attachments?.[0]?.filename).toMatch(new RegExp(`^${page}_all-branches_.*\\.pdf$`));
      expect(mail.text).toContain(`See it in the console: ${PUBLIC_URL}/${page}?range=7days\n`);
    }
  });

  it('mails the dashboard as the revenue page’s figures', async () => {
    await later();
    const id = (await create(owner, { ...weekly, page: 'dashboard', range: '7days' })).body.data.id as number;
    expect((await t.call('POST', `${PATH}/${id}/send`, { token: owner })).status).toBe(200);
    const mail = t.mailer.messages.at(-1)!;
    expect(mail.subject).toMatch(/^Dashboard report: Last 7 Days/);
    for (const line of figures(await pageReport(owner))) expect(mail.text).toContain(line);
    // Named as asked for: the dashboard's PDF and link, though its figures are the revenue page's.
    expect(mail.attachments?.[0]?.filename).toMatch(/^dashboard_all-branches_.*\.pdf$/);
    expect(mail.text).toContain(`See it in the console: ${PUBLIC_URL}/dashboard?range=7days\n`);
  });

  it('says a window without trade has no data, as the page and its PDF do, instead of figures of zero', async () => {
    await later();
    const report = await pageReport(rival);
    expect(report.no_data).toBeTruthy();
    const id = (await create(rival)).body.data.id as number;
    expect((await t.call('POST', `${PATH}/${id}/send`, { token: rival })).status).toBe(200);
    const mail = t.mailer.messages.at(-1)!;
    expect(mail.to).toBe(RIVAL.email);
    expect(mail.text).toContain(`\n\n${report.no_data}\n\n`);
    expect(mail.html).toContain(`<p>${report.no_data}</p>`);
    for (const card of report.cards) expect(mail.text).not.toContain(`${card.label}:`);
  });

  it('covers a manager’s branches only: the manager’s own page report, not the owner’s', async () => {
    const { mail } = await sendNow('manager');
    const mine = figures(await pageReport(manager));
    const owners = figures(await pageReport(owner));
    expect(mine).not.toEqual(owners);
    for (const line of mine) expect(mail.text).toContain(line);
    expect(owners.some((line) => !mail.text.includes(line))).toBe(true);
    expect(mail.text).toContain('your branches');
    await clear(manager);
  });

  it(`is limited to ${REPORT_SENDS_PER_WINDOW} mails per member in 15 minutes (429 with Retry-After)`, async () => {
    await later();
    await clear(owner);
    const id = (await create(owner)).body.data.id as number;
    for (let i = 0; i < REPORT_SENDS_PER_WINDOW; i++)
      expect((await t.call('POST', `${PATH}/${id}/send`, { token: owner })).status).toBe(200);
    const before = t.mailer.messages.length;
    const refused = await t.call('POST', `${PATH}/${id}/send`, { token: owner });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(t.mailer.messages).toHaveLength(before);
    // Another member's sends are their own.
    expect((await t.call('POST', `${PATH}/${(await create(manager)).body.data.id}/send`, { token: manager })).status).toBe(200);
    await clear(owner);
    await clear(manager);
  });
  it('answers 503 when the mail cannot be sent, and the failed send does not count against the limit', async () => {
    await later();
    await clear(owner);
    const id = (await create(owner)).body.data.id as number;
    const send = t.mailer.send;
    t.mailer.send = () => Promise.reject(new Error('mail server down'));
    try {
      for (let i = 0; i <= REPORT_SENDS_PER_WINDOW; i++) {
        const res = await t.call('POST', `${PATH}/${id}/send`, { token: owner });
        expect(res.status).toBe(503);
        expectErrorEnvelope(res.body, SEND_FAILED_MESSAGE);
      }
    } finally {
      t.mailer.send = send;
    }
    expect((await t.call('POST', `${PATH}/${id}/send`, { token: owner })).status).toBe(200);
    await clear(owner);
  });
});

describe('the unsubscribe link', () => {
  it('GET describes it without unsubscribing; the one-click POST deletes that subscription only; used again it is 404', async () => {
    await later();
    await clear(owner);
    const keep = (await create(owner, { ...weekly, page: 'order' })).body.data.id as number;
    const id = (await create(owner)).body.data.id as number;
    expect((await t.call('POST', `${PATH}/${id}/send`, { token: owner })).status).toBe(200);
    const token = tokenOf(t.mailer.messages.at(-1)!);
    const path = `/api/v1/unsubscribe?token=${token}`;

    const read = await t.call('GET', path);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ page: 'revenue', range: '7days', frequency: 'weekly' });
    // The console's names of the page and the range, as the unsubscribe page words them.
    expect(read.body.message).toBe('Stop the weekly Revenue report (Last 7 Days)? POST to this address to unsubscribe');
    expect((await list(owner)).map((s) => s.id)).toEqual([keep, id]);

    const used = await t.call('POST', path, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(used.status).toBe(200);
    expectSuccessEnvelope(used.body);
    expect(used.body.message).toBe('You will no longer receive the weekly Revenue report (Last 7 Days).');
    expect((await list(owner)).map((s) => s.id)).toEqual([keep]);

    for (const method of ['POST', 'GET']) {
      const again = await t.call(method, path, { rawBody: 'List-Unsubscribe=One-Click' });
      expect(again.status, method).toBe(404);
      expectErrorEnvelope(again.body);
    }
  });

  it('names the report by the console’s page and range names (Roster & Productivity, Last 3 Months, daily)', async () => {
    await clear(owner);
    const id = (await create(owner, { ...weekly, page: 'roster', range: '3months', frequency: 'daily', weekday: null })).body.data
      .id as number;
    const path = `/api/v1/unsubscribe?token=${unsubscribeToken(testConfig().jwtSecret, id)}`;
    expect((await t.call('GET', path)).body.message).toBe(
      'Stop the daily Roster & Productivity report (Last 3 Months)? POST to this address to unsubscribe',
    );
    expect((await t.call('POST', path)).body.message).toBe(
      'You will no longer receive the daily Roster & Productivity report (Last 3 Months).',
    );
  });

  it('refuses a token that is not a link’s (422) and answers an unknown one 404', async () => {
    expect((await t.call('POST', '/api/v1/unsubscribe?token=short')).status).toBe(422);
    expect((await t.call('POST', '/api/v1/unsubscribe')).status).toBe(422);
    expect((await t.call('POST', `/api/v1/unsubscribe?token=${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('stores only the token’s SHA-256', async () => {
    const rows = await db.selectFrom('report_subscriptions').select('unsubscribe_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.unsubscribe_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the outbox (no SMTP)', () => {
  it('writes a mail’s HTML, attachment and headers to its .eml file', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fc-outbox-'));
    try {
      const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'fc@example.test', dataDir, production: true }, silentLogger);
      await mailer.send({
        to: 'someone@example.com',
        subject: 'Report',
        text: 'plain',
        html: '<p>rich</p>',
        attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', content: new TextEncoder().encode('%PDF-1.7 test') }],
        headers: { 'List-Unsubscribe': '<https://example.test/u?token=x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const [file] = await readdir(join(dataDir, 'outbox'));
      const eml = await readFile(join(dataDir, 'outbox', file!), 'utf8');
      expect(eml).toContain('List-Unsubscribe: <https://example.test/u?token=x>');
      expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(eml).toMatch(/Content-Type: text\/html/);
      expect(eml).toMatch(/Content-Type: application\/pdf; name=report\.pdf/);
      expect(eml).toContain(Buffer.from('%PDF-1.7 test').toString('base64'));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
