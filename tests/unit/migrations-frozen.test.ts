import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import landed from '../../server/db/landed-migrations.json';

// A landed migration has already run on operators' databases: editing it changes nothing there, only new ones do.

const DIR = join(import.meta.dirname, '../../server/db/migrations');
const RECORDED: Record<string, string> = landed;

const hashOf = (source: Buffer | string) => createHash('sha256').update(source).digest('hex');

/** The migrations whose file differs from the hash recorded when it landed, and those never recorded or gone. */
function unfrozen(files: Record<string, Buffer | string>, recorded: Record<string, string>): string[] {
  const names = new Set([...Object.keys(files), ...Object.keys(recorded)]);
  return [...names].sort().filter((name) => files[name] === undefined || recorded[name] !== hashOf(files[name]));
}

const onDisk = () =>
  Object.fromEntries(readdirSync(DIR).map((file) => [file.replace(/\.ts$/, ''), readFileSync(join(DIR, file))] as const));

describe('landed migrations are frozen', () => {
  it('every migration file is byte for byte what was recorded when it landed (server/db/landed-migrations.json)', () => {
    expect(unfrozen(onDisk(), RECORDED)).toEqual([]);
  });

  it('names an edited, an unrecorded and a deleted migration', () => {
    const files = onDisk();
    const [first, second] = Object.keys(files).sort();
    const edited = { ...files, [first!]: `${files[first!]!.toString()}\n// reworded\n` };
    expect(unfrozen(edited, RECORDED)).toEqual([first]);
    expect(unfrozen({ ...files, '2099-01-01-01-new': 'export {}' }, RECORDED)).toEqual(['2099-01-01-01-new']);
    const withoutSecond = Object.fromEntries(Object.entries(files).filter(([name]) => name !== second));
    expect(unfrozen(withoutSecond, RECORDED)).toEqual([second]);
  });
});
