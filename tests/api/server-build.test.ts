import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript (it runs before TypeScript can be loaded), no declarations
import { ensureServerBuilt } from '../../server/build/server-build.mjs';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A project with one server file; the bundle says which version of it was compiled. */
function project(version: string) {
  const root = mkdtempSync(join(tmpdir(), 'fc-server-build-'));
  roots.push(root);
  mkdirSync(join(root, 'server/db'), { recursive: true });
  mkdirSync(join(root, 'server/analytics/exports'), { recursive: true });
  writeFileSync(join(root, 'package-lock.json'), '{}');
  writeFileSync(join(root, 'server/db/pglite-worker.mjs'), `export const worker = '${version}';\n`);
  writeFileSync(join(root, 'server/analytics/exports/pdf-worker.ts'), `export const pdfWorker: string = '${version}';\n`);
  writeFileSync(join(root, 'server/main.ts'), `export const version: string = '${version}';\n`);
  return root;
}

async function build(root: string) {
  const lines: string[] = [];
  const url: string = await ensureServerBuilt({ root, log: (line: string) => lines.push(line) });
  const bundle = fileURLToPath(url);
  const version = /version\s*=\s*"(\w+)"/.exec(readFileSync(bundle, 'utf8'))?.[1];
  // The database thread's entry must sit next to the bundle: pglite-thread.mjs looks for it there.
  expect(readFileSync(join(dirname(bundle), 'pglite-worker.mjs'), 'utf8')).toMatch(/worker\s*=\s*"\w+"/);
  // So must the export thread's: pdf-thread.ts looks for it there too.
  expect(readFileSync(join(dirname(bundle), 'pdf-worker.mjs'), 'utf8')).toMatch(/pdfWorker\s*=\s*"\w+"/);
  return { compiled: lines.length > 0, version };
}

describe('npm start compiles the server ahead of time', () => {
  it('compiles once, reuses the bundle while nothing changed, and recompiles after an edit', async () => {
    const root = project('one');
    expect(await build(root)).toEqual({ compiled: true, version: 'one' });
    expect(await build(root)).toEqual({ compiled: false, version: 'one' });

    writeFileSync(join(root, 'server/main.ts'), `export const version: string = 'two';\n`);
    expect(await build(root)).toEqual({ compiled: true, version: 'two' });
  });

  it('recompiles when a source is restored to an older copy (a checkout) or a file is added', async () => {
    const root = project('one');
    await build(root);
    const past = new Date(Date.now() - 86_400_000);
    writeFileSync(join(root, 'server/main.ts'), `export const version: string = 'old';\n`);
    utimesSync(join(root, 'server/main.ts'), past, past);
    expect(await build(root)).toEqual({ compiled: true, version: 'old' });

    writeFileSync(join(root, 'server/extra.ts'), 'export {};\n');
    expect((await build(root)).compiled).toBe(true);
  });
});
