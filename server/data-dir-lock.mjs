// Plain JavaScript: `npm start` takes the lock (scripts/start.mjs) before any TypeScript is loaded.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const DEFAULT_DATA_DIR = './data';

export class DataDirLockedError extends Error {}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error.code === 'EPERM';
  }
}

const lockFile = (dataDir) => join(dataDir, 'server.lock');

/** The pid of the live process holding DATA_DIR, or undefined when none does. */
export function lockHolder(dataDir) {
  let owner;
  try {
    owner = Number.parseInt(readFileSync(lockFile(dataDir), 'utf8'), 10);
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
  return Number.isInteger(owner) && isAlive(owner) ? owner : undefined;
}

/**
 * Takes DATA_DIR for this process: two writers on one PGlite directory lose data. A lock left by
 * a process that no longer runs is taken over. Returns the function that releases the lock.
 */
export function lockDataDir(dataDir, pid = process.pid) {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const owner = lockHolder(dataDir);
      if (owner !== undefined && owner !== pid) {
        throw new DataDirLockedError(
          `Another Franchise Console process (pid ${owner}) is using DATA_DIR ${resolve(dataDir)}; stop it or set another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${resolve(dataDir)}; remove ${file} if no server is running.`);
}
