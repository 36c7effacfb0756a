import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { createApp } from '../../server/app';
import { silentLogger } from '../../server/logger';
import * as singleLineNames from '../../server/db/migrations/2026-11-28-06-single-line-names';
import { createMailer } from '../../server/mail/mailer';
import { OWNER, START, testConfig } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'fc-mail-controls-'));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Quoted-printable (`_` a space in an encoded word) to text. */
function fromQuotedPrintable(text: string, underscoreIsSpace = false): string {
  const bytes: number[] = [];
  const s = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(underscoreIsSpace && s[i] === '_' ? ' ' : s[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's value as a mail client reads it: unfolded, RFC 2047 words decoded; undefined when there is none. */
function headerValue(headers: string, name: string): string | undefined {
  const line = headers
    .replace(/\r?\n(?=[ \t])/g, '')
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line
    ?.slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : fromQuotedPrintable(word, true),
    );
}

describe("names stored before they were checked, cleaned by migration 2026-11-28-06, and the mailer's own cleaning", () => {
  it('an invitation from an owner and franchise stored with CR/LF, TAB and bidirectional controls: one subject line, no injected line in the body', async () => {
    // Stored straight in the database, as names saved before the names' check could be.
    await database.db.updateTable('franchises').set({ name: 'Harbour\r\nBcc: thief@example.net\u202E Eats' }).where('id', '=', 1).execute();
    await database.db
      .updateTable('franchise_users')
      .set({ name: 'Olive\u2067 Owner\r\nReply-To: thief@example.net\t\u200F' })
      .where('email', '=', OWNER.email)
      .execute();
    await singleLineNames.up(database.db as unknown as Kysely<unknown>);
    const config = testConfig({ dataDir, production: true });
    const app = createApp({
      db: database.db,
      config,
      clock: () => START,
      mailer: createMailer(config, silentLogger),
      logger: silentLogger,
    });
    const call = async (path: string, init: { token?: string; body: unknown }) =>
      app.request(
        `/api/v1/franchise/${path}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
          body: JSON.stringify(init.body),
        },
        { incoming: { socket: { remoteAddress: '203.0.113.1' } } },
      );
    const login = await call('login', { body: OWNER });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as any).data.access_token;
    const invited = await call('team', {
      token,
      body: { email: 'new.member@example.com', name: 'Nina New', role: 'manager', restaurant_ids: [1] },
    });
    expect(invited.status, await invited.clone().text()).toBe(201);

    const [file, ...others] = await readdir(join(dataDir, 'outbox'));
    expect(others).toEqual([]);
    const raw = await readFile(join(dataDir, 'outbox', file!), 'utf8');
    const split = raw.search(/\r?\n\r?\n/);
    const headers = raw.slice(0, split);
    const encoded = raw.slice(split).replace(/^\r?\n\r?\n/, '');
    const body = /content-transfer-encoding:\s*quoted-printable/i.test(headers) ? fromQuotedPrintable(encoded) : encoded;

    expect(headerValue(headers, 'Subject')).toBe('You are invited to Harbour Bcc: thief@example.net Eats on Franchise Console');
    expect(headerValue(headers, 'Bcc')).toBeUndefined();
    expect(headerValue(headers, 'Reply-To')).toBeUndefined();
    expect(body).toContain(
      'Hello Nina New,\n\nOlive Owner Reply-To: thief@example.net invited you to Harbour Bcc: thief@example.net Eats on',
    );
    expect(body).not.toMatch(/^(Reply-To|Bcc):/im);
    expect(body).not.toMatch(/[\p{Bidi_Control}\r\t]/u);
  });

  it('the mailer keeps a subject one line and drops controls from an HTML alternative too, keeping its line feeds', async () => {
    const outbox = join(dataDir, 'html');
    const mailer = createMailer({ ...testConfig({ production: true }), dataDir: outbox }, silentLogger);
    await mailer.send({
      to: 'someone@example.com',
      subject: 'Alert: Bondi\u202E\r\nBcc: thief@example.net\tnow',
      text: 'Revenue fell at Bondi\u202E.\n',
      html: '<p>Revenue fell at <b>Bondi\u2066\u202E</b>.</p>\r\n<p>\tSee the console.</p>\n',
    });
    const [file] = await readdir(join(outbox, 'outbox'));
    const raw = await readFile(join(outbox, 'outbox', file!), 'utf8');
    const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
    expect(headerValue(headers, 'Subject')).toBe('Alert: Bondi Bcc: thief@example.net now');
    expect(headerValue(headers, 'Bcc')).toBeUndefined();
    const decoded = fromQuotedPrintable(raw);
    expect(decoded).toContain('<p>Revenue fell at <b>Bondi</b>.</p>\n<p>See the console.</p>\n');
    expect(decoded).toContain('Revenue fell at Bondi.\n');
    expect(decoded).not.toMatch(/\p{Bidi_Control}/u);
  });
});
