import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as initial from './migrations/2026-11-22-01-initial.js';
import * as sessionFamilies from './migrations/2026-11-23-01-session-families.js';

// Static list: works the same under tsx, vitest and a bundle, with no directory scanning.
const migrations: Record<string, Migration> = {
  '2026-11-22-01-initial': initial,
  '2026-11-23-01-session-families': sessionFamilies,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
