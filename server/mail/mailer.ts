import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BIDI_CONTROLS, CONTROL_CHARACTERS } from '@contract/text.js';
import type { Logger } from '../logger.js';

export type MailAttachment = { filename: string; content: Uint8Array; contentType: string };
/** `html` is an alternative to `text`; `headers` are added as given (e.g. List-Unsubscribe). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
};
export type Mailer = { send(message: MailMessage): Promise<void> };

const BIDI_CONTROL = new RegExp(BIDI_CONTROLS, 'gu');
const CONTROL_RUN = new RegExp(`[${CONTROL_CHARACTERS}]+`, 'gu');
const CONTROL_BUT_LINE_FEED = new RegExp(`(?!\\n)[${CONTROL_CHARACTERS}]`, 'gu');

/**
 * A message without what names stored before their check (contract/text.ts) may hold: bidirectional controls go
 * everywhere; in the subject each run of control characters becomes a space, so it stays one header line; the text and
 * HTML keep their line feeds only.
 */
function withoutControls({ subject, text, html, ...rest }: MailMessage): MailMessage {
  const body = (part: string) => part.replace(BIDI_CONTROL, '').replace(CONTROL_BUT_LINE_FEED, '');
  return {
    ...rest,
    subject: subject.replace(BIDI_CONTROL, '').replace(CONTROL_RUN, ' '),
    text: body(text),
    ...(html === undefined ? {} : { html: body(html) }),
  };
}

/** nodemailer's form of a message, the one way out for every mail: without control characters, attachments as Buffers. */
const nodemailerMessage = (from: string, message: MailMessage) => {
  const { attachments, ...plain } = withoutControls(message);
  return {
    from,
    ...plain,
    ...(attachments
      ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })) }
      : {}),
  };
};

/** Loaded on the first mail, not at start: nodemailer is a large module and most starts send none. */
function onFirstUse<T>(create: (nodemailer: typeof import('nodemailer')) => T): () => Promise<T> {
  let transport: Promise<T> | undefined;
  return () => (transport ??= import('nodemailer').then((m) => create(m.default)));
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox and,
 * outside production, its links are logged, so password reset works on a fresh machine with no mail
 * server. A production log never carries a link: whoever reads the log could take over the account.
 */
export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string; production: boolean },
  logger: Logger,
): Mailer {
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    const transport = onFirstUse((m) => m.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport()).sendMail(nodemailerMessage(config.mailFrom, message));
      },
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  const transport = onFirstUse((m) => m.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(message) {
      const info = await (await transport()).sendMail(nodemailerMessage(config.mailFrom, message));
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(join(outbox, name), info.message as Buffer, { mode: 0o600 });
      if (!config.production) {
        for (const link of message.text.match(/https?:\/\/\S+/g) ?? []) logger.info(`Link in the mail to ${message.to}: ${link}`);
      }
      logger.info(`Mail to ${message.to} written to ${join(outbox, name)}`);
    },
  };
}

/** For tests: keeps messages in memory. */
export function memoryMailer(): Mailer & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
  };
}
