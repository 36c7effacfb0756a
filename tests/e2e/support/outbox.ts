import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function latestResetLink(dataDir: string): string | undefined {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return undefined;
  const last = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .at(-1);
  if (!last) return undefined;
  // Undo quoted-printable soft breaks and escapes before looking for the link.
  const raw = readFileSync(join(outbox, last), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
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
