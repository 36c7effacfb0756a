import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { findUserByEmail } from '../auth/franchise-users.repository.js';
import { createOwner, ownerInput, OwnerExistsError } from '../auth/owners.js';
import { type Config, loadConfig } from '../config.js';
import { DataDirLockedError, lockDataDir, lockHolder } from '../data-dir-lock.mjs';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { requestOwner } from '../local-endpoint.js';

/**
 * `npm run owner:create -- --email … --name … --franchise "…" [--time-zone Australia/Sydney] [--offline]`:
 * a new franchise and its owner on the configured database (DATABASE_URL, else DATA_DIR), created by
 * the server running on it when one does (docs/operations.md).
 */
const USAGE = `Usage: npm run owner:create -- --email <e-mail> --name "<name>" --franchise "<franchise name>" [--time-zone Australia/Sydney] [--offline]
Creates the owner in the database of DATA_DIR (or DATABASE_URL), through the server running on it when one does.
--offline: create it in a DATA_DIR no server uses even though a server answers on PORT (for a server started on it later).
The password is prompted (not echoed) on a terminal, or read from stdin when piped:
  printf '%s\\n' "$PASSWORD" | npm run owner:create -- --email …`;

/** A mistake of the operator's: printed as it is, without a stack. Exit code 2 for usage, 1 otherwise. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const FLAGS: Record<string, string> = {
  email: '--email',
  name: '--name',
  franchise: '--franchise',
  time_zone: '--time-zone',
  password: 'password',
};

const issueLines = (issues: { path: string; message: string }[]) =>
  `Cannot create the owner:\n${issues.map((i) => `  ${FLAGS[i.path] ?? i.path}: ${i.message}`).join('\n')}`;

function refusal(error: z.ZodError): Refusal {
  return new Refusal(issueLines(error.issues.map((i) => ({ path: String(i.path[0]), message: i.message }))), 2);
}

/** The owner's details from the command line, checked; undefined when only the usage was asked for. */
function parseArguments() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        franchise: { type: 'string' },
        'time-zone': { type: 'string', default: 'Australia/Sydney' },
        offline: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new Refusal(`${(error as Error).message}\n${USAGE}`, 2);
  }
  if (values.help) return undefined;
  const input = { email: values.email ?? '', name: values.name ?? '', franchise: values.franchise ?? '', time_zone: values['time-zone'] };
  const checked = ownerInput.omit({ password: true }).safeParse(input);
  if (!checked.success) throw refusal(checked.error);
  return { ...checked.data, offline: values.offline };
}

type Owner = Omit<z.output<typeof ownerInput>, 'password'>;

/** Reads a line from the terminal without echoing it. */
function promptHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (result: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      result();
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish(() => resolve(value));
        // Ctrl-C, Ctrl-D
        if (ch === '\u0003' || ch === '\u0004') return finish(() => reject(new Refusal('Cancelled.')));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    process.stderr.write(prompt);
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await promptHidden('Password for the new owner: ');
    if ((await promptHidden('Repeat the password: ')) !== first) throw new Refusal('The passwords do not match.');
    return first;
  }
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  // The line break that echo or printf ends the password with is not part of it.
  return text.replace(/\r?\n$/, '');
}

/** Whether a Franchise Console server answers on this machine at `port` (its health call). */
async function serverAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json()) as { data?: { ok?: unknown } };
    return body.data?.ok === true;
  } catch {
    return false;
  }
}

const created = (owner: Owner) => `Created ${owner.franchise} (${owner.time_zone}) and its owner ${owner.email}`;

/** The owner created by the server holding DATA_DIR: the only process that may write its database. */
async function createThroughServer(owner: Owner, dataDir: string, holder: number): Promise<void> {
  const password = await readPassword();
  const refused = await requestOwner(dataDir, { ...owner, password }, (message) => new Refusal(message));
  if (refused?.issues) throw new Refusal(issueLines(refused.issues), 2);
  if (refused) throw new Refusal(refused.message);
  console.log(`${created(owner)} through the server running on DATA_DIR ${resolve(dataDir)} (pid ${holder}): they can sign in now.`);
}

/**
 * The owner written by this process: on PostgreSQL (which every server on it reads), or in a DATA_DIR no
 * server holds. Refused when a server answers on this machine's PORT: it runs on another database, where
 * the operator would sign in and not find the owner, unless `offline` says that is meant.
 */
async function createHere(owner: Owner, config: Config, offline: boolean): Promise<void> {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `DATA_DIR ${resolve(config.dataDir)}`;
  if (!config.databaseUrl && !offline && (await serverAnswers(config.port)))
    throw new Refusal(
      [
        `A Franchise Console server answers on port ${config.port}, but no server uses ${where}, where this would create the owner.`,
        `Run the command with that server's DATA_DIR (or DATABASE_URL), as its start message shows:`,
        `  DATA_DIR=<the server's DATA_DIR> npm run owner:create -- …`,
        `or add --offline to create the owner in ${where} for a server started on it later.`,
      ].join('\n'),
    );
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const db = openDatabase(config);
    try {
      await migrateToLatest(db);
      // Refused before the password is asked for.
      if (await findUserByEmail(db, owner.email)) throw new Refusal(new OwnerExistsError(owner.email).message);
      const password = await readPassword();
      await createOwner(db, { ...owner, password }).catch((error: unknown) => {
        if (error instanceof z.ZodError) throw refusal(error);
        if (error instanceof OwnerExistsError) throw new Refusal(error.message);
        throw error;
      });
    } finally {
      await db.destroy();
    }
  } finally {
    unlock();
  }
  const signIn = config.databaseUrl
    ? 'they can sign in on every server using this DATABASE_URL'
    : `no server uses it now: they can sign in once one starts on it (DATA_DIR=${resolve(config.dataDir)} npm start)`;
  console.log(`${created(owner)} in ${where}; ${signIn}.`);
}

async function main(): Promise<void> {
  const parsed = parseArguments();
  if (!parsed) return console.log(USAGE);
  const { offline, ...owner } = parsed;
  const config = loadConfig();
  const holder = config.databaseUrl ? undefined : lockHolder(config.dataDir);
  if (holder !== undefined) return createThroughServer(owner, config.dataDir, holder);
  await createHere(owner, config, offline);
}

main().catch((error: unknown) => {
  const known = error instanceof Refusal || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exitCode = error instanceof Refusal ? error.exitCode : 1;
});
