import { parseArgs } from 'node:util';
import * as z from 'zod';
import { findUserByEmail } from '../auth/franchise-users.repository.js';
import { createOwner, ownerInput, OwnerExistsError } from '../auth/owners.js';
import { loadConfig } from '../config.js';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.mjs';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * `npm run owner:create -- --email … --name … --franchise "…" [--time-zone Australia/Sydney]`:
 * a new franchise and its owner on the configured database (DATABASE_URL, else DATA_DIR).
 */
const USAGE = `Usage: npm run owner:create -- --email <e-mail> --name "<name>" --franchise "<franchise name>" [--time-zone Australia/Sydney]
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

function refusal(error: z.ZodError): Refusal {
  const lines = error.issues.map((i) => `  ${FLAGS[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`);
  return new Refusal(`Cannot create the owner:\n${lines.join('\n')}`, 2);
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
  return checked.data;
}

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

async function main(): Promise<void> {
  const owner = parseArguments();
  if (!owner) return console.log(USAGE);
  const config = loadConfig();
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
      console.log(`Created ${owner.franchise} (${owner.time_zone}) and its owner ${owner.email}, who can sign in now.`);
    } finally {
      await db.destroy();
    }
  } finally {
    unlock();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof Refusal || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exitCode = error instanceof Refusal ? error.exitCode : 1;
});
