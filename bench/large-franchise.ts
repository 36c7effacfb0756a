/**
 * The bench's large franchises, built with `npm run seed -- --restaurants <n> --days <n>` once per
 * generator version (minutes) and kept: on the embedded database in a DATA_DIR under
 * node_modules/.cache, on PostgreSQL as a database of their own. Copies of several sizes coexist;
 * those of another generator version are removed when a new one is built.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export type Size = { restaurants: number; days: number };
export type Account = { email: string; password: string };
/** A built franchise: the embedded database's DATA_DIR, or the PostgreSQL database's URL. */
export type LargeFranchise = { size: Size; account: Account; dataDir?: string; databaseUrl?: string };

export const CACHE_ROOT = join('node_modules', '.cache', 'franchise-console-bench');

/**
 * What decides the large franchise's rows and schema: a change rebuilds it, otherwise the kept copy is
 * reused (request-time code such as the queries is left out, so tuning them does not cost a rebuild).
 */
export function generatorKey(): string {
  const hash = createHash('sha256');
  const walk = (path: string): string[] =>
    statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => walk(join(path, name))) : [path];
  const generator = [
    'server/analytics/calendar.ts',
    'server/analytics/demo',
    'server/analytics/ingest.ts',
    'server/analytics/rollups.ts',
    'server/analytics/write',
    'server/db/migrations',
    'server/db/seed',
    'server/db/seed.ts',
    'server/db/seed-cli.ts',
    'package-lock.json',
  ];
  for (const file of generator.flatMap(walk).sort()) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

const sizeName = (size: Size) => `${size.restaurants}x${size.days}`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/**
 * A copy of another generator version, or a build left over from a crash (a build's name ends with
 * its process id); a build still running is left alone, whatever its version.
 */
const isStale = (name: string, key: string) => {
  const pid = /[._]building[-_](\d+)$/.exec(name)?.[1];
  return pid === undefined ? !name.includes(key) : !alive(Number(pid));
};

/** Runs the seed on `env`'s database and returns the owner's account it printed. */
function seed(size: Size, env: Record<string, string>, log: (line: string) => void): Account {
  log(`Building the large franchise (${size.restaurants} restaurants × ${size.days} days); kept for later runs…`);
  const t = performance.now();
  const run = spawnSync('npm', ['run', '--silent', 'seed', '--', '--restaurants', String(size.restaurants), '--days', String(size.days)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`npm run seed exited with ${run.status}: ${run.stdout}`);
  const printed = /Large franchise: (\S+) \/ (\S+)/.exec(run.stdout);
  if (!printed) throw new Error(`npm run seed did not print the large franchise's account:\n${run.stdout}`);
  log(`  built in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  return { email: printed[1]!, password: printed[2]! };
}

/** The franchise on the embedded database, in CACHE_ROOT/large-<restaurants>x<days>-<key> with the account it printed. */
export function embeddedFranchise(size: Size, log: (line: string) => void): LargeFranchise {
  const key = generatorKey();
  const dir = join(CACHE_ROOT, `large-${sizeName(size)}-${key}`);
  const accountFile = join(dir, 'account.json');
  const kept = () => ({ size, dataDir: dir, account: JSON.parse(readFileSync(accountFile, 'utf8')) as Account });
  if (existsSync(accountFile)) return kept();
  mkdirSync(CACHE_ROOT, { recursive: true });
  for (const name of readdirSync(CACHE_ROOT))
    if (name.startsWith('large-') && isStale(name, key)) rmSync(join(CACHE_ROOT, name), { recursive: true, force: true });
  const building = `${dir}.building-${process.pid}`;
  const account = seed(size, { DATA_DIR: building, DATABASE_URL: '' }, log);
  writeFileSync(join(building, 'account.json'), JSON.stringify(account));
  // Another run may have built the same copy meanwhile: the first one stays.
  if (existsSync(accountFile)) rmSync(building, { recursive: true, force: true });
  else renameSync(building, dir);
  return kept();
}

/**
 * The franchise on the PostgreSQL server of `serverUrl` (a role that may create databases), in a
 * database fc_bench_<restaurants>x<days>_<key> created for it; its account is kept in CACHE_ROOT.
 */
export async function postgresFranchise(serverUrl: string, size: Size, log: (line: string) => void): Promise<LargeFranchise> {
  const key = generatorKey();
  const name = `fc_bench_${sizeName(size)}_${key}`;
  const urlOf = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const server = new URL(serverUrl).host;
  const accountFile = join(CACHE_ROOT, `pg-${sizeName(size)}-${key}.json`);
  const saved = existsSync(accountFile) ? (JSON.parse(readFileSync(accountFile, 'utf8')) as { server: string; account: Account }) : null;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'fc\\_bench\\_%'`);
    if (saved?.server === server && rows.some((r) => r.datname === name)) return { size, account: saved.account, databaseUrl: urlOf(name) };
    for (const { datname } of rows)
      if (datname === name || isStale(datname, key)) await admin.query(`drop database if exists "${datname}" with (force)`);
    const building = `${name}_building_${process.pid}`;
    await admin.query(`create database "${building}"`);
    // The seed takes DATA_DIR's lock only for the embedded database; a scratch one keeps the default untouched.
    const scratch = mkdtempSync(join(tmpdir(), 'fc-bench-seed-'));
    let account: Account;
    try {
      account = seed(size, { DATABASE_URL: urlOf(building), DATA_DIR: scratch }, log);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    await admin.query(`alter database "${building}" rename to "${name}"`);
    mkdirSync(CACHE_ROOT, { recursive: true });
    for (const file of readdirSync(CACHE_ROOT)) if (file.startsWith('pg-') && isStale(file, key)) rmSync(join(CACHE_ROOT, file));
    writeFileSync(accountFile, JSON.stringify({ server, account }));
    return { size, account, databaseUrl: urlOf(name) };
  } finally {
    await admin.end();
  }
}

/** Signs in as the franchise's owner on the server at `url`: the bearer token and the owner's id. */
export async function signInOwner(url: string, account: Account): Promise<{ token: string; userId: number }> {
  const login = await fetch(`${url}/api/v1/franchise/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { access_token: token, user } = ((await login.json()) as { data: { access_token: string; user: { id: number } } }).data;
  return { token, userId: user.id };
}
