import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function latestResetLink(dataDir: string): string | undefined {
  const last = mailFiles(dataDir).at(-1);
  if (!last) return undefined;
  // Undo quoted-printable soft breaks and escapes before looking for the link.
  const raw = decodeQuotedPrintable(readFileSync(join(dataDir, 'outbox', last), 'utf8')).toString('utf8');
  return raw.match(/https?:\/\/[^\s"<>]+\/change-password\?token=[A-Za-z0-9_-]+/)?.[0];
}

/** The server sends mail in the background: wait for the newest reset link in DATA_DIR/outbox. */
export async function waitForResetLink(dataDir: string, previous?: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const link = latestResetLink(dataDir);
    if (link && link !== previous) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no reset mail in ${dataDir}/outbox`);
}

/** A mail read back from its .eml: headers (unfolded, encoded words decoded), its text and HTML, and its attachments. */
export type OutboxMail = {
  headers: Map<string, string>;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

const decodeQuotedPrintable = (body: string): Buffer => {
  const bytes: number[] = [];
  const flat = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < flat.length; i++) {
    const hex = flat[i] === '=' ? flat.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(flat[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
};

/** RFC 2047 words ("=?UTF-8?Q?Revenue_report?="); the space between two of them is not text. */
const decodeWords = (value: string) =>
  value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, word: string) =>
      (encoding.toUpperCase() === 'B' ? Buffer.from(word, 'base64') : decodeQuotedPrintable(word.replace(/_/g, ' '))).toString('utf8'),
    );

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: end === -1 ? '' : raw.slice(end + 2) };
}

function readPart(raw: string, mail: OutboxMail): void {
  const { headers, body } = splitPart(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) if (!part.startsWith('--')) readPart(part.replace(/^\n/, '').replace(/\n$/, ''), mail);
    return;
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const content =
    encoding === 'base64' ? Buffer.from(body, 'base64') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : Buffer.from(body);
  const filename = headers.get('content-disposition')?.match(/filename="?([^";]+)"?/)?.[1];
  if (filename) mail.attachments.push({ filename, contentType: type.split(';')[0]!, content });
  else if (type.startsWith('text/html')) mail.html = content.toString('utf8');
  else mail.text = content.toString('utf8');
}

export function readMail(file: string): OutboxMail {
  const raw = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const mail: OutboxMail = { headers: splitPart(raw).headers, text: '', html: '', attachments: [] };
  readPart(raw, mail);
  return mail;
}

const mailFiles = (dataDir: string) =>
  existsSync(join(dataDir, 'outbox'))
    ? readdirSync(join(dataDir, 'outbox'))
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];

/** The newest mail of DATA_DIR/outbox once there are more than `before` of them (the server may still be writing it). */
export async function waitForMail(dataDir: string, before: number): Promise<OutboxMail> {
  for (let i = 0; i < 40; i++) {
    const files = mailFiles(dataDir);
    if (files.length > before) return readMail(join(dataDir, 'outbox', files.at(-1)!));
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no new mail in ${dataDir}/outbox`);
}

export const mailCount = (dataDir: string) => mailFiles(dataDir).length;
